import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import type { RecoveryProgress } from '../../../shared/recovery-notes';
import { api } from '../../lib/api-client';
import { formatterFor } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { OutcomeScores } from '../check-ins';
import { type ProgressRow, progressRows } from './progress-rows';

const ProgressChartDrawing = lazy(() => import('./progress-chart-drawing'));

export const progressKeys = {
  of: (patientId: string) => ['/api/recovery-notes', 'progress', patientId] as const,
};

/** In words, for the chart's accessible name: where the pain started and where it stands now. */
function summaryOf(rows: ProgressRow[]) {
  const pains = rows.map((row) => row.painScore).filter((score): score is number => score !== null);
  const notes = `${rows.length} signed ${rows.length === 1 ? 'note' : 'notes'}`;
  if (pains.length === 0) return `Recovery progress over ${notes}.`;
  return `Pain score from ${pains[0]} to ${pains[pains.length - 1]} out of 10 over ${notes}.`;
}

type ChartProps = {
  /** Whose progress; a patient's own when left out. */
  patientId?: string;
  /** Already fetched (the dashboard answers it in its one request); fetched here otherwise. */
  progress?: RecoveryProgress;
};

/**
 * The patient's pain scores (0-10) and goal progress over time from their signed notes. A chart alone is not
 * readable by a screen reader: the same figures are a table, shown on request and always in the
 * accessibility tree.
 */
export function RecoveryProgressChart({ patientId, progress }: ChartProps) {
  const user = useUser();
  const id = patientId ?? user.id;
  const query = useQuery({
    queryKey: progressKeys.of(id),
    queryFn: ({ signal }) =>
      api.get<RecoveryProgress>(`/api/recovery-notes/progress?patientId=${encodeURIComponent(id)}`, {
        signal,
      }),
    enabled: progress === undefined,
    staleTime: 0,
  });
  const data = progress ?? query.data;

  if (!data) {
    if (query.isError)
      return (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{query.error.message || 'Could not load the recovery progress.'}</span>
          <Button size="sm" variant="outline" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Alert>
      );
    return <LoadingState label="Loading recovery progress…" />;
  }
  const rows = progressRows(data);
  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? (
        <p className="rounded-lg border border-border border-dashed p-6 text-center text-muted-foreground">
          No signed notes with scores yet.
        </p>
      ) : (
        <ProgressView rows={rows} />
      )}
      <OutcomeScores patientId={id} />
    </div>
  );
}

function ProgressView({ rows }: { rows: ProgressRow[] }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const summary = summaryOf(rows);
  return (
    <div className="flex flex-col gap-3">
      <div role="img" aria-label={`Recovery progress chart. ${summary}`} className="min-h-[260px]">
        <Suspense fallback={<LoadingState label="Drawing the chart…" />}>
          <ProgressChartDrawing rows={rows} />
        </Suspense>
      </div>
      <div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide the figures' : 'Show the figures as a table'}
        </Button>
      </div>
      <div id={tableId} className={showTable ? 'overflow-x-auto rounded-lg border border-border' : 'sr-only'}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`Recovery progress: ${summary}`}</caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Date
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Pain score
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Goal progress
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Goals
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.noteId} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-normal">
                  <time dateTime={row.day}>{formatterFor().day(row.day)}</time>
                </th>
                <td className="px-3 py-2">{row.painScore === null ? '—' : `${row.painScore}/10`}</td>
                <td className="px-3 py-2">{row.goalProgress === null ? '—' : `${row.goalProgress}%`}</td>
                <td className="px-3 py-2">
                  {row.goals.length === 0
                    ? '—'
                    : row.goals.map((goal) => `${goal.goal}: ${goal.progress}%`).join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
