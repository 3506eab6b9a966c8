/** What other features may use of patients; everything else in this folder is its own. */
export { usePractitioners } from './api';
export { PatientPicker } from './patient-picker';
export { PractitionerFilter } from './practitioner-filter';
