import {
  type Appointment,
  CANCELLATION_REASON_MAX,
  CancelAppointmentInputSchema,
} from '../../../shared/scheduling';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useCancelAppointment } from './api';
import { whenLabel } from './appointment-status';

type CancelDialogProps = {
  appointment: Appointment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Cancelling asks why; the reason is kept with the appointment and the slot is freed. */
export function CancelAppointmentDialog({ appointment, open, onOpenChange }: CancelDialogProps) {
  const cancel = useCancelAppointment();
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      thing="appointment"
      description={`${appointment.serviceName} with ${appointment.practitionerName} for ${appointment.patientName}, ${whenLabel(appointment)}.`}
      reasonSchema={CancelAppointmentInputSchema.shape.reason}
      required
      maxLength={CANCELLATION_REASON_MAX}
      done="Appointment cancelled"
      fallbackError="Could not cancel the appointment. Please try again."
      onConfirm={(reason) => cancel.mutateAsync({ id: appointment.id, reason: reason ?? '' })}
      pending={cancel.isPending}
    />
  );
}
