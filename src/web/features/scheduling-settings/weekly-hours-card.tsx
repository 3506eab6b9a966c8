import { Plus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type Availability,
  ReplaceWeeklyHoursInputSchema,
  WeeklyHoursSchema,
} from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useAvailabilityWrites } from './api';
import { WEEK_ORDER, WEEKDAY_NAMES } from './weekdays';

type Row = { key: number; weekday: number; start: string; end: string };
export const HOURS_SAVED = 'Weekly hours saved';

let nextKey = 1;
const rowsOf = (hours: Availability['weeklyHours']): Row[] =>
  hours.map((range) => ({ key: nextKey++, ...range }));

/** The week as ranges of working hours per weekday; several a day, saved together as the whole week. */
export function WeeklyHoursCard({
  practitionerId,
  hours,
}: {
  practitionerId: string;
  hours: Availability['weeklyHours'];
}) {
  const { weeklyHours: save } = useAvailabilityWrites(practitionerId);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(hours));
  const [errors, setErrors] = useState<Map<number, { start?: string; end?: string }>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => setRows(rowsOf(hours)), [hours]);

  const change = (key: number, part: 'start' | 'end', value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [part]: value } : row)));
  const add = (weekday: number) => {
    const last = rows.filter((row) => row.weekday === weekday).at(-1);
    const start = last && last.end < '23:00' ? last.end : '09:00';
    const end = start < '17:00' ? '17:00' : '23:30';
    setRows((current) => [...current, { key: nextKey++, weekday, start, end }]);
  };
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    // Sent in the order shown, so the server's "hours.N" points back at the row.
    const ordered = WEEK_ORDER.flatMap((weekday) => rows.filter((row) => row.weekday === weekday));
    const found = new Map<number, { start?: string; end?: string }>();
    for (const row of ordered) {
      const parsed = WeeklyHoursSchema.safeParse({ weekday: row.weekday, start: row.start, end: row.end });
      if (parsed.success) continue;
      const messages: { start?: string; end?: string } = {};
      for (const issue of parsed.error.issues) {
        const part = issue.path[0] === 'start' ? 'start' : 'end';
        messages[part] ??= issue.message;
      }
      found.set(row.key, messages);
    }
    setErrors(found);
    if (found.size > 0) {
      setError('Please correct the hours marked below.');
      return;
    }
    const input = ReplaceWeeklyHoursInputSchema.parse({
      hours: ordered.map(({ weekday, start, end }) => ({ weekday, start, end })),
    });
    try {
      await save.mutateAsync(input);
      toast.success(HOURS_SAVED);
    } catch (caught) {
      const fromServer = new Map<number, { start?: string; end?: string }>();
      for (const [path, message] of Object.entries(isApiRequestError(caught) ? (caught.fields ?? {}) : {})) {
        const match = /^hours\.(\d+)(?:\.(start|end))?/.exec(path);
        const row = match ? ordered[Number(match[1])] : undefined;
        if (row) fromServer.set(row.key, { [match?.[2] === 'start' ? 'start' : 'end']: message });
      }
      setErrors(fromServer);
      setError(
        isApiRequestError(caught) ? caught.message : 'Could not save the weekly hours. Please try again.',
      );
    }
  };

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
            const own = rows.filter((row) => row.weekday === weekday);
            return (
              <fieldset
                key={weekday}
                className="flex flex-col gap-2 border-border border-b pb-3 last:border-0"
              >
                <legend className="font-medium text-sm">{name}</legend>
                {own.length === 0 ? <p className="text-muted-foreground text-sm">Not working</p> : null}
                {own.map((row, index) => {
                  const label = own.length > 1 ? ` (${index + 1})` : '';
                  const rowErrors = errors.get(row.key);
                  return (
                    <div key={row.key} className="flex flex-wrap items-end gap-2">
                      <FormField label={`From${label}`} error={rowErrors?.start} className="w-36">
                        <Input
                          type="time"
                          value={row.start}
                          onChange={(event) => change(row.key, 'start', event.target.value)}
                        />
                      </FormField>
                      <FormField label={`To${label}`} error={rowErrors?.end} className="w-36">
                        <Input
                          type="time"
                          value={row.end}
                          onChange={(event) => change(row.key, 'end', event.target.value)}
                        />
                      </FormField>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${name} ${row.start}–${row.end}`}
                        onClick={() => remove(row.key)}
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
