import { useId, useState } from 'react';
import type { PatientRecord } from '../../../shared/patients';
import { isApiRequestError } from '../../lib/api-error';
import { fullName } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { Select } from '../../ui/select';
import { useCareTeamChange, usePractitioners } from './api';
import { RecordSection } from './patient-record-view';

/** The patient's assigned practitioners; staff and admin assign and unassign them here. */
export function CareTeam({ record, canManage }: { record: PatientRecord; canManage: boolean }) {
  const id = useId();
  const practitioners = usePractitioners(canManage);
  const change = useCareTeamChange(record.id);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const assignedIds = new Set(record.practitioners.map((practitioner) => practitioner.id));
  const available = (practitioners.data ?? []).filter((practitioner) => !assignedIds.has(practitioner.id));

  const run = async (practitionerId: string, assign: boolean) => {
    setError(null);
    try {
      await change.mutateAsync({ practitionerId, assign });
      if (assign) setChosen('');
    } catch (caught) {
      setError(
        isApiRequestError(caught) ? caught.message : 'Could not change the care team. Please try again.',
      );
    }
  };

  return (
    <RecordSection title="Assigned practitioners">
      {error ? <Alert variant="error">{error}</Alert> : null}
      {record.practitioners.length === 0 ? (
        <p className="text-muted-foreground text-sm">No practitioner assigned yet.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {record.practitioners.map((practitioner) => (
            <li key={practitioner.id} className="flex items-center justify-between gap-2">
              <span>
                {fullName(practitioner)} <span className="text-muted-foreground">({practitioner.email})</span>
              </span>
              {canManage ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={change.isPending}
                  onClick={() => run(practitioner.id, false)}
                  aria-label={`Unassign ${fullName(practitioner)}`}
                >
                  Unassign
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) void run(chosen, true);
          }}
        >
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor={`${id}-assign`}>Assign a practitioner</Label>
            <Select id={`${id}-assign`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Choose a practitioner</option>
              {available.map((practitioner) => (
                <option key={practitioner.id} value={practitioner.id}>
                  {fullName(practitioner)}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="outline" disabled={!chosen || change.isPending}>
            Assign
          </Button>
        </form>
      ) : null}
    </RecordSection>
  );
}
