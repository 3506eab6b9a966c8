import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConnectPrintfulInput,
  FulfilmentsAnswer,
  PrintfulStatus,
  SyncAnswer,
} from '../../../shared/printful';
import { api } from '../../lib/api-client';
import { invalidatePrintful, PRINTFUL_QUERY } from './live';

/** Query keys; a pushed 'printful_changed' invalidates both (live.ts). */
export const printfulKeys = {
  status: [...PRINTFUL_QUERY, 'status'] as const,
  fulfilments: [...PRINTFUL_QUERY, 'orders'] as const,
};

export const usePrintfulStatus = () =>
  useQuery({
    queryKey: printfulKeys.status,
    queryFn: ({ signal }) => api.get<PrintfulStatus>('/api/admin/printful', { signal }),
  });

export const useFulfilments = () =>
  useQuery({
    queryKey: printfulKeys.fulfilments,
    queryFn: ({ signal }) => api.get<FulfilmentsAnswer>('/api/admin/printful/orders', { signal }),
  });

/**
 * After a change to the connection, or a sync (which records its failure too), the status and the store's
 * catalogue ask again.
 */
function usePrintfulWrite<V, A>(call: (value: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        invalidatePrintful(queryClient),
        queryClient.invalidateQueries({ queryKey: ['/api/products'] }),
      ]),
  });
}

export const useConnectPrintful = () =>
  usePrintfulWrite((input: ConnectPrintfulInput) =>
    api.post<PrintfulStatus>('/api/admin/printful/connect', input),
  );
export const useDisconnectPrintful = () =>
  usePrintfulWrite(() => api.delete<PrintfulStatus>('/api/admin/printful'));
export const useSyncPrintful = () =>
  usePrintfulWrite(() => api.post<SyncAnswer>('/api/admin/printful/sync', {}));
