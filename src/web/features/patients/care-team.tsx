import { useState } from 'react';
import { z } from 'zod';
import { PatientPractitionerParamsSchema, type PatientRecord } from '../../../shared/patients';
import { isApiRequestError } from '../../lib/api-error';
import { fullName } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Select } from '../../ui/select';
import { useCareTeamChange, usePractitioners } from './api';
import { RecordSection } from './patient-record-view';

const AssignSchema = z.object({ practitionerId: PatientPractitionerParamsSchema.shape.practitionerId });

/** The patient's assigned practitioners; staff and admin assign and unassign them here. */
export function CareTeam({ record, canManage }: { record: PatientRecord; canManage: boolean }) {
  const practitioners = usePractitioners(canManage);
  const change = useCareTeamChange(record.id);
  const form = useZodForm(AssignSchema, { practitionerId: '' });
  const chosen = form.watch('practitionerId');
  const [error, setError] = useState<string | null>(null);
  const assignedIds = new Set(record.practitioners.map((practitioner) => practitioner.id));
  const available = (practitioners.data ?? []).filter((practitioner) => !assignedIds.has(practitioner.id));

  const run = async (practitionerId: string, assign: boolean) => {
    setError(null);
    try {
      await change.mutateAsync({ practitionerId, assign });
      if (assign) form.reset();
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
          onSubmit={form.handleSubmit(({ practitionerId }) => run(practitionerId, true))}
        >
          <FormField
            label="Assign a practitioner"
            error={form.formState.errors.practitionerId?.message}
            className="flex-1"
          >
            <Select {...form.register('practitionerId')}>
              <option value="">Choose a practitioner</option>
              {available.map((practitioner) => (
                <option key={practitioner.id} value={practitioner.id}>
                  {fullName(practitioner)}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="submit" variant="outline" disabled={!chosen || change.isPending}>
            Assign
          </Button>
        </form>
      ) : null}
    </RecordSection>
  );
}
