import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClinicFeaturesAnswer, ClinicFeaturesChange } from '../../../shared/clinic-features';
import { api } from '../../lib/api-client';

/** The clinic's optional capabilities (all off on a new clinic); screens that offer one read it here. */
export const clinicFeatureKeys = { features: ['/api/clinic/features'] as const };

/** Every signed-in user reads them; they change rarely. */
export const useClinicFeatures = (enabled = true) =>
  useQuery({
    queryKey: clinicFeatureKeys.features,
    queryFn: async ({ signal }) =>
      (await api.get<ClinicFeaturesAnswer>('/api/clinic/features', { signal })).features,
    enabled,
    staleTime: 60_000,
  });

/** True only once the clinic is known to have care between visits on (never while the answer is loading). */
export const useCareBetweenVisits = () => useClinicFeatures().data?.careBetweenVisits === true;

/** True only once the clinic is known to have data exchange on (the FHIR endpoint and the patient's copy). */
export const useDataExchange = () => useClinicFeatures().data?.dataExchange === true;

/** True only once the clinic is known to have video visits on (the Telehealth page and the call). */
export const useVideoVisits = () => useClinicFeatures().data?.videoVisits === true;

export function useSaveClinicFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (features: ClinicFeaturesChange) =>
      (await api.put<ClinicFeaturesAnswer>('/api/clinic/features', features)).features,
    onSuccess: (features) => queryClient.setQueryData(clinicFeatureKeys.features, features),
  });
}
