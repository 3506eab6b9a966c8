import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  INVOICE_REASON_MAX,
  INVOICE_REFERENCE_MAX,
  type Invoice,
  PAYMENT_METHOD_VALUES,
  type PaymentMethod,
  RecordPaymentInputSchema,
  VoidInvoiceInputSchema,
} from '../../../shared/billing';
import { centsFromText, decimalFromCents } from '../../../shared/money';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';
import { useRecordPayment, useVoidInvoice } from './api';
import { invoiceName } from './invoice-status';

const METHOD_OPTIONS: { value: PaymentMethod; label: string }[] = PAYMENT_METHOD_VALUES.map((method) => ({
  value: method,
  label: { card: 'Card (terminal)', cash: 'Cash', cheque: 'Cheque' }[method],
}));

/** The desk's payment as typed: a method from the list, dollars up to the balance, a reference if any. */
const recordPaymentFormSchema = (balanceCents: number) =>
  RecordPaymentInputSchema.extend({
    // The list starts on an empty choice.
    method: z.string().pipe(z.enum(PAYMENT_METHOD_VALUES, { error: 'Choose how it was paid' })),
    amountCents: z
      .string()
      .transform(centsFromText)
      .pipe(
        z
          .number({ error: 'Enter an amount above zero' })
          .min(1, 'Enter an amount above zero')
          .max(balanceCents, 'The amount is more than the balance due'),
      ),
    reference: z.string(),
  })
    .transform(({ reference, ...payment }) => ({
      ...payment,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
    }))
    .pipe(RecordPaymentInputSchema);

const PAYMENT_FIELDS = ['method', 'amountCents', 'reference'] as const;

type InvoiceDialogProps = { invoice: Invoice; open: boolean; onOpenChange: (open: boolean) => void };

/** A payment taken at the desk: method, amount (the balance unless changed) and a reference. */
export function RecordPaymentDialog({ invoice, open, onOpenChange }: InvoiceDialogProps) {
  const record = useRecordPayment();
  const empty = { method: '', amountCents: decimalFromCents(invoice.balanceCents), reference: '' };
  const form = useZodForm(recordPaymentFormSchema(invoice.balanceCents), empty);
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset(empty);
      setError(null);
    }
  };

  const submit = form.handleSubmit(
    async (payment) => {
      setError(null);
      try {
        await record.mutateAsync({ id: invoice.id, ...payment });
        toast.success(`Payment of ${formatMoney(payment.amountCents)} recorded`);
        close(false);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: PAYMENT_FIELDS,
            setError: form.setError,
            fallback: 'Could not record the payment. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Record a payment"
      description={`${invoiceName(invoice)} for ${invoice.patientName}: ${formatMoney(invoice.balanceCents)} due.`}
      closeLabel="Close record a payment"
      error={error}
      onSubmit={submit}
      submitText={record.isPending ? 'Recording…' : 'Record payment'}
      pending={record.isPending}
    >
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <ChoiceField
            label="Method"
            placeholder="Choose how it was paid"
            value={field.value}
            onChange={field.onChange}
            options={METHOD_OPTIONS}
            error={errors.method?.message}
          />
        )}
      />
      <FormField label="Amount ($)" error={errors.amountCents?.message}>
        <Input inputMode="decimal" {...form.register('amountCents')} />
      </FormField>
      <FormField
        label="Reference (optional)"
        error={errors.reference?.message}
        hint="A cheque number or the terminal's slip"
      >
        <Input maxLength={INVOICE_REFERENCE_MAX} {...form.register('reference')} />
      </FormField>
    </FormDialog>
  );
}

/** Voiding asks why; only an invoice with nothing paid can be voided, and its appointments are freed. */
export function VoidInvoiceDialog({ invoice, open, onOpenChange }: InvoiceDialogProps) {
  const voiding = useVoidInvoice();
  const form = useZodForm(VoidInvoiceInputSchema, { reason: '' });
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset({ reason: '' });
      setError(null);
    }
  };
  const submit = form.handleSubmit(
    async ({ reason }) => {
      setError(null);
      try {
        await voiding.mutateAsync({ id: invoice.id, reason });
        toast.success('Invoice voided');
        close(false);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: ['reason'],
            setError: form.setError,
            fallback: 'Could not void the invoice. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Void this invoice?"
      description={`${invoiceName(invoice)} for ${invoice.patientName}, ${formatMoney(invoice.totalCents)}. It stays on record as void and its appointments can be billed again.`}
      closeLabel="Close void invoice"
      error={error}
      onSubmit={submit}
      submitText="Void invoice"
      destructive
      pending={voiding.isPending}
    >
      <FormField label="Reason" error={form.formState.errors.reason?.message}>
        <Textarea maxLength={INVOICE_REASON_MAX} required {...form.register('reason')} />
      </FormField>
    </FormDialog>
  );
}
