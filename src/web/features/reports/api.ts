import { useQuery } from '@tanstack/react-query';
import type { ReportName, ReportOf } from '../../../shared/reports';
import { api } from '../../lib/api-client';

export type ReportRange = { from: string; to: string; practitionerId: string };

export const reportKeys = {
  all: ['/api/reports'] as const,
  one: (name: ReportName, range: ReportRange) => ['/api/reports', name, range] as const,
};

/** One report for the range; the previous answer stays on screen while a new range loads. */
export const useReport = <N extends ReportName>(name: N, range: ReportRange) =>
  useQuery({
    queryKey: reportKeys.one(name, range),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ from: range.from, to: range.to });
      if (range.practitionerId) params.set('practitionerId', range.practitionerId);
      return api.get<ReportOf<N>>(`/api/reports/${name}?${params}`, { signal });
    },
    placeholderData: (previous) => previous,
  });
