import { format } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  BILLING_ERRORS,
  INVOICE_REASON_MAX,
  type Invoice,
  type InvoicePayment,
} from '../../../shared/billing';
import { centsFromText, decimalFromCents, formatMoney } from '../../../shared/money';
import { type FieldErrors, FormDialog, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';
import { useRefundPayment } from './api';
import { invoiceName } from './invoice-status';

type PaymentRefundDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  closeLabel: string;
  /** What is left of the payment to refund; the amount starts there. */
  leftCents: number;
  amountLabel: string;
  /** Said in a toast once refunded. */
  done: (amountCents: number) => string;
  refund: (input: { amountCents: number; reason: string }) => Promise<unknown>;
  pending: boolean;
};

/**
 * Some or all of what is left of one invoice payment, with the reason the clinic gives; a card paid online is
 * refunded to it. Used from the invoice's panel and from the admin ledger. The server's field messages land on
 * the fields.
 */
export function PaymentRefundDialog(props: PaymentRefundDialogProps) {
  const { leftCents: left, onOpenChange } = props;
  const id = useId();
  const [amount, setAmount] = useState(decimalFromCents(left));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromText(amount);
    const problems: FieldErrors = {
      amountCents:
        cents === null || cents < 1
          ? 'Enter an amount in dollars, such as 25 or 12.50'
          : cents > left
            ? `At most ${formatMoney(left)} is left to refund`
            : undefined,
      reason: reason.trim() ? undefined : BILLING_ERRORS.reason,
    };
    setErrors(problems);
    setError(null);
    if (problems.amountCents || problems.reason || cents === null) return;
    try {
      await props.refund({ amountCents: cents, reason: reason.trim() });
      toast.success(props.done(cents));
      onOpenChange(false);
    } catch (caught) {
      const refusal = refusalOf(caught, 'Could not refund the payment. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

  return (
    <FormDialog
      open={props.open}
      onOpenChange={onOpenChange}
      title={props.title}
      description={props.description}
      closeLabel={props.closeLabel}
      error={error}
      onSubmit={submit}
      submitText={props.pending ? 'Refunding…' : 'Refund'}
      destructive
      pending={props.pending}
    >
      <FormField label={props.amountLabel} error={errors.amountCents} hint={`Up to ${formatMoney(left)}`}>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
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

type RefundDialogProps = {
  invoice: Invoice;
  payment: InvoicePayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A payment refunded from its invoice's panel. */
export function RefundDialog({ invoice, payment, open, onOpenChange }: RefundDialogProps) {
  const refund = useRefundPayment();
  const left = payment.amountCents - payment.refundedCents;
  return (
    <PaymentRefundDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Refund a payment"
      description={`${formatMoney(payment.amountCents)} paid on ${format(new Date(payment.paidAt), 'd MMM yyyy')} to ${invoiceName(invoice)}; ${formatMoney(left)} can still be refunded${payment.online ? ' to the card' : ''}.`}
      closeLabel="Close refund a payment"
      leftCents={left}
      amountLabel="Amount ($)"
      done={(cents) => `Refunded ${formatMoney(cents)}`}
      refund={(input) => refund.mutateAsync({ id: invoice.id, paymentId: payment.id, ...input })}
      pending={refund.isPending}
    />
  );
}
