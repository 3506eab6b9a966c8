import { useState } from 'react';
import { toast } from 'sonner';
import {
  PATIENT_RECORD_FIELDS,
  PATIENT_STATUSES,
  type PatientRecord,
  UpdatePatientInputSchema,
} from '../../../shared/patients';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useUpdatePatient } from './api';
import { STATUS_LABELS } from './controls';
import { RecordFields } from './record-fields';

const EDITABLE_FIELDS = ['firstName', 'lastName', 'status', ...PATIENT_RECORD_FIELDS] as const;

const valuesOf = (record: PatientRecord) =>
  Object.fromEntries(EDITABLE_FIELDS.map((name) => [name, record[name]]));

/** Edits the record in place; the saved record replaces the one in the panel and its row in the list. */
export function PatientEditForm({ record, onDone }: { record: PatientRecord; onDone: () => void }) {
  const form = useZodForm(UpdatePatientInputSchema, valuesOf(record));
  const update = useUpdatePatient(record.id);
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync(values);
      toast.success('Patient record saved');
      onDone();
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: EDITABLE_FIELDS,
          setError: form.setError,
          fallback: 'Could not save the record. Please try again.',
        }),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit patient record" className="flex flex-col gap-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="off" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="off" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Status" error={errors.status?.message}>
        <Select {...form.register('status')}>
          {PATIENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </FormField>
      <RecordFields register={form.register} control={form.control} errors={errors} />
      <div className="sticky bottom-0 flex justify-end gap-2 bg-popover py-2">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
