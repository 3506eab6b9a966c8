import { Plus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { toast } from 'sonner';
import { type Availability, ReplaceWeeklyHoursInputSchema } from '../../../shared/scheduling';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { TimeSelect } from '../../ui/time-select';
import { useAvailabilityWrites } from './api';
import { WEEK_ORDER, WEEKDAY_NAMES } from './weekdays';

export const HOURS_SAVED = 'Weekly hours saved';

type Range = Availability['weeklyHours'][number];
const dayPlace = (weekday: number) => WEEK_ORDER.indexOf(weekday);
/**
 * The ranges in the order shown, Monday first, and kept so as rows are added: the form's "hours.N" is then
 * the row the server's "hours.N" names.
 */
const inWeekOrder = (hours: Availability['weeklyHours']) =>
  WEEK_ORDER.flatMap((weekday) =>
    hours.filter((range) => range.weekday === weekday).map(({ start, end }) => ({ weekday, start, end })),
  );

/** The week as ranges of working hours per weekday; several a day, saved together as the whole week. */
export function WeeklyHoursCard({
  practitionerId,
  hours,
}: {
  practitionerId: string;
  hours: Availability['weeklyHours'];
}) {
  const { weeklyHours: save } = useAvailabilityWrites(practitionerId);
  const form = useZodForm(ReplaceWeeklyHoursInputSchema, { hours: inWeekOrder(hours) });
  const rows = useFieldArray({ control: form.control, name: 'hours' });
  const values = form.watch('hours');
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => form.reset({ hours: inWeekOrder(hours) }), [hours, form]);

  const add = (weekday: number) => {
    const current = form.getValues('hours');
    const last = current.filter((row) => row.weekday === weekday).at(-1);
    const start = last && last.end < '23:00' ? last.end : '09:00';
    const end = start < '17:00' ? '17:00' : '23:30';
    const place = current.filter((row) => dayPlace(row.weekday) <= dayPlace(weekday)).length;
    rows.insert(place, { weekday, start, end }, { shouldFocus: false });
  };

  const submit = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        await save.mutateAsync(input);
        toast.success(HOURS_SAVED);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: input.hours.flatMap((_, index) => [`hours.${index}.start`, `hours.${index}.end`]),
            setError: form.setError,
            fallback: 'Could not save the weekly hours. Please try again.',
          }),
        );
      }
    },
    () => setError('Please correct the hours marked below.'),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>Weekly hours</CardTitle>
        <CardDescription>
          When sessions can be booked each week, in the time zone above. A day without hours is a day off.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-labelledby={headingId} className="flex flex-col gap-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          {WEEK_ORDER.map((weekday) => {
            const name = WEEKDAY_NAMES[weekday];
            const own = rows.fields
              .map((row, index) => ({ key: row.id, index }))
              .filter(({ index }) => values[index]?.weekday === weekday);
            return (
              <fieldset
                key={weekday}
                className="flex flex-col gap-2 border-border border-b pb-3 last:border-0"
              >
                <legend className="font-medium text-sm">{name}</legend>
                {own.length === 0 ? <p className="text-muted-foreground text-sm">Not working</p> : null}
                {own.map(({ key, index }, place) => {
                  const label = own.length > 1 ? ` (${place + 1})` : '';
                  const rowErrors = errors.hours?.[index];
                  const range: Range | undefined = values[index];
                  return (
                    <div key={key} className="flex flex-wrap items-end gap-2">
                      <FormField label={`From${label}`} error={rowErrors?.start?.message} className="w-36">
                        <TimeSelect current={range?.start} {...form.register(`hours.${index}.start`)} />
                      </FormField>
                      <FormField label={`To${label}`} error={rowErrors?.end?.message} className="w-36">
                        <TimeSelect current={range?.end} endOfDay {...form.register(`hours.${index}.end`)} />
                      </FormField>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${name} ${range?.start}–${range?.end}`}
                        onClick={() => rows.remove(index)}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </div>
                  );
                })}
                <div>
                  <Button type="button" variant="outline" size="sm" onClick={() => add(weekday)}>
                    <Plus aria-hidden="true" />
                    Add hours<span className="sr-only"> on {name}</span>
                  </Button>
                </div>
              </fieldset>
            );
          })}
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save weekly hours'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
