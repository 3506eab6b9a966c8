import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { PAYMENT_TERMS_MAX_DAYS, TAX_RATE_MAX_BASIS_POINTS } from '../../../shared/billing';
import { type FieldErrors, FormDialog, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { LoadingState } from '../../ui/spinner';
import { useBillingSettings, useSaveBillingSettings } from './api';

/** '8.25' (percent, up to two decimals) to basis points; null when it is not such a number. */
const basisPointsOf = (text: string) => {
  const trimmed = text.trim().replace(/%$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

type SettingsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The clinic's tax rate and payment terms, which new invoices take. */
export function BillingSettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const id = useId();
  const settings = useBillingSettings(open);
  const save = useSaveBillingSettings();
  const [taxRate, setTaxRate] = useState('');
  const [terms, setTerms] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !settings.data) return;
    setTaxRate(String(settings.data.taxRateBasisPoints / 100));
    setTerms(String(settings.data.paymentTermsDays));
    setErrors({});
    setError(null);
  }, [open, settings.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const taxRateBasisPoints = basisPointsOf(taxRate);
    const paymentTermsDays = /^\d+$/.test(terms.trim()) ? Number(terms.trim()) : null;
    const missing: FieldErrors = {
      ...(taxRateBasisPoints === null || taxRateBasisPoints > TAX_RATE_MAX_BASIS_POINTS
        ? { taxRateBasisPoints: `Enter a tax rate from 0 to ${TAX_RATE_MAX_BASIS_POINTS / 100}%` }
        : {}),
      ...(paymentTermsDays === null || paymentTermsDays > PAYMENT_TERMS_MAX_DAYS
        ? { paymentTermsDays: `Enter a number of days from 0 to ${PAYMENT_TERMS_MAX_DAYS}` }
        : {}),
    };
    setErrors(missing);
    setError(null);
    if (taxRateBasisPoints === null || paymentTermsDays === null || Object.values(missing).some(Boolean))
      return;
    try {
      await save.mutateAsync({ taxRateBasisPoints, paymentTermsDays });
      toast.success('Billing settings saved');
      onOpenChange(false);
    } catch (caught) {
      const refusal = refusalOf(caught, 'Could not save the settings. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Billing settings"
      description="New invoices take this tax rate, and are due this many days after they are sent unless given a date."
      closeLabel="Close billing settings"
      error={error ?? (settings.isError ? settings.error.message : null)}
      onSubmit={submit}
      submitText={save.isPending ? 'Saving…' : 'Save settings'}
      pending={save.isPending || !settings.data}
    >
      {settings.data ? (
        <>
          <FormField label="Tax rate (%)" error={errors.taxRateBasisPoints}>
            <Input
              id={`${id}-tax`}
              inputMode="decimal"
              value={taxRate}
              onChange={(event) => setTaxRate(event.target.value)}
            />
          </FormField>
          <FormField label="Payment terms (days)" error={errors.paymentTermsDays}>
            <Input
              id={`${id}-terms`}
              inputMode="numeric"
              value={terms}
              onChange={(event) => setTerms(event.target.value)}
            />
          </FormField>
        </>
      ) : settings.isPending ? (
        <LoadingState label="Loading the settings…" />
      ) : null}
    </FormDialog>
  );
}
