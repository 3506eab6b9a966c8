import { useState } from 'react';
import {
  type Appointment,
  CANCELLATION_REASON_MAX,
  CancelAppointmentInputSchema,
} from '../../../shared/scheduling';
import { formatMoney } from '../../lib/format';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useUser } from '../auth';
import { usePolicy } from '../billing-fees';
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
  const { role } = useUser();
  const policy = usePolicy(open && role !== 'patient');
  const [atPatientRequest, setAtPatientRequest] = useState(false);
  // Inside the clinic's window a cancellation the patient asked for offers the late-cancellation fee
  // (decision 0030); one the clinic makes does not. A patient's own is always at their request.
  const lateFee =
    role !== 'patient' &&
    policy.data?.sessionBilling &&
    policy.data.lateCancelFeeCents > 0 &&
    Date.parse(appointment.startsAt) - Date.now() < policy.data.lateCancelWindowHours * 3_600_000
      ? policy.data.lateCancelFeeCents
      : 0;
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
      onConfirm={(reason) =>
        cancel.mutateAsync({
          id: appointment.id,
          reason: reason ?? '',
          ...(lateFee > 0 ? { atPatientRequest } : {}),
        })
      }
      pending={cancel.isPending}
      extra={
        lateFee > 0 ? (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={atPatientRequest}
              onChange={(event) => setAtPatientRequest(event.target.checked)}
            />
            <span>{`The patient asked to cancel (the ${formatMoney(lateFee)} late-cancellation fee is offered)`}</span>
          </label>
        ) : null
      }
    />
  );
}
