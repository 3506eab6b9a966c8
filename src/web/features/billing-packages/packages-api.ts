import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PackageInput,
  PackageListAnswer,
  PatientPackagesAnswer,
  SessionPackage,
} from '../../../shared/billing-packages';
import { api } from '../../lib/api-client';

/** The package catalogue and the packages patients hold: their own keys, apart from the invoices'. */
export const packageKeys = {
  catalogue: ['/api/billing/packages'] as const,
  held: ['/api/billing/patient-packages'] as const,
  heldBy: (patientId: string | null) => ['/api/billing/patient-packages', patientId ?? 'mine'] as const,
};

const packagePath = (id: string) => `/api/billing/packages/${encodeURIComponent(id)}`;

/** The catalogue, asked only while session billing is on (the parent knows). */
export const usePackages = (enabled: boolean) =>
  useQuery({
    queryKey: packageKeys.catalogue,
    queryFn: async ({ signal }) =>
      (await api.get<PackageListAnswer>('/api/billing/packages', { signal })).packages,
    enabled,
  });

/** The packages a patient holds: the caller's own (null), or a named patient's. */
export const useHeldPackages = (patientId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: packageKeys.heldBy(patientId),
    queryFn: async ({ signal }) =>
      (
        await api.get<PatientPackagesAnswer>(
          patientId
            ? `/api/billing/patient-packages?patientId=${encodeURIComponent(patientId)}`
            : '/api/billing/patient-packages',
          { signal },
        )
      ).packages,
    enabled,
  });

export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { id: string | null; input: PackageInput }) =>
      (
        await (change.id
          ? api.put<{ package: SessionPackage }>(packagePath(change.id), change.input)
          : api.post<{ package: SessionPackage }>('/api/billing/packages', change.input))
      ).package,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.catalogue }),
  });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(packagePath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.catalogue }),
  });
}
