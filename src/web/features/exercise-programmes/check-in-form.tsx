import { useState } from 'react';
import { toast } from 'sonner';
import { type CheckIn, CheckInInputSchema, type ProgrammeItem } from '../../../shared/exercise-programmes';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Select, Textarea } from '../../ui/select';
import { ExerciseMedia } from '../exercise-library';
import { useCheckIn } from './api';
import { dosageText } from './format';

const SCALE = Array.from({ length: 11 }, (_, value) => value);
const scaleValue = { setValueAs: (value: string) => (value === '' ? null : Number(value)) };

/** One exercise of today: what to do, and the patient's check-in (done, how hard, pain, a note). */
export function ExerciseCheckIn({
  programmeId,
  item,
  saved,
}: {
  programmeId: string;
  item: ProgrammeItem;
  saved: CheckIn | undefined;
}) {
  const checkIn = useCheckIn();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(CheckInInputSchema, {
    programmeId,
    exerciseId: item.exerciseId,
    done: true,
    difficulty: saved?.difficulty ?? null,
    pain: saved?.pain ?? null,
    note: saved?.note ?? '',
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await checkIn.mutateAsync(values);
      toast.success(`${item.name}: checked in`);
    } catch (caught) {
      setError(refusalOf(caught, 'Your check-in could not be saved.').message);
    }
  });
  const headingId = `exercise-${programmeId}-${item.exerciseId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words font-semibold">
          {item.position + 1}. {item.name}
        </h3>
        {saved?.done ? (
          <span className="rounded-full bg-primary px-2 py-0.5 text-primary-foreground text-xs">
            Done today
          </span>
        ) : null}
      </div>
      {item.media || item.mediaUrl ? <ExerciseMedia exercise={item} className="max-h-56" /> : null}
      <p className="font-medium text-sm">{dosageText(item)}</p>
      {item.instructions ? (
        <p className="whitespace-pre-line break-words text-sm">{item.instructions}</p>
      ) : null}
      {item.notes ? (
        <p className="break-words text-muted-foreground text-sm">From your practitioner: {item.notes}</p>
      ) : null}
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={`Check in ${item.name}`}
        className="flex flex-col gap-2"
      >
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div className="grid grid-cols-2 gap-2">
          <FormField label="How hard (0-10)" error={errors.difficulty?.message}>
            <Select {...form.register('difficulty', scaleValue)}>
              <option value="">Not said</option>
              {SCALE.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Pain (0-10)" error={errors.pain?.message}>
            <Select {...form.register('pain', scaleValue)}>
              <option value="">Not said</option>
              {SCALE.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField label="Note (optional)" error={errors.note?.message}>
          <Textarea rows={2} {...form.register('note')} />
        </FormField>
        <Button type="submit" disabled={checkIn.isPending} className="w-full sm:w-auto">
          {saved?.done ? 'Update check-in' : 'Mark done'}
        </Button>
      </form>
    </article>
  );
}
