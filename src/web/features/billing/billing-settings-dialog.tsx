import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  BillingSettingsSchema,
  PAYMENT_TERMS_MAX_DAYS,
  TAX_RATE_MAX_BASIS_POINTS,
} from '../../../shared/billing';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { FormDialog } from '../../ui/form-dialog';
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

const daysOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

const TAX_RATE_MESSAGE = `Enter a tax rate from 0 to ${TAX_RATE_MAX_BASIS_POINTS / 100}%`;
const TERMS_MESSAGE = `Enter a number of days from 0 to ${PAYMENT_TERMS_MAX_DAYS}`;

/** The settings as typed: a percentage and a number of days, read into the contract's basis points and days. */
const SettingsFormSchema = z
  .object({
    taxRateBasisPoints: z
      .string()
      .transform(basisPointsOf)
      .pipe(z.number({ error: TAX_RATE_MESSAGE }).max(TAX_RATE_MAX_BASIS_POINTS, TAX_RATE_MESSAGE)),
    paymentTermsDays: z
      .string()
      .transform(daysOf)
      .pipe(z.number({ error: TERMS_MESSAGE }).max(PAYMENT_TERMS_MAX_DAYS, TERMS_MESSAGE)),
  })
  .pipe(BillingSettingsSchema);

const FIELDS = ['taxRateBasisPoints', 'paymentTermsDays'] as const;

type SettingsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The clinic's tax rate and payment terms, which new invoices take. */
export function BillingSettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const settings = useBillingSettings(open);
  const save = useSaveBillingSettings();
  const form = useZodForm(SettingsFormSchema, { taxRateBasisPoints: '', paymentTermsDays: '' });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !settings.data) return;
    form.reset({
      taxRateBasisPoints: String(settings.data.taxRateBasisPoints / 100),
      paymentTermsDays: String(settings.data.paymentTermsDays),
    });
    setError(null);
  }, [open, settings.data, form]);

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      try {
        await save.mutateAsync(values);
        toast.success('Billing settings saved');
        onOpenChange(false);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: FIELDS,
            setError: form.setError,
            fallback: 'Could not save the settings. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

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
          <FormField label="Tax rate (%)" error={errors.taxRateBasisPoints?.message}>
            <Input inputMode="decimal" {...form.register('taxRateBasisPoints')} />
          </FormField>
          <FormField label="Payment terms (days)" error={errors.paymentTermsDays?.message}>
            <Input inputMode="numeric" {...form.register('paymentTermsDays')} />
          </FormField>
        </>
      ) : settings.isPending ? (
        <LoadingState label="Loading the settings…" />
      ) : null}
    </FormDialog>
  );
}
