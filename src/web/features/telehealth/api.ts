import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CallPersonInput,
  InvitableStaffAnswer,
  TelehealthSession,
  VideoVisitsAnswer,
} from '../../../shared/telehealth';
import { api } from '../../lib/api-client';
import { useVideoVisits } from '../clinic-features';

export const telehealthKeys = {
  all: ['/api/telehealth'] as const,
  visits: ['/api/telehealth', 'visits'] as const,
  session: (appointmentId: string) => ['/api/telehealth', 'sessions', appointmentId] as const,
  /** Under the session's key, so whatever refreshes the call (an invitation) refreshes the search too. */
  invitable: (appointmentId: string, search: string) =>
    ['/api/telehealth', 'sessions', appointmentId, 'invitable', search] as const,
};

/** How often the list of video visits asks again, so a call started elsewhere shows without a reload. */
export const VISITS_REFRESH_MS = 15_000;

const sessionPath = (appointmentId: string) =>
  `/api/telehealth/sessions/${encodeURIComponent(appointmentId)}`;

/** Today's and upcoming video visits in the caller's reach; only while the clinic has video visits on. */
export function useVideoVisitList() {
  const on = useVideoVisits();
  return useQuery({
    queryKey: telehealthKeys.visits,
    queryFn: ({ signal }) => api.get<VideoVisitsAnswer>('/api/telehealth/visits', { signal }),
    enabled: on,
    refetchInterval: VISITS_REFRESH_MS,
  });
}

/** One call as the caller may see it; a refusal (404, 409) is the answer, so it is not asked again. */
export function useCallSession(appointmentId: string) {
  return useQuery({
    queryKey: telehealthKeys.session(appointmentId),
    queryFn: ({ signal }) => api.get<TelehealthSession>(sessionPath(appointmentId), { signal }),
    retry: false,
  });
}

type HostAction = 'start' | 'end' | 'complete';

/** The host's buttons: start, end, mark completed. The answer (or the socket's next state) redraws the call. */
export function useHostAction(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: HostAction) => api.post<unknown>(`${sessionPath(appointmentId)}/${action}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: telehealthKeys.session(appointmentId) });
      void queryClient.invalidateQueries({ queryKey: telehealthKeys.visits });
    },
  });
}

/** The host lets a waiting person in, or invites a staff member to the call. */
export function usePersonAction(appointmentId: string, action: 'admit' | 'invite') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallPersonInput) =>
      api.post<unknown>(`${sessionPath(appointmentId)}/${action}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telehealthKeys.session(appointmentId) }),
  });
}

/**
 * The host's search of staff to invite (name or email; the server answers at most 20, those already invited
 * left out). The last answer stays shown while the next one comes.
 */
export function useInvitableStaff(appointmentId: string, search: string) {
  return useQuery({
    queryKey: telehealthKeys.invitable(appointmentId, search),
    queryFn: ({ signal }) =>
      api.get<InvitableStaffAnswer>(
        `${sessionPath(appointmentId)}/invitable?q=${encodeURIComponent(search)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
