import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { type DateOverride, DaySchema, PutDateOverrideInputSchema } from '../../../shared/scheduling';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { DateField } from '../../ui/date-picker';
import { FormField } from '../../ui/form-field';
import { TimeSelect } from '../../ui/time-select';
import { useAvailabilityWrites } from './api';

export const OVERRIDE_SAVED = 'Day saved';
const hoursText = (override: DateOverride) =>
  override.hours.length === 0
    ? 'Closed all day'
    : override.hours.map((range) => `${range.start}–${range.end}`).join(', ');

/** The day, and its one range of hours unless it is closed; the hours are named as the server names them. */
const OverrideFormSchema = z
  .object({
    date: z.string().min(1, 'Date is required').pipe(DaySchema('Date')),
    closed: z.boolean(),
    hours: z.array(z.object({ start: z.string(), end: z.string() })),
  })
  .superRefine(({ closed, hours }, context) => {
    if (closed) return;
    const parsed = PutDateOverrideInputSchema.safeParse({ hours });
    for (const issue of parsed.error?.issues ?? [])
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform(({ date, closed, hours }) => ({ date, hours: closed ? [] : hours }));
const SERVER_FIELDS = ['date', 'hours.0.start', 'hours.0.end'];

/** Days that differ from the week: closed, or open only in their own hours. */
export function DateOverridesCard({
  practitionerId,
  overrides,
}: {
  practitionerId: string;
  overrides: DateOverride[];
}) {
  const { putOverride, deleteOverride } = useAvailabilityWrites(practitionerId);
  const form = useZodForm(OverrideFormSchema, {
    date: '',
    closed: true,
    hours: [{ start: '09:00', end: '13:00' }],
  });
  const { errors } = form.formState;
  const closed = form.watch('closed');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = form.handleSubmit(
    async (override) => {
      setError(null);
      try {
        await putOverride.mutateAsync(override);
        toast.success(OVERRIDE_SAVED);
        form.reset({ ...form.getValues(), date: '' });
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: SERVER_FIELDS,
            setError: form.setError,
            fallback: 'Could not save the day. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

  const remove = (day: string) =>
    deleteOverride.mutate(day, {
      onSuccess: () => toast.success(`${day} follows the weekly hours again`),
      onError: () => toast.error('Could not remove the day. Please try again.'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>Date overrides</CardTitle>
        <CardDescription>
          A day with its own hours, or closed, in place of that weekday’s hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {overrides.length === 0 ? (
          <p className="text-muted-foreground text-sm">No days differ from the week.</p>
        ) : (
          <DataTable caption="Date overrides" columns={['Date', 'Hours', 'Actions']}>
            {overrides.map((override) => (
              <tr key={override.date} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-normal">
                  {override.date}
                </th>
                <td className="px-3 py-2">{hoursText(override)}</td>
                <td className="px-3 py-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove override for ${override.date}`}
                    onClick={() => remove(override.date)}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <form onSubmit={submit} noValidate aria-label="Add a date override" className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="flex flex-wrap items-end gap-3">
            <Controller
              control={form.control}
              name="date"
              render={({ field }) => (
                <DateField
                  label="Date"
                  error={errors.date?.message}
                  className="w-44"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Controller
              control={form.control}
              name="closed"
              render={({ field }) => (
                <fieldset className="flex flex-col gap-1.5">
                  <legend className="mb-1.5 font-medium text-sm">That day</legend>
                  <div className="flex gap-4">
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="override-kind"
                        checked={field.value}
                        onChange={() => field.onChange(true)}
                      />
                      Closed all day
                    </label>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="override-kind"
                        checked={!field.value}
                        onChange={() => field.onChange(false)}
                      />
                      Open these hours
                    </label>
                  </div>
                </fieldset>
              )}
            />
            {closed ? null : (
              <>
                <FormField label="Opens" error={errors.hours?.[0]?.start?.message} className="w-32">
                  <TimeSelect {...form.register('hours.0.start')} />
                </FormField>
                <FormField label="Closes" error={errors.hours?.[0]?.end?.message} className="w-32">
                  <TimeSelect endOfDay {...form.register('hours.0.end')} />
                </FormField>
              </>
            )}
          </div>
          <div>
            <Button type="submit" variant="outline" disabled={putOverride.isPending}>
              Save day
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
