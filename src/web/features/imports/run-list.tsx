import { useState } from 'react';
import { toast } from 'sonner';
import type { ImportRun } from '../../../shared/imports';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { useImportRuns, useUndoImport } from './api';

const KIND_LABELS = { patients: 'Clients', appointments: 'Appointments' } as const;
const STATUS_LABELS = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  failed: 'Failed',
  undone: 'Undone',
} as const;

function RunItem({ run }: { run: ImportRun }) {
  const undo = useUndoImport();
  const [confirming, setConfirming] = useState(false);
  const underWay = run.status === 'queued' || run.status === 'running';
  const undoNow = async () => {
    try {
      await undo.mutateAsync(run.id);
      toast.success('The import was undone');
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'The import could not be undone');
    }
    setConfirming(false);
  };
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3">
      <p className="font-medium">
        {KIND_LABELS[run.kind]} from {run.fileName}: {STATUS_LABELS[run.status]}
      </p>
      {underWay && (
        <progress
          className="w-full"
          max={Math.max(run.total, 1)}
          value={run.processed}
          aria-label={`Progress of ${run.fileName}`}
        >
          {run.processed} of {run.total}
        </progress>
      )}
      <p className="text-sm">
        {run.processed} of {run.total} rows: {run.created} created, {run.matched} matched, {run.skipped}{' '}
        skipped
      </p>
      {run.canUndo &&
        (confirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm">Remove everything this import created?</span>
            <Button variant="destructive" size="sm" onClick={undoNow} disabled={undo.isPending}>
              Yes, undo the import
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <div>
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              Undo
            </Button>
          </div>
        ))}
    </li>
  );
}

/** The latest imports with their progress; the list comes from the server, so a reload keeps it. */
export function RunList() {
  const runs = useImportRuns();
  return (
    <section aria-labelledby="import-runs-heading" className="flex flex-col gap-3">
      <h2 id="import-runs-heading" className="font-semibold text-lg">
        Recent imports
      </h2>
      {runs.isError ? (
        <LoadError message="The imports could not be loaded." retry={() => runs.refetch()} />
      ) : runs.data && runs.data.length === 0 ? (
        <p className="text-muted-foreground">No imports yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-live="polite">
          {runs.data?.map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </ul>
      )}
    </section>
  );
}
