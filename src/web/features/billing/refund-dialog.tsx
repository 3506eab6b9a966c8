import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  INVOICE_REASON_MAX,
  type Invoice,
  type InvoicePayment,
  RefundPaymentInputSchema,
} from '../../../shared/billing';
import { centsFromText, decimalFromCents } from '../../../shared/money';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney, formatterFor } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';
import { useRefundPayment } from './api';
import { invoiceName } from './invoice-status';

/** The refund as typed: dollars up to what is left of the payment, and the contract's reason. */
const refundFormSchema = (leftCents: number) =>
  RefundPaymentInputSchema.extend({
    amountCents: z
      .string()
      .transform(centsFromText)
      .pipe(
        z
          .number({ error: 'Enter an amount in dollars, such as 25 or 12.50' })
          .min(1, 'Enter an amount in dollars, such as 25 or 12.50')
          .max(leftCents, `At most ${formatMoney(leftCents)} is left to refund`),
      ),
  }).pipe(RefundPaymentInputSchema.required({ amountCents: true }));

const FIELDS = ['amountCents', 'reason'] as const;

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
  const form = useZodForm(refundFormSchema(left), { amountCents: decimalFromCents(left), reason: '' });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        await props.refund(input);
        toast.success(props.done(input.amountCents));
        onOpenChange(false);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: FIELDS,
            setError: form.setError,
            fallback: 'Could not refund the payment. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

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
      <FormField
        label={props.amountLabel}
        error={errors.amountCents?.message}
        hint={`Up to ${formatMoney(left)}`}
      >
        <Input inputMode="decimal" required {...form.register('amountCents')} />
      </FormField>
      <FormField label="Reason" error={errors.reason?.message}>
        <Textarea maxLength={INVOICE_REASON_MAX} required {...form.register('reason')} />
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
      description={`${formatMoney(payment.amountCents)} paid on ${formatterFor().date(payment.paidAt)} to ${invoiceName(invoice)}; ${formatMoney(left)} can still be refunded${payment.online ? ' to the card' : ''}.`}
      closeLabel="Close refund a payment"
      leftCents={left}
      amountLabel="Amount ($)"
      done={(cents) => `Refunded ${formatMoney(cents)}`}
      refund={(input) => refund.mutateAsync({ id: invoice.id, paymentId: payment.id, ...input })}
      pending={refund.isPending}
    />
  );
}
