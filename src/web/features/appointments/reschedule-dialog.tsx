import { format, parse } from 'date-fns';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { Appointment, UpdateAppointmentInput } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DateField } from '../../ui/date-picker';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { TimeSelect } from '../../ui/time-select';
import { useUpdateAppointment } from './api';
import { durationMinutes, whenLabel } from './appointment-status';

/** A day and a time that read as one instant: the move the server is asked for; it answers a clash. */
const RescheduleFormSchema = z
  .object({ day: z.string(), time: z.string() })
  .transform(({ day, time }) => parse(`${day} ${time}`, 'yyyy-MM-dd HH:mm', new Date()))
  .refine((startsAt) => !Number.isNaN(startsAt.getTime()), {
    message: 'Choose a day and a time',
    path: ['day'],
  })
  .transform((startsAt): UpdateAppointmentInput => ({ startsAt: startsAt.toISOString() }));

const valuesOf = (appointment: Appointment) => {
  const start = new Date(appointment.startsAt);
  return { day: format(start, 'yyyy-MM-dd'), time: format(start, 'HH:mm') };
};

type RescheduleDialogProps = {
  appointment: Appointment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Moves an appointment to another day and time, keeping its length: the keyboard's way to do what dragging
 * does on the calendar. A clash is answered 409 and shown here.
 */
export function RescheduleDialog({ appointment, open, onOpenChange }: RescheduleDialogProps) {
  const form = useZodForm(RescheduleFormSchema, valuesOf(appointment));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAppointment();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset(valuesOf(appointment));
      setError(null);
    }
  };

  // The dialog says what is wrong in its one message, not by the fields.
  const submit = form.handleSubmit(
    async (changes) => {
      setError(null);
      try {
        await update.mutateAsync({ id: appointment.id, changes });
        toast.success('Appointment moved');
        close(false);
      } catch (caught) {
        setError(
          isApiRequestError(caught) ? caught.message : 'Could not move the appointment. Please try again.',
        );
      }
    },
    (invalid) => setError(invalid.day?.message ?? null),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel="Close reschedule">
        <DialogHeader>
          <DialogTitle>Reschedule appointment</DialogTitle>
          <DialogDescription>
            {appointment.patientName}, now {whenLabel(appointment)}. It keeps its length of{' '}
            {durationMinutes(appointment)} minutes.
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={submit}
          noValidate
          aria-label="Reschedule appointment"
          className="flex flex-col gap-3"
        >
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="day"
              render={({ field }) => (
                <DateField
                  label="New day"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <FormField label="New time">
              <TimeSelect
                stepMinutes={5}
                current={valuesOf(appointment).time}
                required
                {...form.register('time')}
              />
            </FormField>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep the time</Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              Move appointment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
