/** The patient's copy of their record (My Account, Settings, "Download my record"). */
export { DownloadRecordCard } from './download-record-card';
