import { toast } from 'sonner';
import { type Appointment, type UndoNoShowAnswer, UndoNoShowInputSchema } from '../../../shared/scheduling';
import { formatMoney } from '../../lib/format';
import { useDialogForm } from '../../lib/use-dialog-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/select';
import { useUndoNoShow } from './api';
import { APPOINTMENT_STATUS_LABELS, whenLabel } from './appointment-status';

type UndoNoShowProps = { appointment: Appointment; open: boolean; onOpenChange: (open: boolean) => void };

/** What became of the no-show fee, said once the mark is taken back. */
function feeOutcome(answer: UndoNoShowAnswer) {
  const { fee } = answer;
  if (!fee) return undefined;
  const amount = formatMoney(fee.amountCents);
  if (fee.outcome === 'withdrawn') return `The ${amount} no-show fee was withdrawn.`;
  if (fee.status === 'applied')
    return `The ${amount} no-show fee stays on invoice ${fee.invoiceNumber ?? ''}: void or refund it from Billing.`;
  return `The ${amount} no-show fee was already waived.`;
}

/**
 * Staff and admins take back a no-show marked by mistake (the patient came late): the appointment returns to
 * the status it was marked from, and the reason is kept in the activity log.
 */
export function UndoNoShowDialog({ appointment, open, onOpenChange }: UndoNoShowProps) {
  const undo = useUndoNoShow();
  const { form, error, close, submit } = useDialogForm(
    UndoNoShowInputSchema,
    { reason: '' },
    {
      onOpenChange,
      fields: ['reason'],
      fallback: 'Could not take back the no-show. Please try again.',
      onValid: async ({ reason }) => {
        const answer = await undo.mutateAsync({ id: appointment.id, reason });
        toast.success(
          `No-show taken back: ${APPOINTMENT_STATUS_LABELS[answer.appointment.status].toLowerCase()}`,
          { description: feeOutcome(answer) },
        );
      },
    },
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Take back the no-show?"
      description={`${appointment.serviceName} with ${appointment.practitionerName} for ${appointment.patientName}, ${whenLabel(appointment)}. It returns to the status it had; a no-show fee not yet applied is withdrawn.`}
      closeLabel="Keep the no-show"
      error={error}
      onSubmit={submit}
      submitText={undo.isPending ? 'Taking back…' : 'Take back no-show'}
      pending={undo.isPending}
    >
      <FormField label="Reason" error={form.formState.errors.reason?.message}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </FormDialog>
  );
}
