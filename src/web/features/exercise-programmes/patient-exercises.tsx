import { useState } from 'react';
import type { Programme } from '../../../shared/exercise-programmes';
import { PROGRAMME_STATUS_LABELS } from '../../../shared/vocabulary/exercise-programmes';
import { formatterFor } from '../../lib/format';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useChangeProgramme, useProgrammeProgress, useProgrammes } from './api';
import { CopyActions } from './copy-actions';
import { percentText } from './format';
import { ProgrammeBuilder } from './programme-builder';
import { ProgrammeProgressView } from './programme-progress';

/**
 * The patient's home exercise programmes in their record: each with its adherence; one open with its figures.
 * A practitioner of the care team builds, changes and ends them here.
 */
export function PatientExercises({ patientId, canPrescribe }: { patientId: string; canPrescribe: boolean }) {
  const list = useProgrammes(patientId);
  const [openId, setOpenId] = useState<string | null>(null);
  const [building, setBuilding] = useState<'new' | Programme | null>(null);
  const current = openId ?? list.data?.[0]?.id ?? null;
  const progress = useProgrammeProgress(current);

  if (list.isPending) return <LoadingState label="Loading exercise programmes…" />;
  if (list.isError)
    return <LoadError message="Could not load the exercise programmes." retry={() => list.refetch()} />;

  if (building)
    return (
      <ProgrammeBuilder
        patientId={patientId}
        editing={building === 'new' ? null : building}
        previous={list.data}
        onDone={() => setBuilding(null)}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      {canPrescribe ? (
        <div>
          <Button size="sm" onClick={() => setBuilding('new')}>
            New programme
          </Button>
        </div>
      ) : null}
      {list.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No home exercise programmes yet.</p>
      ) : (
        <ul aria-label="Exercise programmes" className="flex flex-col gap-1">
          {list.data.map((programme) => (
            <li key={programme.id}>
              <button
                type="button"
                onClick={() => setOpenId(programme.id)}
                aria-current={programme.id === current ? 'true' : undefined}
                className="flex w-full flex-wrap items-baseline justify-between gap-2 rounded-md border border-border px-3 py-2 text-left text-sm hover:bg-muted aria-[current=true]:border-primary"
              >
                <span className="font-medium">{programme.title}</span>
                <span className="text-muted-foreground">
                  {PROGRAMME_STATUS_LABELS[programme.status]} · {formatterFor().day(programme.startDate)} ·
                  adherence {percentText(programme.adherence.percent)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {progress.data ? (
        <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
          <ProgrammeProgressView progress={progress.data} />
          {canPrescribe ? (
            <ProgrammeActions
              programme={progress.data.programme}
              onChange={() => setBuilding(progress.data.programme)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ProgrammeActions({ programme, onChange }: { programme: Programme; onChange: () => void }) {
  const change = useChangeProgramme(programme.id);
  return (
    <div className="flex flex-wrap gap-2">
      <CopyActions programmeId={programme.id} title={programme.title} />
      {programme.status === 'active' ? (
        <>
          <Button size="sm" variant="outline" onClick={onChange}>
            Change exercises
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={change.isPending}
            onClick={() => change.mutate({ status: 'completed' })}
          >
            Mark completed
          </Button>
        </>
      ) : null}
    </div>
  );
}
