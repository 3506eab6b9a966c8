import { format } from 'date-fns';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { CreateAppointmentInput } from '../../../shared/scheduling';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { useUser } from '../auth';
import { useVideoVisits } from '../clinic-features';
import { PatientPicker, usePractitioners } from '../patients';
import { useCreateAppointment, useServiceTypes } from './api';
import {
  DayAndTimeFields,
  NotesAndSubmit,
  PractitionerField,
  ServiceField,
  startOfDayAndTime,
  VideoVisitField,
} from './appointment-fields';

/** What opening the dialog already knows: a time clicked on the calendar, the practitioner shown. */
export type NewAppointmentPrefill = { startsAt?: Date; practitionerId?: string };

/**
 * What the form checks before it books: the choices made and a day and time that read as one. The contract's
 * finer rules stay the server's, whose messages land on their fields.
 */
const BookingFormSchema = z
  .object({
    patientId: z.string().min(1, 'Choose a patient'),
    practitionerId: z.string().min(1, 'Choose a practitioner'),
    serviceTypeId: z.string().min(1, 'Choose a service'),
    day: z.string(),
    time: z.string(),
    notes: z.string(),
    isVideo: z.boolean(),
  })
  .superRefine((values, context) => {
    if (Number.isNaN(startOfDayAndTime(values).getTime()))
      context.addIssue({ code: 'custom', path: ['day'], message: 'Choose a day and a time' });
  })
  .transform(
    ({ day, time, notes, ...chosen }): CreateAppointmentInput => ({
      ...chosen,
      startsAt: startOfDayAndTime({ day, time }).toISOString(),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    }),
  );

/** The refusal's fields the form shows; the contract's startsAt is the form's day and time, shown under Day. */
const SERVER_FIELDS = ['patientId', 'practitionerId', 'serviceTypeId', 'startsAt', 'notes'] as const;
const fieldOf = (name: string) =>
  (name === 'startsAt' ? 'day' : name) as keyof z.input<typeof BookingFormSchema>;

/** Staff, admin and practitioners book any time for any patient. */
export function BookingForm({ prefill, onDone }: { prefill?: NewAppointmentPrefill; onDone: () => void }) {
  const user = useUser();
  const choosesPractitioner = user.role === 'staff' || user.role === 'admin';
  const practitioners = usePractitioners(choosesPractitioner);
  const services = useServiceTypes();
  const create = useCreateAppointment();
  const start = prefill?.startsAt ?? null;
  const form = useZodForm(BookingFormSchema, {
    patientId: '',
    practitionerId: choosesPractitioner ? (prefill?.practitionerId ?? '') : user.id,
    serviceTypeId: '',
    day: start ? format(start, 'yyyy-MM-dd') : '',
    time: start ? format(start, 'HH:mm') : '',
    notes: '',
    isVideo: false,
  });
  const { errors } = form.formState;
  // Video visits off: no switch, and the booking says nothing of video (the server takes the service's kind).
  const videoVisits = useVideoVisits();
  const [formError, setFormError] = useState<string | null>(null);
  const activeServices = (services.data ?? []).filter((service) => service.active);

  const submit = form.handleSubmit(
    async ({ isVideo, ...input }) => {
      setFormError(null);
      try {
        await create.mutateAsync(videoVisits ? { ...input, isVideo } : input);
        toast.success('Appointment booked');
        onDone();
      } catch (caught) {
        setFormError(
          applyServerErrors(caught, {
            fields: SERVER_FIELDS,
            setError: (name, error) => form.setError(fieldOf(name), error),
            fallback: 'Could not book the appointment. Please try again.',
          }),
        );
      }
    },
    () => setFormError(null),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="New appointment" className="flex flex-col gap-3">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <Controller
        control={form.control}
        name="patientId"
        render={({ field }) => (
          <PatientPicker
            label="Patient"
            emptyLabel="Choose a patient"
            value={field.value}
            onChange={field.onChange}
            error={errors.patientId?.message}
          />
        )}
      />
      {choosesPractitioner ? (
        <Controller
          control={form.control}
          name="practitionerId"
          render={({ field }) => (
            <PractitionerField
              practitioners={practitioners.data ?? []}
              value={field.value}
              onChange={field.onChange}
              error={errors.practitionerId?.message}
            />
          )}
        />
      ) : null}
      <Controller
        control={form.control}
        name="serviceTypeId"
        render={({ field }) => (
          <ServiceField
            services={activeServices}
            markVideo={!videoVisits}
            value={field.value}
            onChange={(serviceTypeId) => {
              field.onChange(serviceTypeId);
              // A service brings its own kind of visit; the switch may then say otherwise.
              const service = activeServices.find((candidate) => candidate.id === serviceTypeId);
              form.setValue('isVideo', service?.isVideo === true);
            }}
            error={errors.serviceTypeId?.message}
          />
        )}
      />
      {videoVisits ? <VideoVisitField control={form.control} /> : null}
      <DayAndTimeFields
        control={form.control}
        time={form.register('time')}
        labels={{ day: 'Day', time: 'Time' }}
        currentTime={start ? format(start, 'HH:mm') : undefined}
        dayError={errors.day?.message}
      />
      <NotesAndSubmit
        notes={form.register('notes')}
        error={errors.notes?.message}
        pending={create.isPending}
        submit={{ idle: 'Book appointment', pending: 'Booking…' }}
      />
    </form>
  );
}
