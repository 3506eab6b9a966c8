import { format } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { INVOICE_REASON_MAX, type Invoice, type InvoicePayment } from '../../../shared/billing';
import { formatMoney } from '../../lib/format';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';
import { useRefundPayment } from './api';
import { invoiceName } from './invoice-status';
import { centsFromText, textFromCents } from './money';
import { type FieldErrors, FormDialog, refusalOf } from './payment-dialogs';

type RefundDialogProps = {
  invoice: Invoice;
  payment: InvoicePayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Refunds some or all of what is left of one payment, with a reason; a card paid online is refunded to it. */
export function RefundDialog({ invoice, payment, open, onOpenChange }: RefundDialogProps) {
  const id = useId();
  const refund = useRefundPayment();
  const left = payment.amountCents - payment.refundedCents;
  const [amount, setAmount] = useState(textFromCents(left));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromText(amount);
    const missing: FieldErrors = {
      ...(cents && cents > 0 ? {} : { amountCents: 'Enter an amount above zero' }),
      ...(cents && cents > left
        ? { amountCents: 'The refund is more than what is left of the payment' }
        : {}),
      ...(reason.trim() ? {} : { reason: 'Give a reason' }),
    };
    setErrors(missing);
    setError(null);
    if (Object.values(missing).some(Boolean) || !cents) return;
    try {
      await refund.mutateAsync({
        id: invoice.id,
        paymentId: payment.id,
        amountCents: cents,
        reason: reason.trim(),
      });
      toast.success(`Refunded ${formatMoney(cents)}`);
      onOpenChange(false);
    } catch (caught) {
      const refusal = refusalOf(caught, 'Could not refund the payment. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Refund a payment"
      description={`${formatMoney(payment.amountCents)} paid on ${format(new Date(payment.paidAt), 'd MMM yyyy')} to ${invoiceName(invoice)}; ${formatMoney(left)} can still be refunded${payment.online ? ' to the card' : ''}.`}
      closeLabel="Close refund a payment"
      error={error}
      onSubmit={submit}
      submitText={refund.isPending ? 'Refunding…' : 'Refund'}
      destructive
      pending={refund.isPending}
    >
      <FormField label="Amount ($)" error={errors.amountCents}>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
      <FormField label="Reason" error={errors.reason}>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={INVOICE_REASON_MAX}
          onChange={(event) => setReason(event.target.value)}
          required
        />
      </FormField>
    </FormDialog>
  );
}
