import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  INVOICE_REASON_MAX,
  INVOICE_REFERENCE_MAX,
  type Invoice,
  PAYMENT_METHOD_VALUES,
  type PaymentMethod,
} from '../../../shared/billing';
import { centsFromText, decimalFromCents, formatMoney } from '../../../shared/money';
import { type FieldErrors, FormDialog, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';
import { useRecordPayment, useVoidInvoice } from './api';
import { invoiceName } from './invoice-status';

const METHOD_OPTIONS: { value: PaymentMethod; label: string }[] = PAYMENT_METHOD_VALUES.map((method) => ({
  value: method,
  label: { card: 'Card (terminal)', cash: 'Cash', cheque: 'Cheque' }[method],
}));

type InvoiceDialogProps = { invoice: Invoice; open: boolean; onOpenChange: (open: boolean) => void };

/** A payment taken at the desk: method, amount (the balance unless changed) and a reference. */
export function RecordPaymentDialog({ invoice, open, onOpenChange }: InvoiceDialogProps) {
  const id = useId();
  const record = useRecordPayment();
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [amount, setAmount] = useState(decimalFromCents(invoice.balanceCents));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setMethod('');
      setAmount(decimalFromCents(invoice.balanceCents));
      setReference('');
      setErrors({});
      setError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromText(amount);
    const missing: FieldErrors = {
      ...(method ? {} : { method: 'Choose how it was paid' }),
      ...(cents && cents > 0 ? {} : { amountCents: 'Enter an amount above zero' }),
      ...(cents && cents > invoice.balanceCents
        ? { amountCents: 'The amount is more than the balance due' }
        : {}),
    };
    setErrors(missing);
    setError(null);
    if (Object.values(missing).some(Boolean) || !method || !cents) return;
    try {
      await record.mutateAsync({
        id: invoice.id,
        method,
        amountCents: cents,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      });
      toast.success(`Payment of ${formatMoney(cents)} recorded`);
      close(false);
    } catch (caught) {
      const refusal = refusalOf(caught, 'Could not record the payment. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

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
      <ChoiceField
        label="Method"
        placeholder="Choose how it was paid"
        value={method}
        onChange={(value) => setMethod(value as PaymentMethod | '')}
        options={METHOD_OPTIONS}
        error={errors.method}
      />
      <FormField label="Amount ($)" error={errors.amountCents}>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
      <FormField
        label="Reference (optional)"
        error={errors.reference}
        hint="A cheque number or the terminal's slip"
      >
        <Input
          id={`${id}-reference`}
          value={reference}
          maxLength={INVOICE_REFERENCE_MAX}
          onChange={(event) => setReference(event.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}

/** Voiding asks why; only an invoice with nothing paid can be voided, and its appointments are freed. */
export function VoidInvoiceDialog({ invoice, open, onOpenChange }: InvoiceDialogProps) {
  const id = useId();
  const voiding = useVoidInvoice();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setReason('');
      setFieldError(undefined);
      setError(null);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setFieldError('Give a reason');
      return;
    }
    setFieldError(undefined);
    setError(null);
    try {
      await voiding.mutateAsync({ id: invoice.id, reason: reason.trim() });
      toast.success('Invoice voided');
      close(false);
    } catch (caught) {
      const refusal = refusalOf(caught, 'Could not void the invoice. Please try again.');
      setFieldError(refusal.fields.reason);
      setError(refusal.message);
    }
  };
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
      <FormField label="Reason" error={fieldError}>
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
