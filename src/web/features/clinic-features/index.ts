/** What other features may use of the clinic's capabilities. */
export {
  clinicFeatureKeys,
  useCareBetweenVisits,
  useClinicFeatures,
  useDataExchange,
  useSaveClinicFeatures,
} from './api';
export { CareBetweenVisitsCard, DataExchangeCard } from './lazy-card';
