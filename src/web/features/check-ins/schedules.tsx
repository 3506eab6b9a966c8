import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  MeasureCodeSchema,
  SCHEDULE_INTERVAL_MAX,
  SCHEDULE_TRIGGERS,
  type ScheduleTrigger,
} from '../../../shared/check-ins';
import { OUTCOME_MEASURE_CODES, OUTCOME_MEASURES } from '../../../shared/outcome-measures';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormDialog, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useCreateSchedule, useDeleteSchedule, useSchedules } from './api';
import type { Schedule } from './types';

const repeats = (trigger: string) => trigger === 'every_visits' || trigger === 'every_weeks';

const WHEN_LABELS: Record<ScheduleTrigger, string> = {
  intake: 'At intake',
  every_visits: 'Every N visits',
  every_weeks: 'Every N weeks',
  discharge: 'At discharge',
};

/** A schedule in plain words: "PSFS every 4 weeks", "LEFS at intake", "NPRS every visit". */
export function scheduleWords(schedule: Pick<Schedule, 'measure' | 'trigger' | 'interval'>) {
  const measure = OUTCOME_MEASURES[schedule.measure].shortTitle;
  const n = schedule.interval ?? 1;
  switch (schedule.trigger) {
    case 'intake':
      return `${measure} at intake`;
    case 'discharge':
      return `${measure} at discharge`;
    case 'every_visits':
      return n === 1 ? `${measure} every visit` : `${measure} every ${n} visits`;
    case 'every_weeks':
      return n === 1 ? `${measure} every week` : `${measure} every ${n} weeks`;
  }
}

/**
 * The form's own check before anything is sent: a measure and when are required; how often only for a
 * repeating schedule, as a whole number from 1 to the contract's maximum. A service is required when the
 * schedule is for one.
 */
export function scheduleFormSchema(forService: boolean) {
  return z
    .object({
      serviceTypeId: forService ? z.string().min(1, 'Choose a service') : z.string(),
      measure: z.string().min(1, 'Choose a measure').pipe(MeasureCodeSchema),
      trigger: z
        .string()
        .min(1, 'Choose when it is sent')
        .pipe(z.enum(SCHEDULE_TRIGGERS, { error: 'Choose when it is sent' })),
      interval: z.string().trim(),
    })
    .superRefine((value, ctx) => {
      if (!repeats(value.trigger)) return;
      const n = Number(value.interval);
      if (!/^\d+$/.test(value.interval) || n < 1 || n > SCHEDULE_INTERVAL_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['interval'],
          message: `Give a whole number from 1 to ${SCHEDULE_INTERVAL_MAX}`,
        });
    })
    .transform(({ interval, ...value }) => ({
      ...value,
      interval: repeats(value.trigger) ? Number(interval) : undefined,
    }));
}

const SERVER_FIELDS = ['serviceTypeId', 'measure', 'trigger', 'interval'] as const;

type Owner = { patientId: string } | { services: readonly { id: string; name: string }[] };

