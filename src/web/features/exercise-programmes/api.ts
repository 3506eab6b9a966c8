import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckInInput,
  CreateProgrammeInput,
  CreateTemplateInput,
  ExerciseChoice,
  ProgrammeProgress,
  ProgrammeSummary,
  ProgrammeTemplate,
  Reminder,
  Today,
  UpdateProgrammeInput,
  WorseningList,
} from '../../../shared/exercise-programmes';
import type { BodyRegion } from '../../../shared/exercises';
import { api } from '../../lib/api-client';

/** Query keys: every key starts with the call's path, so live.ts can invalidate by prefix. */
export const exerciseKeys = {
  programmes: ['/api/exercise-programmes'] as const,
  list: (patientId: string) => ['/api/exercise-programmes', 'list', patientId] as const,
  detail: (id: string) => ['/api/exercise-programmes', 'detail', id] as const,
  search: (q: string, region: string) => ['/api/exercise-programmes', 'search', q, region] as const,
  templates: ['/api/exercise-programmes', 'templates'] as const,
  worsening: ['/api/exercise-programmes', 'worsening'] as const,
  mine: ['/api/my-exercises'] as const,
  today: ['/api/my-exercises', 'today'] as const,
  reminder: ['/api/my-exercises', 'reminder'] as const,
};

export const useProgrammes = (patientId: string) =>
  useQuery({
    queryKey: exerciseKeys.list(patientId),
    queryFn: ({ signal }) =>
      api.get<ProgrammeSummary[]>(`/api/exercise-programmes?patientId=${encodeURIComponent(patientId)}`, {
        signal,
      }),
  });

export const useProgrammeProgress = (id: string | null) =>
  useQuery({
    queryKey: exerciseKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<ProgrammeProgress>(`/api/exercise-programmes/${id}`, { signal }),
    enabled: id !== null,
  });

export const useExerciseSearch = (q: string, region: BodyRegion | '') =>
  useQuery({
    queryKey: exerciseKeys.search(q, region),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (q.trim()) params.set('q', q.trim());
      if (region) params.set('region', region);
      return api.get<ExerciseChoice[]>(`/api/exercise-programmes/exercises?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const useTemplates = () =>
  useQuery({
    queryKey: exerciseKeys.templates,
    queryFn: ({ signal }) => api.get<ProgrammeTemplate[]>('/api/exercise-programmes/templates', { signal }),
  });

export const useWorsening = (enabled = true) =>
  useQuery({
    queryKey: exerciseKeys.worsening,
    queryFn: ({ signal }) => api.get<WorseningList>('/api/exercise-programmes/worsening', { signal }),
    enabled,
  });

export const useToday = (enabled = true) =>
  useQuery({
    queryKey: exerciseKeys.today,
    queryFn: ({ signal }) => api.get<Today>('/api/my-exercises/today', { signal }),
    enabled,
  });

export const useReminder = () =>
  useQuery({
    queryKey: exerciseKeys.reminder,
    queryFn: ({ signal }) => api.get<Reminder>('/api/my-exercises/reminder', { signal }),
  });

export function useAssignProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProgrammeInput) =>
      api.post<ProgrammeProgress>('/api/exercise-programmes', input),
    onSuccess: (saved) =>
      queryClient.invalidateQueries({ queryKey: exerciseKeys.list(saved.programme.patientId) }),
  });
}

export function useChangeProgramme(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProgrammeInput) =>
      api.patch<ProgrammeProgress>(`/api/exercise-programmes/${id}`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(exerciseKeys.detail(id), saved);
      return queryClient.invalidateQueries({ queryKey: exerciseKeys.list(saved.programme.patientId) });
    },
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTemplateInput) =>
      api.post<ProgrammeTemplate>('/api/exercise-programmes/templates', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exerciseKeys.templates }),
  });
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) => api.put<Today>('/api/my-exercises/check-ins', input),
    onSuccess: (today) => queryClient.setQueryData(exerciseKeys.today, today),
  });
}

export function useSaveReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reminder) => api.put<Reminder>('/api/my-exercises/reminder', input),
    onSuccess: (saved) => queryClient.setQueryData(exerciseKeys.reminder, saved),
  });
}

export const useEmailCopy = () =>
  useMutation({
    mutationFn: (id: string) => api.post<{ sent: true }>(`/api/exercise-programmes/${id}/email`),
  });
