import { TZDate } from '@date-fns/tz';
import { Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { CreateTimeOffInputSchema, TIME_OFF_REASON_MAX, type TimeOff } from '../../../shared/scheduling';
import { applyServerErrors } from '../../lib/form-errors';
import { formatterFor } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useAvailabilityWrites } from './api';

export const TIME_OFF_ADDED = 'Time off added';

/** A datetime-local value ('2026-12-24T13:00') read as a wall-clock time in the practitioner's zone. */
export function instantIn(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime()).toISOString();
}

/** A datetime-local field read in the zone, or the message that it is missing. */
const wallClock = (timeZone: string, required: string) =>
  z.string().transform((value, context) => {
    const instant = instantIn(value, timeZone);
    if (instant) return instant;
    context.addIssue({ code: 'custom', message: required });
    return z.NEVER;
  });

/** The fields are named as the server names them; from and to are typed as wall-clock times in the zone. */
const timeOffFormSchema = (timeZone: string) =>
  z
    .object({
      startsAt: wallClock(timeZone, 'From is required'),
      endsAt: wallClock(timeZone, 'To is required'),
      reason: z.string().trim().optional(),
    })
    .pipe(CreateTimeOffInputSchema);
const EMPTY = { startsAt: '', endsAt: '', reason: '' };
const FIELDS = Object.keys(EMPTY);

const shown = (iso: string, timeZone: string) => formatterFor(timeZone).fullDateTime(iso);

/** Stretches away (holiday, training) in the practitioner's zone; nothing can be booked in them. */
export function TimeOffCard({
  practitionerId,
  timeZone,
  timeOff,
}: {
  practitionerId: string;
  timeZone: string;
  timeOff: TimeOff[];
}) {
  const { addTimeOff, removeTimeOff } = useAvailabilityWrites(practitionerId);
  const schema = useMemo(() => timeOffFormSchema(timeZone), [timeZone]);
  const form = useZodForm(schema, EMPTY);
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        await addTimeOff.mutateAsync(input);
        toast.success(TIME_OFF_ADDED);
        form.reset();
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: FIELDS,
            setError: form.setError,
            fallback: 'Could not add the time off. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

  const remove = (item: TimeOff) =>
    removeTimeOff.mutate(item.id, {
      onSuccess: () => toast.success('Time off removed'),
      onError: () => toast.error('Could not remove the time off. Please try again.'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>Time off</CardTitle>
        <CardDescription>Holidays, training and other time away, in {timeZone} time.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {timeOff.length === 0 ? (
          <p className="text-muted-foreground text-sm">No time off planned.</p>
        ) : (
          <DataTable caption="Time off" columns={['From', 'To', 'Reason', 'Actions']}>
            {timeOff.map((item) => (
              <tr key={item.id} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-normal">
                  {shown(item.startsAt, timeZone)}
                </th>
                <td className="px-3 py-2">{shown(item.endsAt, timeZone)}</td>
                <td className="px-3 py-2">{item.reason || '—'}</td>
                <td className="px-3 py-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete time off from ${shown(item.startsAt, timeZone)}`}
                    onClick={() => remove(item)}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <form onSubmit={submit} noValidate aria-label="Add time off" className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="From" error={errors.startsAt?.message} className="w-56">
              <Input type="datetime-local" {...form.register('startsAt')} />
            </FormField>
            <FormField label="To" error={errors.endsAt?.message} className="w-56">
              <Input type="datetime-local" {...form.register('endsAt')} />
            </FormField>
            <FormField label="Reason (optional)" error={errors.reason?.message} className="min-w-48 flex-1">
              <Input maxLength={TIME_OFF_REASON_MAX} {...form.register('reason')} />
            </FormField>
          </div>
          <div>
            <Button type="submit" variant="outline" disabled={addTimeOff.isPending}>
              Add time off
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
