import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PatientConsent } from '../../../shared/onboarding';
import type {
  CreatePatientInput,
  PatientPage,
  PatientRecord,
  PatientSummary,
  UpdatePatientInput,
} from '../../../shared/patients';
import type { PractitionerOption } from '../../../shared/practitioners';
import { api } from '../../lib/api-client';
import { type ListFilters, listQueryString } from './list-params';

export const patientKeys = {
  all: ['/api/patients'] as const,
  lists: ['/api/patients', 'list'] as const,
  list: (filters: ListFilters) => ['/api/patients', 'list', filters] as const,
  record: (id: string) => ['/api/patients', 'record', id] as const,
  consents: (id: string) => ['/api/patients', 'consents', id] as const,
  practitioners: ['/api/practitioners'] as const,
};

export const patientListQueryOptions = (filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: patientKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<PatientPage>(`/api/patients?${listQueryString(filters, pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const usePatientList = (filters: ListFilters) => useInfiniteQuery(patientListQueryOptions(filters));

export const patientRecordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.record(id),
    queryFn: ({ signal }) => api.get<PatientRecord>(`/api/patients/${encodeURIComponent(id)}`, { signal }),
    // A record out of reach is 404 and stays so; asking again only delays the message.
    retry: false,
  });

export const usePatientRecord = (id: string) => useQuery(patientRecordQueryOptions(id));

/** The consents the patient signed (typed name, time, address), oldest first as the server keeps them. */
export const useConsents = (id: string) =>
  useQuery({
    queryKey: patientKeys.consents(id),
    queryFn: ({ signal }) =>
      api.get<PatientConsent[]>(`/api/patients/${encodeURIComponent(id)}/consents`, { signal }),
    retry: false,
  });

export const practitionersQueryOptions = queryOptions({
  queryKey: patientKeys.practitioners,
  queryFn: ({ signal }) => api.get<PractitionerOption[]>('/api/practitioners', { signal }),
  staleTime: 5 * 60_000,
});

export const usePractitioners = (enabled: boolean) => useQuery({ ...practitionersQueryOptions, enabled });

const summaryOf = (record: PatientRecord): PatientSummary => ({
  id: record.id,
  firstName: record.firstName,
  lastName: record.lastName,
  email: record.email,
  phone: record.phone,
  dateOfBirth: record.dateOfBirth,
  status: record.status,
  createdAt: record.createdAt,
});

/** The record as the server answered it, in its own cache and in every list page that shows that patient. */
export function storeRecord(queryClient: QueryClient, record: PatientRecord) {
  queryClient.setQueryData(patientKeys.record(record.id), record);
  queryClient.setQueriesData<InfiniteData<PatientPage>>({ queryKey: patientKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === record.id ? summaryOf(record) : item)),
          })),
        }
      : data,
  );
}

const patientPath = (id: string) => `/api/patients/${encodeURIComponent(id)}`;

export function useUpdatePatient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePatientInput) => api.patch<PatientRecord>(patientPath(id), input),
    onSuccess: (record) => storeRecord(queryClient, record),
  });
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePatientInput) => api.post<PatientRecord>('/api/patients', input),
    onSuccess: async (record) => {
      queryClient.setQueryData(patientKeys.record(record.id), record);
      // Where the new patient lands depends on each list's search, filters and sort: the server decides.
      await queryClient.invalidateQueries({ queryKey: patientKeys.lists });
    },
  });
}

export function useDeactivatePatient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PatientRecord>(`${patientPath(id)}/deactivate`),
    onSuccess: (record) => storeRecord(queryClient, record),
  });
}

export function useCareTeamChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ practitionerId, assign }: { practitionerId: string; assign: boolean }) => {
      const path = `${patientPath(id)}/practitioners/${encodeURIComponent(practitionerId)}`;
      return assign ? api.post<PatientRecord>(path) : api.delete<PatientRecord>(path);
    },
    onSuccess: async (record) => {
      storeRecord(queryClient, record);
      // A list filtered by practitioner may gain or lose this patient.
      await queryClient.invalidateQueries({ queryKey: patientKeys.lists });
    },
  });
}
