import { useState } from 'react';
import { toast } from 'sonner';
import type { Appointment } from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { RowActions } from '../../ui/row-menu';
import { useUser } from '../auth';
import { FeeOfferDialog } from '../billing-fees';
import { type StatusAction, useAppointmentAction } from './api';
import { actionsFor } from './appointment-status';
import { CancelAppointmentDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { UndoNoShowDialog } from './undo-no-show-dialog';

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
  /**
   * In a list's row: the first action stays a button and the rest go in a menu, each named for the
   * appointment since many rows share one label.
   */
  row?: { patientName: string; when: string };
  /** Whether to offer Reschedule (the calendar does; the list links to the calendar instead). */
  withReschedule?: boolean;
};

/** The actions an appointment's status and the viewer's role allow; nothing when none do. */
export function AppointmentActions({ appointment, row, withReschedule = false }: AppointmentActionsProps) {
  const user = useUser();
  const allowed = actionsFor(appointment, user.role);
  const act = useAppointmentAction();
  const [cancelling, setCancelling] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [undoing, setUndoing] = useState(false);
  // A no-show may make a fee under the clinic's policy: it is offered right away (nothing shows when none).
  const [offeringFee, setOfferingFee] = useState(false);

  const run = async (action: StatusAction) => {
    try {
      await act.mutateAsync({ id: appointment.id, action });
      toast.success(DONE[action]);
      if (action === 'no-show') setOfferingFee(true);
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
    ...(allowed.undoNoShow
      ? [{ key: 'undo-no-show', text: 'Undo no-show', onClick: () => setUndoing(true), disabled: false }]
      : []),
  ];

  const feeOffer = offeringFee ? (
    <FeeOfferDialog appointmentId={appointment.id} open onOpenChange={setOfferingFee} />
  ) : null;
  if (buttons.length === 0) return feeOffer;
  const dialogs = (
    <>
      {feeOffer}
      {allowed.cancel ? (
        <CancelAppointmentDialog appointment={appointment} open={cancelling} onOpenChange={setCancelling} />
      ) : null}
      {allowed.undoNoShow ? (
        <UndoNoShowDialog appointment={appointment} open={undoing} onOpenChange={setUndoing} />
      ) : null}
      {withReschedule && allowed.reschedule ? (
        <RescheduleDialog appointment={appointment} open={rescheduling} onOpenChange={setRescheduling} />
      ) : null}
    </>
  );
  if (row) {
    return (
      <>
        <RowActions
          menuLabel={`More actions for ${row.patientName} on ${row.when}`}
          actions={buttons.map((button) => ({
            key: button.key,
            text: button.text,
            label: `${button.text}: ${row.patientName}, ${row.when}`,
            onSelect: button.onClick,
            disabled: button.disabled,
          }))}
        />
        {dialogs}
      </>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {buttons.map((button) => (
        <Button
          key={button.key}
          size="sm"
          variant="outline"
          onClick={button.onClick}
          disabled={button.disabled}
        >
          {button.text}
        </Button>
      ))}
      {dialogs}
    </div>
  );
}
