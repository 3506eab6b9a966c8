import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportInput, ImportPreview, ImportRun } from '../../../shared/imports';
import { api } from '../../lib/api-client';

export const importKeys = {
  all: ['/api/admin/imports'] as const,
  runs: ['/api/admin/imports', 'runs'] as const,
};

const isUnderWay = (run: ImportRun) => run.status === 'queued' || run.status === 'running';

/** The latest imports; asked again every second while one is under way, so the progress bar moves. */
export const useImportRuns = () =>
  useQuery({
    queryKey: importKeys.runs,
    queryFn: ({ signal }) => api.get<ImportRun[]>('/api/admin/imports', { signal }),
    refetchInterval: (query) => (query.state.data?.some(isUnderWay) ? 1_000 : false),
  });

export const usePreviewImport = () =>
  useMutation({
    mutationFn: (input: ImportInput) => api.post<ImportPreview>('/api/admin/imports/preview', input),
  });

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => api.post<ImportRun>('/api/admin/imports', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.runs }),
  });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ImportRun>(`/api/admin/imports/${id}/undo`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.runs }),
  });
}
