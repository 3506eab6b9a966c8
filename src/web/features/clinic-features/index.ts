/** What other features may use of the clinic's capabilities. */
export { clinicFeatureKeys, useCareBetweenVisits, useClinicFeatures, useSaveClinicFeatures } from './api';
export { CareBetweenVisitsCard } from './lazy-card';
