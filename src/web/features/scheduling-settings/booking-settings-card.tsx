import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  BookingLinkSchema,
  type ScheduleSettings,
  TimeZoneSchema,
  UpdateScheduleSettingsInputSchema,
} from '../../../shared/scheduling';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Switch } from '../../ui/switch';
import { useAvailabilityWrites } from './api';
import { CopyField } from './copy-field';

const shape = UpdateScheduleSettingsInputSchema.shape;
/** The form holds every setting; the link may be left empty, which means no public booking page. */
const BookingSettingsFormSchema = z.object({
  timeZone: TimeZoneSchema,
  minNoticeMinutes: shape.minNoticeMinutes.unwrap(),
  bufferMinutes: shape.bufferMinutes.unwrap(),
  horizonDays: shape.horizonDays.unwrap(),
  autoConfirm: z.boolean(),
  bookingLink: z.union([z.literal(''), BookingLinkSchema]),
});
type FormInput = z.input<typeof BookingSettingsFormSchema>;
const FIELDS = [
  'timeZone',
  'minNoticeMinutes',
  'bufferMinutes',
  'horizonDays',
  'autoConfirm',
  'bookingLink',
] as const;

export const SETTINGS_SAVED = 'Booking settings saved';

function timeZones(current: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

const valuesOf = (settings: ScheduleSettings): FormInput => ({
  timeZone: settings.timeZone,
  minNoticeMinutes: settings.minNoticeMinutes,
  bufferMinutes: settings.bufferMinutes,
  horizonDays: settings.horizonDays,
  autoConfirm: settings.autoConfirm,
  bookingLink: settings.bookingLink ?? '',
});

/** Time zone, notice, buffer, horizon, whether public bookings confirm themselves, and the booking link. */
export function BookingSettingsCard({ settings }: { settings: ScheduleSettings }) {
  const { settings: save } = useAvailabilityWrites(settings.practitionerId);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(BookingSettingsFormSchema, valuesOf(settings));
  const { errors, isSubmitting } = form.formState;
  const zones = useMemo(() => timeZones(settings.timeZone), [settings.timeZone]);

  // Another practitioner picked (staff), or the saved answer: the form shows what the server holds.
  useEffect(() => form.reset(valuesOf(settings)), [settings, form]);

  const onSubmit = form.handleSubmit(async ({ bookingLink, ...values }) => {
    setError(null);
    try {
      await save.mutateAsync({ ...values, bookingLink: bookingLink || null });
      toast.success(SETTINGS_SAVED);
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: FIELDS,
          setError: form.setError,
          fallback: 'Could not save the booking settings. Please try again.',
          whenFieldsShown: 'Please correct the fields marked below.',
        }),
      );
    }
  });

  const publicUrl = settings.bookingLink ? `${window.location.origin}/book/${settings.bookingLink}` : null;
  const number = { valueAsNumber: true } as const;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Booking settings</CardTitle>
        <CardDescription>
          How far ahead and how soon patients and visitors may book, and the gap kept between sessions.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? <Alert variant="error">{error}</Alert> : null}
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Time zone"
            error={errors.timeZone?.message}
            hint="Working hours are in this zone."
          >
            <Select {...form.register('timeZone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label="Minimum notice (minutes)"
            error={errors.minNoticeMinutes?.message}
            hint="How soon before a session it may still be booked."
          >
            <Input type="number" inputMode="numeric" min={0} {...form.register('minNoticeMinutes', number)} />
          </FormField>
          <FormField
            label="Buffer between sessions (minutes)"
            error={errors.bufferMinutes?.message}
            hint="Kept free after each session."
          >
            <Input type="number" inputMode="numeric" min={0} {...form.register('bufferMinutes', number)} />
          </FormField>
          <FormField
            label="Booking horizon (days)"
            error={errors.horizonDays?.message}
            hint="How far ahead sessions may be booked."
          >
            <Input type="number" inputMode="numeric" min={1} {...form.register('horizonDays', number)} />
          </FormField>
          <FormField
            label="Booking link"
            error={errors.bookingLink?.message}
            hint="Lower-case letters, digits and dashes. Leave empty for no public booking page."
          >
            <Input autoComplete="off" spellCheck={false} {...form.register('bookingLink')} />
          </FormField>
          <div className="flex flex-col gap-1.5">
            <Controller
              control={form.control}
              name="autoConfirm"
              render={({ field }) => (
                <div className="flex items-center gap-3">
                  <Switch
                    id="auto-confirm"
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    aria-describedby="auto-confirm-hint"
                  />
                  <label htmlFor="auto-confirm" className="font-medium text-sm">
                    Confirm public bookings automatically
                  </label>
                </div>
              )}
            />
            <p id="auto-confirm-hint" className="text-muted-foreground text-xs">
              When off, requests from the public booking page wait for review.
            </p>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save booking settings'}
            </Button>
          </div>
        </form>
        {publicUrl ? (
          <CopyField
            label="Public booking page"
            value={publicUrl}
            copiedMessage="Booking page address copied"
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
