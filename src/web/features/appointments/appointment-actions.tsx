import { useState } from 'react';
import { toast } from 'sonner';
import type { Appointment } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { useUser } from '../auth';
import { type StatusAction, useAppointmentAction } from './api';
import { actionsFor } from './appointment-status';
import { CancelAppointmentDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';

const DONE: Record<StatusAction, string> = {
  confirm: 'Confirmed',
  'check-in': 'Checked in',
  complete: 'Marked as completed',
  'no-show': 'Marked as no-show',
};

/** The status changes, in the order they show, with the permission of actionsFor that offers each. */
const STATUS_BUTTONS: {
  action: StatusAction;
  text: string;
  allowedBy: 'confirm' | 'checkIn' | 'complete' | 'noShow';
}[] = [
  { action: 'confirm', text: 'Confirm', allowedBy: 'confirm' },
  { action: 'check-in', text: 'Check in', allowedBy: 'checkIn' },
  { action: 'complete', text: 'Complete', allowedBy: 'complete' },
  { action: 'no-show', text: 'No-show', allowedBy: 'noShow' },
];

type AppointmentActionsProps = {
  appointment: Appointment;
  /** Names the appointment in each button's accessible name, for rows where many share one label. */
  describe?: string;
  /** Whether to offer Reschedule (the calendar does; the list links to the calendar instead). */
  withReschedule?: boolean;
};

/** The actions an appointment's status and the viewer's role allow; nothing when none do. */
export function AppointmentActions({
  appointment,
  describe,
  withReschedule = false,
}: AppointmentActionsProps) {
  const user = useUser();
  const allowed = actionsFor(appointment, user.role);
  const act = useAppointmentAction();
  const [cancelling, setCancelling] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const label = (text: string) => (describe ? `${text}: ${describe}` : undefined);

  const run = async (action: StatusAction) => {
    try {
      await act.mutateAsync({ id: appointment.id, action });
      toast.success(DONE[action]);
    } catch (caught) {
      toast.error(isApiRequestError(caught) ? caught.message : 'Could not change the appointment.');
    }
  };

  const buttons = [
    ...STATUS_BUTTONS.filter((button) => allowed[button.allowedBy]).map((button) => ({
      key: button.action,
      text: button.text,
      onClick: () => run(button.action),
      disabled: act.isPending,
    })),
    ...(withReschedule && allowed.reschedule
      ? [{ key: 'reschedule', text: 'Reschedule', onClick: () => setRescheduling(true), disabled: false }]
      : []),
    ...(allowed.cancel
      ? [{ key: 'cancel', text: 'Cancel', onClick: () => setCancelling(true), disabled: false }]
      : []),
  ];

  if (buttons.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {buttons.map((button) => (
        <Button
          key={button.key}
          size="sm"
          variant="outline"
          aria-label={label(button.text)}
          onClick={button.onClick}
          disabled={button.disabled}
        >
          {button.text}
        </Button>
      ))}
      {allowed.cancel ? (
        <CancelAppointmentDialog appointment={appointment} open={cancelling} onOpenChange={setCancelling} />
      ) : null}
      {withReschedule && allowed.reschedule ? (
        <RescheduleDialog appointment={appointment} open={rescheduling} onOpenChange={setRescheduling} />
      ) : null}
    </div>
  );
}
