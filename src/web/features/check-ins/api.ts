import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useCareBetweenVisits } from '../clinic-features';
import { CHECK_IN_QUERIES } from './live';
import type {
  CheckIn,
  CheckInList,
  CreateScheduleInput,
  MeasureAnswer,
  OutcomeMeasureCode,
  OutcomeReport,
  OutcomeSummary,
  Schedule,
  ScheduleList,
  SendCheckInInput,
} from './types';

export const checkInKeys = {
  all: CHECK_IN_QUERIES,
  list: (patientId: string | null) => ['/api/check-ins', 'list', patientId] as const,
  detail: (id: string) => ['/api/check-ins', 'detail', id] as const,
  outcomes: (patientId: string) => ['/api/check-ins', 'outcomes', patientId] as const,
  report: (query: OutcomeReportRange) => ['/api/check-ins', 'outcome-report', query] as const,
  schedules: (patientId: string | null, withServices = false) =>
    ['/api/check-ins', 'schedules', patientId, withServices ? 'services' : 'own'] as const,
};

/** The caller's check-ins (a patient's own), or one patient's; only while the clinic has them on. */
export function useCheckIns(patientId: string | null = null) {
  const on = useCareBetweenVisits();
  return useQuery({
    queryKey: checkInKeys.list(patientId),
    queryFn: ({ signal }) =>
      api.get<CheckInList>(
        `/api/check-ins${patientId ? `?patientId=${encodeURIComponent(patientId)}` : ''}`,
        {
          signal,
        },
      ),
    enabled: on,
  });
}

export const useCheckIn = (id: string) =>
  useQuery({
    queryKey: checkInKeys.detail(id),
    queryFn: ({ signal }) => api.get<CheckIn>(`/api/check-ins/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

/** A patient's scores per measure with the change from the first; nothing is asked while the capability is off. */
export function useOutcomes(patientId: string) {
  const on = useCareBetweenVisits();
  return useQuery({
    queryKey: checkInKeys.outcomes(patientId),
    queryFn: ({ signal }) =>
      api.get<OutcomeSummary>(`/api/check-ins/outcomes?patientId=${encodeURIComponent(patientId)}`, {
        signal,
      }),
    enabled: on,
    staleTime: 0,
  });
}

export type OutcomeReportRange = { from: string; to: string; measure: OutcomeMeasureCode | '' };

/** The clinic's outcomes by practitioner and service (staff, admin); the previous answer stays while one loads. */
export function useOutcomeReport(query: OutcomeReportRange) {
  const on = useCareBetweenVisits();
  return useQuery({
    queryKey: checkInKeys.report(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ from: query.from, to: query.to });
      if (query.measure) params.set('measure', query.measure);
      return api.get<OutcomeReport>(`/api/check-ins/outcome-report?${params}`, { signal });
    },
    enabled: on,
    placeholderData: (previous) => previous,
  });
}

/**
 * The clinic's per-service schedules, or one patient's (with the schedules of the services they are booked
 * with when asked). They ask again with every other check-in query, on a 'check_ins_changed' push or a write.
 */
export function useSchedules(patientId: string | null, { withServices = false } = {}) {
  const on = useCareBetweenVisits();
  const query = patientId
    ? `?patientId=${encodeURIComponent(patientId)}${withServices ? '&include=services' : ''}`
    : '';
  return useQuery({
    queryKey: checkInKeys.schedules(patientId, withServices),
    queryFn: ({ signal }) => api.get<ScheduleList>(`/api/check-ins/schedules${query}`, { signal }),
    enabled: on,
  });
}

function useCheckInWrite<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
  });
}

export const useSendCheckIn = () =>
  useCheckInWrite((input: SendCheckInInput) => api.post<CheckIn>('/api/check-ins', input));

export const useSubmitCheckIn = (id: string) =>
  useCheckInWrite((answers: MeasureAnswer[]) =>
    api.post<CheckIn>(`/api/check-ins/${encodeURIComponent(id)}/response`, { answers }),
  );

export const useCreateSchedule = () =>
  useCheckInWrite((input: CreateScheduleInput) => api.post<Schedule>('/api/check-ins/schedules', input));

export const useDeleteSchedule = () =>
  useCheckInWrite((id: string) => api.delete<void>(`/api/check-ins/schedules/${encodeURIComponent(id)}`));

export const useDischarge = () =>
  useCheckInWrite((patientId: string) =>
    api.post<{ sent: number }>(`/api/check-ins/patients/${encodeURIComponent(patientId)}/discharge`),
  );
