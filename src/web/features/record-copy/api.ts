import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordCopyAnswer } from '../../../shared/record-copies';
import { api } from '../../lib/api-client';

export const recordCopyKeys = { latest: ['/api/my-record/copies/latest'] as const };

/** The patient's latest copy of their record; read again every 2 s while it is being prepared. */
export const useLatestCopy = () =>
  useQuery({
    queryKey: recordCopyKeys.latest,
    queryFn: async ({ signal }) =>
      (await api.get<RecordCopyAnswer>('/api/my-record/copies/latest', { signal })).copy,
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? 2000 : false),
  });

export function useRequestCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<RecordCopyAnswer>('/api/my-record/copies')).copy,
    onSuccess: (copy) => queryClient.setQueryData(recordCopyKeys.latest, copy),
  });
}
