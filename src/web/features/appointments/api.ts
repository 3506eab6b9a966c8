import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PatientRecord } from '../../../shared/patients';
import {
  APPOINTMENT_PAGE_MAX,
  type Appointment,
  type AppointmentPage,
  type Availability,
  type CancelAppointmentInput,
  type CreateAppointmentInput,
  type ServiceType,
  type SlotsAnswer,
  type UndoNoShowAnswer,
  type UpdateAppointmentInput,
} from '../../../shared/scheduling';
import { api } from '../../lib/api-client';
import { invalidateFees } from '../billing-fees/live';
import { type AppointmentFilters, appointmentQueryString } from './list-params';
import { invalidateAppointments } from './live';

/** Every key starts with '/api/appointments', which live.ts invalidates when the server says one changed. */
export const appointmentKeys = {
  all: ['/api/appointments'] as const,
  lists: ['/api/appointments', 'list'] as const,
  list: (filters: AppointmentFilters) => ['/api/appointments', 'list', filters] as const,
  ranges: ['/api/appointments', 'range'] as const,
  range: (range: CalendarRange) => ['/api/appointments', 'range', range] as const,
  appointment: (id: string) => ['/api/appointments', 'one', id] as const,
};

export type SlotQuery = { practitionerId: string; serviceTypeId: string; from: string; to: string };

export const schedulingKeys = {
  serviceTypes: ['/api/service-types'] as const,
  availability: (practitionerId: string) => ['/api/practitioners', practitionerId, 'availability'] as const,
  slots: ({ practitionerId, serviceTypeId, from, to }: SlotQuery) =>
    ['/api/practitioners', practitionerId, 'slots', serviceTypeId, from, to] as const,
  myRecord: ['/api/patients', 'me'] as const,
};

const appointmentPath = (id: string) => `/api/appointments/${encodeURIComponent(id)}`;

/** The appointments page: one scope with its filters, paged by cursor. */
export const appointmentListQueryOptions = (filters: AppointmentFilters) =>
  infiniteQueryOptions({
    queryKey: appointmentKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<AppointmentPage>(`/api/appointments?${appointmentQueryString(filters, pageParam)}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useAppointmentList = (filters: AppointmentFilters) =>
  useInfiniteQuery(appointmentListQueryOptions(filters));

/** The calendar's window: instants from the first shown midnight to the one after the last day. */
export type CalendarRange = { from: string; to: string; practitionerId: string };

/** A calendar shows every appointment in its window, so every page of the window is read. */
export const appointmentRangeQueryOptions = (range: CalendarRange) =>
  queryOptions({
    queryKey: appointmentKeys.range(range),
    queryFn: async ({ signal }) => {
      const items: Appointment[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({
          from: range.from,
          to: range.to,
          limit: String(APPOINTMENT_PAGE_MAX),
        });
        if (range.practitionerId) query.set('practitionerId', range.practitionerId);
        if (cursor) query.set('cursor', cursor);
        const page: AppointmentPage = await api.get<AppointmentPage>(`/api/appointments?${query}`, {
          signal,
        });
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    },
  });

export const useAppointmentRange = (range: CalendarRange) => useQuery(appointmentRangeQueryOptions(range));

/** One appointment, e.g. the one a notification links to; out of reach is 404 and stays so. */
export const useAppointment = (id: string) =>
  useQuery({
    queryKey: appointmentKeys.appointment(id),
    queryFn: ({ signal }) => api.get<Appointment>(appointmentPath(id), { signal }),
    enabled: Boolean(id),
    retry: false,
  });

export const useServiceTypes = (enabled = true) =>
  useQuery({
    queryKey: schedulingKeys.serviceTypes,
    queryFn: ({ signal }) => api.get<ServiceType[]>('/api/service-types', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

/** A practitioner's hours, overrides and time off; the calendar shades their working hours from it. */
const availabilityQuery = (practitionerId: string) => ({
  queryKey: schedulingKeys.availability(practitionerId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<Availability>(`/api/practitioners/${encodeURIComponent(practitionerId)}/availability`, {
      signal,
    }),
  enabled: Boolean(practitionerId),
  staleTime: 60_000,
  retry: false,
});

export const useAvailability = (practitionerId: string) => useQuery(availabilityQuery(practitionerId));

/** The availability of several practitioners at once (the day view of everyone), by practitioner id. */
export function useAvailabilities(practitionerIds: string[]): Map<string, Availability> {
  return useQueries({
    queries: practitionerIds.map(availabilityQuery),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) =>
          result.data ? [[practitionerIds[index], result.data] as const] : [],
        ),
      ),
  });
}

/** Free times of one practitioner for one service between two days of their zone. */
export const useSlots = ({ practitionerId, serviceTypeId, from, to }: SlotQuery) =>
  useQuery({
    queryKey: schedulingKeys.slots({ practitionerId, serviceTypeId, from, to }),
    queryFn: ({ signal }) =>
      api.get<SlotsAnswer>(
        `/api/practitioners/${encodeURIComponent(practitionerId)}/slots?${new URLSearchParams({
          serviceTypeId,
          from,
          to,
        })}`,
        { signal },
      ),
    enabled: Boolean(practitionerId && serviceTypeId && from && to),
  });

/** The signed-in patient's own record: their care team is who they may request a time from. */
export const useMyRecord = (enabled: boolean) =>
  useQuery({
    queryKey: schedulingKeys.myRecord,
    queryFn: ({ signal }) => api.get<PatientRecord>('/api/patients/me', { signal }),
    enabled,
    staleTime: 60_000,
  });

/** Every change is answered with the whole appointment; lists and windows are asked again. */
function useAppointmentWrite<Input>(request: (input: Input) => Promise<Appointment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (appointment) => {
      queryClient.setQueryData(appointmentKeys.appointment(appointment.id), appointment);
      await invalidateAppointments(queryClient);
    },
  });
}

export const useCreateAppointment = () =>
  useAppointmentWrite((input: CreateAppointmentInput) => api.post<Appointment>('/api/appointments', input));

export const useUpdateAppointment = () =>
  useAppointmentWrite(({ id, changes }: { id: string; changes: UpdateAppointmentInput }) =>
    api.patch<Appointment>(appointmentPath(id), changes),
  );

export const useCancelAppointment = () =>
  useAppointmentWrite(({ id, ...input }: CancelAppointmentInput & { id: string }) =>
    api.post<Appointment>(`${appointmentPath(id)}/cancel`, input),
  );

export type StatusAction = 'confirm' | 'check-in' | 'complete' | 'no-show';

export const useAppointmentAction = () =>
  useAppointmentWrite(({ id, action }: { id: string; action: StatusAction }) =>
    api.post<Appointment>(`${appointmentPath(id)}/${action}`),
  );

/** Staff take a no-show back with a reason; the fee lists ask again, since its fee may be withdrawn. */
export function useUndoNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<UndoNoShowAnswer>(`${appointmentPath(id)}/undo-no-show`, { reason }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(appointmentKeys.appointment(answer.appointment.id), answer.appointment);
      await Promise.all([invalidateAppointments(queryClient), invalidateFees(queryClient)]);
    },
  });
}
