import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Availability,
  CalendarFeedCreated,
  CalendarFeedStatus,
  CreateServiceTypeInput,
  CreateTimeOffInput,
  PutDateOverrideInput,
  ReplaceWeeklyHoursInput,
  ScheduleSettings,
  ServiceType,
  TimeOff,
  UpdateScheduleSettingsInput,
  UpdateServiceTypeInput,
} from '../../../shared/scheduling';
import { api } from '../../lib/api-client';
import { schedulingKeys } from '../appointments';

export const settingsKeys = {
  allServiceTypes: ['/api/service-types', 'all'] as const,
  calendarFeed: ['/api/calendar-feed'] as const,
};

const practitionerPath = (id: string, rest: string) => `/api/practitioners/${encodeURIComponent(id)}/${rest}`;

/** Every service type, retired ones too: what staff and admin manage. */
export const useAllServiceTypes = () =>
  useQuery({
    queryKey: settingsKeys.allServiceTypes,
    queryFn: ({ signal }) => api.get<ServiceType[]>('/api/service-types?include=all', { signal }),
  });

/** A created or changed service type: both the managed list and the offered one are asked again. */
function useServiceTypeWrite<Input>(request: (input: Input) => Promise<ServiceType>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulingKeys.serviceTypes }),
  });
}

export const useCreateServiceType = () =>
  useServiceTypeWrite((input: CreateServiceTypeInput) => api.post<ServiceType>('/api/service-types', input));

export const useUpdateServiceType = () =>
  useServiceTypeWrite(({ id, changes }: { id: string; changes: UpdateServiceTypeInput }) =>
    api.patch<ServiceType>(`/api/service-types/${encodeURIComponent(id)}`, changes),
  );

/**
 * The writes to one practitioner's availability. Those answered with the whole availability put it in the
 * cache; the others ask for it again, so the calendar's shading follows too.
 */
export function useAvailabilityWrites(practitionerId: string) {
  const queryClient = useQueryClient();
  const key = schedulingKeys.availability(practitionerId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const store = (availability: Availability) => queryClient.setQueryData(key, availability);
  return {
    settings: useMutation({
      mutationFn: (input: UpdateScheduleSettingsInput) =>
        api.patch<ScheduleSettings>(practitionerPath(practitionerId, 'schedule'), input),
      onSuccess: (settings) => {
        queryClient.setQueryData<Availability>(key, (current) =>
          current ? { ...current, settings } : current,
        );
        return refresh();
      },
    }),
    weeklyHours: useMutation({
      mutationFn: (input: ReplaceWeeklyHoursInput) =>
        api.put<Availability>(practitionerPath(practitionerId, 'weekly-hours'), input),
      onSuccess: store,
    }),
    putOverride: useMutation({
      mutationFn: ({ date, ...input }: PutDateOverrideInput & { date: string }) =>
        api.put<Availability>(practitionerPath(practitionerId, `date-overrides/${date}`), input),
      onSuccess: store,
    }),
    deleteOverride: useMutation({
      mutationFn: (date: string) =>
        api.delete<void>(practitionerPath(practitionerId, `date-overrides/${date}`)),
      onSuccess: refresh,
    }),
    addTimeOff: useMutation({
      mutationFn: (input: CreateTimeOffInput) =>
        api.post<TimeOff>(practitionerPath(practitionerId, 'time-off'), input),
      onSuccess: refresh,
    }),
    removeTimeOff: useMutation({
      mutationFn: (id: string) =>
        api.delete<void>(practitionerPath(practitionerId, `time-off/${encodeURIComponent(id)}`)),
      onSuccess: refresh,
    }),
  };
}

/** Whether the signed-in person has a private calendar feed; its address is shown only when made. */
export const useCalendarFeed = () =>
  useQuery({
    queryKey: settingsKeys.calendarFeed,
    queryFn: ({ signal }) => api.get<CalendarFeedStatus>('/api/calendar-feed', { signal }),
  });

export function useCalendarFeedWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.calendarFeed });
  return {
    create: useMutation({
      mutationFn: () => api.post<CalendarFeedCreated>('/api/calendar-feed'),
      onSuccess: refresh,
    }),
    revoke: useMutation({ mutationFn: () => api.delete<void>('/api/calendar-feed'), onSuccess: refresh }),
  };
}
