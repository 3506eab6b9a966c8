import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** Any fetch without its own definition is a GET on the query key joined as the path (specification section 7). */
export const queryKeyAsPath: QueryFunction = ({ queryKey, signal }) =>
  api.get(queryKey.map(String).join('/'), { signal });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: queryKeyAsPath,
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
