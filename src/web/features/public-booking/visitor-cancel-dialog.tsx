import {
  BOOKING_REASON_MAX,
  type VisitorBooking,
  VisitorCancelInputSchema,
} from '../../../shared/public-booking';
import { ReasonDialog } from '../../ui/reason-dialog';
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
  const cancel = useCancelVisitorBooking(token);
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      thing="booking"
      description={`${booking.serviceName} with ${booking.practitionerName}, ${bookingTimeLabel(booking)}.`}
      reasonSchema={VisitorCancelInputSchema.shape.reason}
      required={false}
      maxLength={BOOKING_REASON_MAX}
      done="Booking cancelled"
      fallbackError="The booking could not be cancelled. Please try again."
      onConfirm={(reason) => cancel.mutateAsync(reason ? { reason } : {})}
      pending={cancel.isPending}
    />
  );
}
