import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { type DateOverride, DaySchema, PutDateOverrideInputSchema } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useAvailabilityWrites } from './api';

export const OVERRIDE_SAVED = 'Day saved';
const hoursText = (override: DateOverride) =>
  override.hours.length === 0
    ? 'Closed all day'
    : override.hours.map((range) => `${range.start}–${range.end}`).join(', ');

/** Days that differ from the week: closed, or open only in their own hours. */
export function DateOverridesCard({
  practitionerId,
  overrides,
}: {
  practitionerId: string;
  overrides: DateOverride[];
}) {
  const { putOverride, deleteOverride } = useAvailabilityWrites(practitionerId);
  const [date, setDate] = useState('');
  const [closed, setClosed] = useState(true);
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('13:00');
  const [errors, setErrors] = useState<{ date?: string; start?: string; end?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const day = DaySchema('Date').safeParse(date);
    const hours = PutDateOverrideInputSchema.safeParse({ hours: closed ? [] : [{ start, end }] });
    const found: typeof errors = {};
    if (!day.success) found.date = date ? day.error.issues[0].message : 'Date is required';
    if (!hours.success) {
      for (const issue of hours.error.issues) {
        const part = issue.path.at(-1) === 'start' ? 'start' : 'end';
        found[part] ??= issue.message;
      }
    }
    setErrors(found);
    if (!day.success || !hours.success) return;
    try {
      await putOverride.mutateAsync({ date: day.data, ...hours.data });
      toast.success(OVERRIDE_SAVED);
      setDate('');
    } catch (caught) {
      const fields = isApiRequestError(caught) ? (caught.fields ?? {}) : {};
      setErrors({ date: fields.date, start: fields['hours.0.start'], end: fields['hours.0.end'] });
      setError(isApiRequestError(caught) ? caught.message : 'Could not save the day. Please try again.');
    }
  };

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
            <FormField label="Date" error={errors.date} className="w-44">
              <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
            </FormField>
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 font-medium text-sm">That day</legend>
              <div className="flex gap-4">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="override-kind"
                    checked={closed}
                    onChange={() => setClosed(true)}
                  />
                  Closed all day
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="override-kind"
                    checked={!closed}
                    onChange={() => setClosed(false)}
                  />
                  Open these hours
                </label>
              </div>
            </fieldset>
            {closed ? null : (
              <>
                <FormField label="Opens" error={errors.start} className="w-32">
                  <Input type="time" value={start} onChange={(event) => setStart(event.target.value)} />
                </FormField>
                <FormField label="Closes" error={errors.end} className="w-32">
                  <Input type="time" value={end} onChange={(event) => setEnd(event.target.value)} />
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
