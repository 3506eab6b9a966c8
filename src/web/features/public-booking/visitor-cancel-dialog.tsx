import { useId, useState } from 'react';
import { toast } from 'sonner';
import { BOOKING_REASON_MAX, type VisitorBooking } from '../../../shared/public-booking';
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
import { useCancelVisitorBooking } from './api';
import { bookingTimeLabel } from './times';

type VisitorCancelDialogProps = {
  token: string;
  booking: VisitorBooking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The visitor confirms the cancellation, saying why if they like. */
export function VisitorCancelDialog({ token, booking, open, onOpenChange }: VisitorCancelDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelVisitorBooking(token);

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
    setFieldError(undefined);
    setError(null);
    try {
      await cancel.mutateAsync(reason.trim() ? { reason: reason.trim() } : {});
      toast.success('Booking cancelled');
      close(false);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.fields?.reason) setFieldError(caught.fields.reason);
      setError(
        caught instanceof Error ? caught.message : 'The booking could not be cancelled. Please try again.',
      );
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel="Close cancel booking">
        <DialogHeader>
          <DialogTitle>Cancel this booking?</DialogTitle>
          <DialogDescription>
            {booking.serviceName} with {booking.practitionerName}, {bookingTimeLabel(booking)}.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="Cancel booking" className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField label="Reason (optional)" error={fieldError}>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={BOOKING_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep booking</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              Cancel booking
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
