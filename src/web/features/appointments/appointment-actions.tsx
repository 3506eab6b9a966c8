import { useState } from 'react';
import { toast } from 'sonner';
import type { Appointment } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { useUser } from '../auth/session';
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
    allowed.confirm && (
      <Button
        key="confirm"
        size="sm"
        variant="outline"
        aria-label={label('Confirm')}
        onClick={() => run('confirm')}
        disabled={act.isPending}
      >
        Confirm
      </Button>
    ),
    allowed.checkIn && (
      <Button
        key="check-in"
        size="sm"
        variant="outline"
        aria-label={label('Check in')}
        onClick={() => run('check-in')}
        disabled={act.isPending}
      >
        Check in
      </Button>
    ),
    allowed.complete && (
      <Button
        key="complete"
        size="sm"
        variant="outline"
        aria-label={label('Complete')}
        onClick={() => run('complete')}
        disabled={act.isPending}
      >
        Complete
      </Button>
    ),
    allowed.noShow && (
      <Button
        key="no-show"
        size="sm"
        variant="outline"
        aria-label={label('No-show')}
        onClick={() => run('no-show')}
        disabled={act.isPending}
      >
        No-show
      </Button>
    ),
    withReschedule && allowed.reschedule && (
      <Button
        key="reschedule"
        size="sm"
        variant="outline"
        aria-label={label('Reschedule')}
        onClick={() => setRescheduling(true)}
      >
        Reschedule
      </Button>
    ),
    allowed.cancel && (
      <Button
        key="cancel"
        size="sm"
        variant="outline"
        aria-label={label('Cancel')}
        onClick={() => setCancelling(true)}
      >
        Cancel
      </Button>
    ),
  ].filter(Boolean);

  if (buttons.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {buttons}
      {allowed.cancel ? (
        <CancelAppointmentDialog appointment={appointment} open={cancelling} onOpenChange={setCancelling} />
      ) : null}
      {withReschedule && allowed.reschedule ? (
        <RescheduleDialog appointment={appointment} open={rescheduling} onOpenChange={setRescheduling} />
      ) : null}
    </div>
  );
}
