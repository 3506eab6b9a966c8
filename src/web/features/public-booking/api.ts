import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreatePublicBookingInput,
  PublicBookingPage,
  PublicBookingPageOfRequests,
  PublicBookingRequest,
  PublicBookingStatus,
  PublicSlotsAnswer,
  VisitorBooking,
  VisitorCancelInput,
} from '../../../shared/public-booking';
import { api } from '../../lib/api-client';
import { invalidateAppointments } from '../appointments';
import { invalidatePublicBookings, PUBLIC_BOOKING_QUERIES } from './live';

/** What the clinic's request list shows, kept in the address. */
export type RequestFilters = { status: PublicBookingStatus | 'all'; practitionerId: string };

export type PublicSlotQuery = { bookingLink: string; serviceTypeId: string; from: string; to: string };

export const publicBookingKeys = {
  page: (bookingLink: string) => ['/api/public/booking', bookingLink] as const,
  slots: ({ bookingLink, serviceTypeId, from, to }: PublicSlotQuery) =>
    ['/api/public/booking', bookingLink, 'slots', serviceTypeId, from, to] as const,
  visitorBooking: (token: string) => ['/api/public/bookings', token] as const,
  requests: PUBLIC_BOOKING_QUERIES,
  list: (filters: RequestFilters) => [...PUBLIC_BOOKING_QUERIES, 'list', filters] as const,
};

const pagePath = (bookingLink: string) => `/api/public/booking/${encodeURIComponent(bookingLink)}`;
const managePath = (token: string) => `/api/public/bookings/${encodeURIComponent(token)}`;
const requestPath = (id: string) => `/api/public-bookings/${encodeURIComponent(id)}`;

/** The practitioner's public page: name, zone, horizon and public services. */
export const useBookingPage = (bookingLink: string) =>
  useQuery({
    queryKey: publicBookingKeys.page(bookingLink),
    queryFn: ({ signal }) => api.get<PublicBookingPage>(pagePath(bookingLink), { signal }),
    enabled: Boolean(bookingLink),
    staleTime: 60_000,
  });

/** Free times for one service between two days of the practitioner's zone; asked again when refused. */
export const usePublicSlots = ({ bookingLink, serviceTypeId, from, to }: PublicSlotQuery) =>
  useQuery({
    queryKey: publicBookingKeys.slots({ bookingLink, serviceTypeId, from, to }),
    queryFn: ({ signal }) =>
      api.get<PublicSlotsAnswer>(
        `${pagePath(bookingLink)}/slots?${new URLSearchParams({ serviceTypeId, from, to })}`,
        { signal },
      ),
    enabled: Boolean(bookingLink && serviceTypeId && from && to),
    staleTime: 30_000,
  });

/** Books (or, as a rehearsal, checks the same way and stores nothing). */
export const useCreateBooking = (bookingLink: string, rehearsal: boolean) =>
  useMutation({
    mutationFn: (input: CreatePublicBookingInput) =>
      api.post<VisitorBooking>(`${pagePath(bookingLink)}/${rehearsal ? 'rehearsal' : 'requests'}`, input),
  });

/** The booking behind a signed link. */
export const useVisitorBooking = (token: string) =>
  useQuery({
    queryKey: publicBookingKeys.visitorBooking(token),
    queryFn: ({ signal }) => api.get<VisitorBooking>(managePath(token), { signal }),
    enabled: Boolean(token),
  });

function useVisitorChange<Input>(token: string, action: 'cancel' | 'reschedule') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.post<VisitorBooking>(`${managePath(token)}/${action}`, input),
    onSuccess: (booking) => {
      queryClient.setQueryData(publicBookingKeys.visitorBooking(token), booking);
      void queryClient.invalidateQueries({ queryKey: ['/api/public/booking', booking.bookingLink] });
    },
  });
}

export const useCancelVisitorBooking = (token: string) =>
  useVisitorChange<VisitorCancelInput>(token, 'cancel');
export const useRescheduleVisitorBooking = (token: string) =>
  useVisitorChange<{ startsAt: string }>(token, 'reschedule');

/** The clinic's requests, newest first, paged by cursor. */
export const requestListQueryOptions = (filters: RequestFilters) =>
  infiniteQueryOptions({
    queryKey: publicBookingKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ status: filters.status });
      if (filters.practitionerId) query.set('practitionerId', filters.practitionerId);
      if (pageParam) query.set('cursor', pageParam);
      return api.get<PublicBookingPageOfRequests>(`/api/public-bookings?${query}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useRequestList = (filters: RequestFilters, enabled = true) =>
  useInfiniteQuery({ ...requestListQueryOptions(filters), enabled });

/** Confirming books an appointment, so appointment lists and calendars ask again too. */
function useRequestDecision<Input>(request: (input: Input) => Promise<PublicBookingRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([invalidatePublicBookings(queryClient), invalidateAppointments(queryClient)]);
    },
  });
}

export const useConfirmRequest = () =>
  useRequestDecision(({ id, patientId }: { id: string; patientId?: string }) =>
    api.post<PublicBookingRequest>(`${requestPath(id)}/confirm`, patientId ? { patientId } : {}),
  );

export const useDeclineRequest = () =>
  useRequestDecision(({ id, message }: { id: string; message: string }) =>
    api.post<PublicBookingRequest>(`${requestPath(id)}/decline`, { message }),
  );
