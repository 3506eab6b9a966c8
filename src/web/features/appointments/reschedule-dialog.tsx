import { format, parse } from 'date-fns';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { Appointment } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
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
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { useUpdateAppointment } from './api';
import { durationMinutes, whenLabel } from './appointment-status';

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
  const id = useId();
  const start = new Date(appointment.startsAt);
  const [day, setDay] = useState(format(start, 'yyyy-MM-dd'));
  const [time, setTime] = useState(format(start, 'HH:mm'));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAppointment();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setDay(format(new Date(appointment.startsAt), 'yyyy-MM-dd'));
      setTime(format(new Date(appointment.startsAt), 'HH:mm'));
      setError(null);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const startsAt = parse(`${day} ${time}`, 'yyyy-MM-dd HH:mm', new Date());
    if (Number.isNaN(startsAt.getTime())) {
      setError('Choose a day and a time');
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({ id: appointment.id, changes: { startsAt: startsAt.toISOString() } });
      toast.success('Appointment moved');
      close(false);
    } catch (caught) {
      setError(
        isApiRequestError(caught) ? caught.message : 'Could not move the appointment. Please try again.',
      );
    }
  };

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
            <FormField label="New day">
              <Input
                id={`${id}-day`}
                type="date"
                value={day}
                onChange={(event) => setDay(event.target.value)}
                required
              />
            </FormField>
            <FormField label="New time">
              <Input
                id={`${id}-time`}
                type="time"
                step={300}
                value={time}
                onChange={(event) => setTime(event.target.value)}
                required
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
