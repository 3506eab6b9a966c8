import { useId, useState } from 'react';
import { toast } from 'sonner';
import { type Appointment, CANCELLATION_REASON_MAX } from '../../../shared/scheduling';
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
import { Textarea } from '../../ui/select';
import { useCancelAppointment } from './api';
import { whenLabel } from './appointment-status';

type CancelDialogProps = {
  appointment: Appointment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Cancelling asks why; the reason is kept with the appointment and the slot is freed. */
export function CancelAppointmentDialog({ appointment, open, onOpenChange }: CancelDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelAppointment();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setReason('');
      setFieldError(undefined);
      setError(null);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setFieldError('Reason is required');
      return;
    }
    setFieldError(undefined);
    setError(null);
    try {
      await cancel.mutateAsync({ id: appointment.id, reason: reason.trim() });
      toast.success('Appointment cancelled');
      close(false);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.fields?.reason) setFieldError(caught.fields.reason);
      setError(
        isApiRequestError(caught) ? caught.message : 'Could not cancel the appointment. Please try again.',
      );
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel="Close cancel appointment">
        <DialogHeader>
          <DialogTitle>Cancel this appointment?</DialogTitle>
          <DialogDescription>
            {appointment.serviceName} with {appointment.practitionerName} for {appointment.patientName},{' '}
            {whenLabel(appointment)}.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="Cancel appointment" className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField label="Reason" error={fieldError}>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={CANCELLATION_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              required
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep appointment</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              Cancel appointment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
