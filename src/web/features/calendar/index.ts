/** What other features may use of calendar; everything else in this folder is its own. */
export { AppointmentDetailsDialog } from './appointment-details-dialog';
