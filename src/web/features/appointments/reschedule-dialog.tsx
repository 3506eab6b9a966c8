import { format } from 'date-fns';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import type { Appointment, UpdateAppointmentInput } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { useVideoVisits } from '../clinic-features';
import { useUpdateAppointment } from './api';
import { DayAndTimeFields, startOfDayAndTime, VideoVisitField } from './appointment-fields';
import { durationMinutes, whenLabel } from './appointment-status';

/**
 * A day and a time that read as one instant, and whether the visit is held as a call: the change the server
 * is asked for; it answers a clash.
 */
const RescheduleFormSchema = z
  .object({ day: z.string(), time: z.string(), isVideo: z.boolean() })
  .refine((values) => !Number.isNaN(startOfDayAndTime(values).getTime()), {
    message: 'Choose a day and a time',
    path: ['day'],
  })
  .transform((values) => ({ startsAt: startOfDayAndTime(values).toISOString(), isVideo: values.isVideo }));

const valuesOf = (appointment: Appointment) => {
  const start = new Date(appointment.startsAt);
  return {
    day: format(start, 'yyyy-MM-dd'),
    time: format(start, 'HH:mm'),
    isVideo: appointment.isVideo === true,
  };
};

type RescheduleDialogProps = {
  appointment: Appointment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Moves an appointment to another day and time, keeping its length: the keyboard's way to do what dragging
 * does on the calendar. While the clinic has video visits on it also switches the appointment between a
 * video visit and one in person. A clash is answered 409 and shown here.
 */
export function RescheduleDialog({ appointment, open, onOpenChange }: RescheduleDialogProps) {
  const videoVisits = useVideoVisits();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close reschedule">
        <DialogHeader>
          <DialogTitle>Reschedule appointment</DialogTitle>
          <DialogDescription>
            {appointment.patientName}, now {whenLabel(appointment)}. It keeps its length of{' '}
            {durationMinutes(appointment)} minutes.
          </DialogDescription>
        </DialogHeader>
        {/* Made afresh each time it opens, from the appointment as it is now. */}
        {open ? (
          <RescheduleForm
            appointment={appointment}
            videoVisits={videoVisits}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RescheduleForm({
  appointment,
  videoVisits,
  onDone,
}: {
  appointment: Appointment;
  videoVisits: boolean;
  onDone: () => void;
}) {
  const form = useZodForm(RescheduleFormSchema, valuesOf(appointment));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAppointment();

  // The dialog says what is wrong in its one message, not by the fields. Video visits off: the change is the
  // time alone, as the specification has it.
  const submit = form.handleSubmit(
    async ({ startsAt, isVideo }) => {
      setError(null);
      const changes: UpdateAppointmentInput = videoVisits ? { startsAt, isVideo } : { startsAt };
      const switched = videoVisits && isVideo !== (appointment.isVideo === true);
      const moved = Date.parse(startsAt) !== Date.parse(appointment.startsAt);
      try {
        await update.mutateAsync({ id: appointment.id, changes });
        // A switch alone says what the visit now is; any move says it moved.
        const kind = isVideo ? 'Now a video visit' : 'Now an in-person visit';
        toast.success(switched && !moved ? kind : 'Appointment moved');
        onDone();
      } catch (caught) {
        setError(
          isApiRequestError(caught)
            ? caught.message
            : `Could not ${videoVisits ? 'change' : 'move'} the appointment. Please try again.`,
        );
      }
    },
    (invalid) => setError(invalid.day?.message ?? null),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Reschedule appointment" className="flex flex-col gap-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <DayAndTimeFields
        control={form.control}
        time={form.register('time')}
        labels={{ day: 'New day', time: 'New time' }}
        currentTime={valuesOf(appointment).time}
        required
      />
      {videoVisits ? <VideoVisitField control={form.control} /> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{videoVisits ? 'Close' : 'Keep the time'}</Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {videoVisits ? 'Save changes' : 'Move appointment'}
        </Button>
      </DialogFooter>
    </form>
  );
}
