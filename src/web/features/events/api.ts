import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendeesAnswer,
  CreateEventInput,
  EventAnswer,
  EventsAnswer,
  RegistrationAnswer,
  UpdateEventInput,
} from '../../../shared/events';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { invalidateEvents } from './live';

/** Under EVENT_QUERIES, so a pushed change reaches them. */
export const eventKeys = {
  upcoming: ['/api/events'] as const,
  admin: (include: 'upcoming' | 'all') => ['/api/admin/events', include] as const,
  attendees: (id: string) => ['/api/admin/events', 'attendees', id] as const,
};

export const useUpcomingEvents = () =>
  useQuery({
    queryKey: eventKeys.upcoming,
    queryFn: ({ signal }) => api.get<EventsAnswer>('/api/events', { signal }),
  });

export const useAdminEvents = (include: 'upcoming' | 'all') =>
  useQuery({
    queryKey: eventKeys.admin(include),
    queryFn: ({ signal }) => api.get<EventsAnswer>(`/api/admin/events?include=${include}`, { signal }),
  });

export const useAttendees = (id: string | null) =>
  useQuery({
    queryKey: eventKeys.attendees(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<AttendeesAnswer>(`/api/admin/events/${id}/attendees`, { signal }),
  });

export type RegistrationAction = 'register' | 'cancel' | 'accept';
const ACTION_PATHS: Record<RegistrationAction, string> = {
  register: 'registration',
  cancel: 'registration/cancel',
  accept: 'registration/accept',
};

/** Register, cancel (or leave the waitlist, or decline an offer) and accept an offered seat. */
export function useRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, action }: { eventId: string; action: RegistrationAction }) =>
      api.post<RegistrationAnswer>(`/api/events/${eventId}/${ACTION_PATHS[action]}`),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

/** After the card went through: the server asks the provider and confirms the held seat. */
export function useConfirmRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, paymentIntentId }: { eventId: string; paymentIntentId: string }) =>
      api.post<RegistrationAnswer>(`/api/events/${eventId}/registration/confirm`, { paymentIntentId }),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateEventInput | UpdateEventInput }) =>
      id ? api.patch<EventAnswer>(`/api/events/${id}`, input) : api.post<EventAnswer>('/api/events', input),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<EventAnswer>(`/api/events/${id}/cancel`),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, registrationId }: { eventId: string; registrationId: string }) =>
      api.post(`/api/admin/events/${eventId}/attendees/${registrationId}/check-in`),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

/** Downloads the attendee list as the server's CSV file. */
export async function downloadAttendeesCsv(eventId: string) {
  await downloadFile(`/api/admin/events/${eventId}/attendees.csv`, 'text/csv', 'event-attendees.csv');
}
