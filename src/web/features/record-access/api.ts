import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AccessLogPage } from '../../../shared/record-access';
import { api } from '../../lib/api-client';

export const accessLogKeys = {
  all: ['/api/access-log'] as const,
  /** 'me' for the patient's own log. */
  of: (patientId: string) => ['/api/access-log', patientId] as const,
};

const pathOf = (patientId: string) =>
  `/api/patients/${patientId === 'me' ? 'me' : encodeURIComponent(patientId)}/access-log`;

export const accessLogQueryOptions = (patientId: string) =>
  infiniteQueryOptions({
    queryKey: accessLogKeys.of(patientId),
    queryFn: ({ pageParam, signal }) =>
      api.get<AccessLogPage>(
        pageParam ? `${pathOf(patientId)}?cursor=${encodeURIComponent(pageParam)}` : pathOf(patientId),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Who opened a record changes whenever anyone does: read it afresh each time it is shown.
    staleTime: 0,
  });

export const useAccessLog = (patientId: string) => useInfiniteQuery(accessLogQueryOptions(patientId));
