/** What other features may use of the clinic's capabilities. */
export {
  clinicFeatureKeys,
  useCareBetweenVisits,
  useClinicFeatures,
  useDataExchange,
  useSaveClinicFeatures,
  useVideoVisits,
} from './api';
export { CareBetweenVisitsCard, DataExchangeCard, VideoVisitsCard } from './lazy-card';