/** Adds one schedule, for a patient or (with a service chosen) for a service type. */
function AddScheduleForm({ owner, label }: { owner: Owner; label: string }) {
  const forService = 'services' in owner;
  const id = useId();
  const create = useCreateSchedule();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(scheduleFormSchema(forService), {
    serviceTypeId: '',
    measure: '',
    trigger: '',
    interval: '',
  });
  const { errors, isSubmitting } = form.formState;
  const trigger = form.watch('trigger');
  const unit = trigger === 'every_weeks' ? 'weeks' : 'visits';

  const onSubmit = form.handleSubmit(async ({ serviceTypeId, ...values }) => {
    setError(null);
    const input = forService ? { ...values, serviceTypeId } : { ...values, patientId: owner.patientId };
    try {
      const created = await create.mutateAsync(input);
      toast.success(`Scheduled: ${scheduleWords(created)}`);
      form.reset();
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: SERVER_FIELDS,
          setError: form.setError,
          fallback: 'Could not add the schedule. Please try again.',
          whenFieldsShown: 'Please correct the fields marked below.',
        }),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {forService ? (
          <FormField label="Service" error={errors.serviceTypeId?.message} className="sm:col-span-2">
            <Select id={`${id}-service`} {...form.register('serviceTypeId')}>
              <option value="">Choose a service</option>
              {owner.services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <FormField label="Measure" error={errors.measure?.message}>
          <Select id={`${id}-measure`} {...form.register('measure')}>
            <option value="">Choose a measure</option>
            {OUTCOME_MEASURE_CODES.map((code) => (
              <option key={code} value={code}>
                {`${OUTCOME_MEASURES[code].title} (${OUTCOME_MEASURES[code].shortTitle})`}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="When" error={errors.trigger?.message}>
          <Select id={`${id}-when`} {...form.register('trigger')}>
            <option value="">Choose when</option>
            {SCHEDULE_TRIGGERS.map((value) => (
              <option key={value} value={value}>
                {WHEN_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        {repeats(trigger) ? (
          <FormField
            label={`N (how many ${unit})`}
            error={errors.interval?.message}
            hint={`From 1 to ${SCHEDULE_INTERVAL_MAX}.`}
          >
            <Input
              id={`${id}-interval`}
              inputMode="numeric"
              autoComplete="off"
              className="max-w-32"
              {...form.register('interval')}
            />
          </FormField>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add schedule'}
        </Button>
      </div>
    </form>
  );
}

/** Remove, after saying what stops; check-ins already sent stay. */
function RemoveSchedule({ schedule, whose }: { schedule: Schedule; whose: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteSchedule();
  const words = scheduleWords(schedule);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync(schedule.id);
      toast.success(`Removed: ${words}`);
      setOpen(false);
    } catch (caught) {
      setError(refusalOf(caught, 'Could not remove the schedule. Please try again.').message);
    }
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove ${words} (${whose})`}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove this schedule?"
        description={`${words} (${whose}) will no longer be sent. Check-ins already sent stay.`}
        closeLabel="Keep the schedule"
        error={error}
        onSubmit={onSubmit}
        submitText="Remove schedule"
        destructive
        pending={remove.isPending}
      >
        {null}
      </FormDialog>
    </>
  );
}

function ScheduleItems({
  items,
  label,
  whose,
  canRemove,
}: {
  items: Schedule[];
  label: string;
  whose: string;
  canRemove: boolean;
}) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border rounded-lg border border-border">
      {items.map((schedule) => (
        <li
          key={schedule.id}
          className="flex min-h-11 flex-wrap items-center justify-between gap-2 px-3 py-1.5"
        >
          <span className="text-sm">{scheduleWords(schedule)}</span>
          {canRemove ? <RemoveSchedule schedule={schedule} whose={whose} /> : null}
        </li>
      ))}
    </ul>
  );
}

const quiet = (text: string) => <p className="text-muted-foreground text-sm">{text}</p>;

/**
 * The patient's check-in schedule on their record: their own schedules (a practitioner of their care team
 * adds and removes them) and, read-only, the schedules of the services they are booked with.
 */
export function PatientSchedules({
  patientId,
  patientName,
  canManage,
}: {
  patientId: string;
  patientName: string;
  canManage: boolean;
}) {
  const schedules = useSchedules(patientId, { withServices: true });
  if (schedules.isPending) return quiet('Loading the check-in schedule…');
  if (schedules.isError)
    return (
      <Alert variant="error">{schedules.error.message || 'Could not load the check-in schedule.'}</Alert>
    );
  const own = schedules.data.items.filter((schedule) => schedule.patientId !== null);
  const byService = schedules.data.items.filter((schedule) => schedule.patientId === null);
  return (
    <div className="flex flex-col gap-3">
      {own.length === 0 ? (
        quiet('No check-ins scheduled for this patient.')
      ) : (
        <ScheduleItems
          items={own}
          label={`Check-ins scheduled for ${patientName}`}
          whose={patientName}
          canRemove={canManage}
        />
      )}
      {byService.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <h4 className="font-medium text-sm">From the patient's services</h4>
          <ul
            aria-label="Check-ins scheduled by the patient's services"
            className="flex flex-col gap-1 text-sm"
          >
            {byService.map((schedule) => (
              <li key={schedule.id}>
                {scheduleWords(schedule)}
                <span className="text-muted-foreground">{` — ${schedule.serviceTypeName ?? 'a service'}`}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {canManage ? <AddScheduleForm owner={{ patientId }} label="Add a check-in schedule" /> : null}
    </div>
  );
}

/**
 * Settings, Services: the check-ins each service type sends by itself, listed per service, added and removed
 * by staff and admins.
 */
export function ServiceSchedules({ services }: { services: readonly { id: string; name: string }[] }) {
  const schedules = useSchedules(null);
  const headingId = useId();
  const items = schedules.data?.items ?? [];
  const named = new Map(services.map((service) => [service.id, service.name]));
  const groups = [...new Set(items.map((schedule) => schedule.serviceTypeId ?? ''))].map((serviceTypeId) => ({
    serviceTypeId,
    name:
      named.get(serviceTypeId) ??
      items.find((schedule) => schedule.serviceTypeId === serviceTypeId)?.serviceTypeName ??
      'A service',
    items: items.filter((schedule) => (schedule.serviceTypeId ?? '') === serviceTypeId),
  }));
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>Check-in schedules</CardTitle>
        <CardDescription>
          Outcome measures a service sends by itself to each patient booked with it: at intake, every N visits
          or weeks, or at discharge.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {schedules.isPending ? (
          quiet('Loading the check-in schedules…')
        ) : schedules.isError ? (
          <Alert variant="error">{schedules.error.message || 'Could not load the check-in schedules.'}</Alert>
        ) : groups.length === 0 ? (
          quiet('No service sends check-ins yet.')
        ) : (
          <div className="flex flex-col gap-3">
            {groups
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((group) => (
                <div key={group.serviceTypeId} className="flex flex-col gap-1.5">
                  <h4 className="font-medium text-sm">{group.name}</h4>
                  <ScheduleItems
                    items={group.items}
                    label={`Check-ins scheduled by ${group.name}`}
                    whose={group.name}
                    canRemove
                  />
                </div>
              ))}
          </div>
        )}
        <AddScheduleForm owner={{ services }} label="Add a check-in schedule for a service" />
      </CardContent>
    </Card>
  );
}
