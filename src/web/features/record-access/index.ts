/** What other features may use of record-access; everything else in this folder is its own. */
export { AccessLog } from './access-log';
