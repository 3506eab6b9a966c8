import { addDays, format } from 'date-fns';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { policySentence } from '../../../shared/billing-fees';
import type { CreateAppointmentInput } from '../../../shared/scheduling';
import { applyServerErrors } from '../../lib/form-errors';
import { formatterFor } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { DateField } from '../../ui/date-picker';
import { ChoiceField } from '../../ui/select';
import { usePolicy } from '../billing-fees';
import { useCreateAppointment, useMyRecord, useServiceTypes, useSlots } from './api';
import { NotesAndSubmit, PractitionerField, ServiceField } from './appointment-fields';

/**
 * What the form checks before it asks: a practitioner (the only one on the care team unless another is
 * chosen), a service and one of the free times offered. The server checks the time is still free.
 */
const requestFormSchema = (soleId: string) =>
  z
    .object({
      practitionerId: z
        .string()
        .transform((chosen) => chosen || soleId)
        .pipe(z.string().min(1, 'Choose a practitioner')),
      serviceTypeId: z.string().min(1, 'Choose a service'),
      day: z.string(),
      slot: z.string().min(1, 'Choose a free time'),
      notes: z.string(),
    })
    .transform(
      ({ day: _day, slot, notes, ...chosen }): CreateAppointmentInput => ({
        ...chosen,
        startsAt: slot,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      }),
    );

const SERVER_FIELDS = ['practitionerId', 'serviceTypeId', 'slot', 'notes'] as const;

const timeLabel = (free: { startsAt: string; endsAt: string }) =>
  formatterFor().timeRange(free.startsAt, free.endsAt);

/** A patient picks their practitioner, a service and a day, then one of the free times the server offers. */
export function RequestForm({ onDone }: { onDone: () => void }) {
  // The clinic's cancellation and no-show fees, said before the patient sends the request.
  const policy = usePolicy();
  const feePolicy = policy.data ? policySentence(policy.data) : null;
  const record = useMyRecord(true);
  const services = useServiceTypes();
  const create = useCreateAppointment();
  const careTeam = record.data?.practitioners ?? [];
  const soleId = careTeam.length === 1 ? careTeam[0].id : '';
  const schema = useMemo(() => requestFormSchema(soleId), [soleId]);
  const form = useZodForm(schema, {
    practitionerId: '',
    serviceTypeId: '',
    day: format(addDays(new Date(), 1), 'yyyy-MM-dd'),
    slot: '',
    notes: '',
  });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [chosenPractitionerId, serviceTypeId, day] = form.watch(['practitionerId', 'serviceTypeId', 'day']);
  const practitionerId = chosenPractitionerId || soleId;
  const slots = useSlots({ practitionerId, serviceTypeId, from: day, to: day });
  const activeServices = (services.data ?? []).filter((service) => service.active);
  const freeTimes = slots.data?.slots ?? [];
  // Another practitioner, service or day offers other times.
  const clearSlot = () => form.setValue('slot', '');

  const submit = form.handleSubmit(
    async (input) => {
      setFormError(null);
      try {
        await create.mutateAsync(input);
        toast.success('Appointment requested');
        onDone();
      } catch (caught) {
        setFormError(
          applyServerErrors(caught, {
            fields: SERVER_FIELDS,
            setError: form.setError,
            fallback: 'Could not request the appointment. Please try again.',
          }),
        );
      }
    },
    () => setFormError(null),
  );

  if (record.isSuccess && careTeam.length === 0) {
    return (
      <Alert>
        You have no practitioner on your care team yet. Please call the clinic to book your first appointment.
      </Alert>
    );
  }

  const slotHint =
    !practitionerId || !serviceTypeId
      ? 'Choose a practitioner and a service first.'
      : slots.isPending
        ? 'Looking for free times…'
        : slots.isError
          ? slots.error.message
          : freeTimes.length === 0
            ? 'No free times that day. Try another day.'
            : `${freeTimes.length} free times.`;

  return (
    <form onSubmit={submit} noValidate aria-label="Request an appointment" className="flex flex-col gap-3">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <Controller
        control={form.control}
        name="practitionerId"
        render={({ field }) => (
          <PractitionerField
            practitioners={careTeam}
            value={practitionerId}
            onChange={(value) => {
              field.onChange(value);
              clearSlot();
            }}
            error={errors.practitionerId?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="serviceTypeId"
        render={({ field }) => (
          <ServiceField
            services={activeServices}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              clearSlot();
            }}
            error={errors.serviceTypeId?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="day"
        render={({ field }) => (
          <DateField
            label="Day"
            min={format(new Date(), 'yyyy-MM-dd')}
            value={field.value}
            onChange={(day) => {
              field.onChange(day);
              clearSlot();
            }}
            onBlur={field.onBlur}
          />
        )}
      />
      <Controller
        control={form.control}
        name="slot"
        render={({ field }) => (
          <ChoiceField
            label="Free time"
            placeholder="Choose a free time"
            hint={slotHint}
            error={errors.slot?.message}
            value={field.value}
            onChange={field.onChange}
            options={freeTimes.map((free) => ({ value: free.startsAt, label: timeLabel(free) }))}
          />
        )}
      />
      {feePolicy ? <Alert variant="info">{feePolicy}</Alert> : null}
      <NotesAndSubmit
        notes={form.register('notes')}
        error={errors.notes?.message}
        pending={create.isPending}
        submit={{ idle: 'Request appointment', pending: 'Sending…' }}
      />
    </form>
  );
}
