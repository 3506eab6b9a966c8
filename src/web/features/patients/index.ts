/** What other features may use of patients; everything else in this folder is its own. */
export { patientRecordQueryOptions, usePatientList, usePractitioners } from './api';
export { PractitionerFilter } from './practitioner-filter';
