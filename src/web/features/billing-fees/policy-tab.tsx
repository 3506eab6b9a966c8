import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  BillingPolicySchema,
  LATE_CANCEL_WINDOW_MAX_HOURS,
  POLICY_FEE_MAX_CENTS,
} from '../../../shared/billing';
import { centsFromText, decimalFromCents } from '../../../shared/money';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { LoadingState } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { PackageCatalogue } from '../billing-packages';
import { CareBetweenVisitsCard, DataExchangeCard, VideoVisitsCard } from '../clinic-features';
import { usePolicy, useSavePolicy } from './fees-api';

const WINDOW_MESSAGE = `Enter a whole number of hours from 0 to ${LATE_CANCEL_WINDOW_MAX_HOURS}`;
const FEE_MESSAGE = `Enter an amount from $0 to ${formatMoney(POLICY_FEE_MAX_CENTS)}, such as 25 or 12.50`;

const fee = z
  .string()
  .transform(centsFromText)
  .pipe(z.number({ error: FEE_MESSAGE }).max(POLICY_FEE_MAX_CENTS, FEE_MESSAGE));

/** The policy as typed: hours and dollars, read into the contract's whole hours and cents. */
const PolicyFormSchema = z
  .object({
    sessionBilling: z.boolean(),
    lateCancelWindowHours: z
      .string()
      .transform((text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null))
      .pipe(z.number({ error: WINDOW_MESSAGE }).max(LATE_CANCEL_WINDOW_MAX_HOURS, WINDOW_MESSAGE)),
    lateCancelFeeCents: fee,
    noShowFeeCents: fee,
  })
  .pipe(BillingPolicySchema);

const FIELDS = ['sessionBilling', 'lateCancelWindowHours', 'lateCancelFeeCents', 'noShowFeeCents'] as const;

/** Settings, Billing policy (admins): whether the clinic bills sessions, and its cancellation and no-show fees. */
export function BillingPolicyTab() {
  const policy = usePolicy();
  const save = useSavePolicy();
  const form = useZodForm(PolicyFormSchema, {
    sessionBilling: false,
    lateCancelWindowHours: '',
    lateCancelFeeCents: '',
    noShowFeeCents: '',
  });
  const { errors, isSubmitting } = form.formState;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!policy.data) return;
    form.reset({
      sessionBilling: policy.data.sessionBilling,
      lateCancelWindowHours: String(policy.data.lateCancelWindowHours),
      lateCancelFeeCents: decimalFromCents(policy.data.lateCancelFeeCents),
      noShowFeeCents: decimalFromCents(policy.data.noShowFeeCents),
    });
  }, [policy.data, form]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync(values);
      toast.success('Billing policy saved');
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: FIELDS,
          setError: form.setError,
          fallback: 'Could not save the policy. Please try again.',
        }),
      );
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <CareBetweenVisitsCard />
      <DataExchangeCard />
      <VideoVisitsCard />
      <Card>
        <CardHeader>
          <CardTitle>Billing policy</CardTitle>
          <CardDescription>
            How the clinic is paid for its sessions, and what a late cancellation or a missed session costs.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {policy.isPending ? (
            <LoadingState label="Loading the policy…" />
          ) : policy.isError ? (
            <Alert variant="error">{policy.error.message}</Alert>
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              {error ? <Alert variant="error">{error}</Alert> : null}
              <div className="flex items-start gap-3 rounded-md border border-border p-3">
                <Controller
                  control={form.control}
                  name="sessionBilling"
                  render={({ field }) => (
                    <Switch
                      id="session-billing"
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      aria-describedby="session-billing-hint"
                    />
                  )}
                />
                <div className="flex flex-col gap-1">
                  <Label htmlFor="session-billing">Session billing</Label>
                  <p id="session-billing-hint" className="text-muted-foreground text-xs">
                    Turns on the late-cancellation and no-show fees below, shows this policy to patients
                    before they book, and offers each fee to the desk when a session is missed or cancelled
                    late.
                  </p>
                </div>
              </div>
              <div className="grid gap-4 sm:grid-cols-3">
                <FormField
                  label="Late-cancellation window (hours)"
                  hint="Cancelling less than this far ahead is late."
                  error={errors.lateCancelWindowHours?.message}
                >
                  <Input inputMode="numeric" {...form.register('lateCancelWindowHours')} />
                </FormField>
                <FormField
                  label="Late-cancellation fee ($)"
                  hint="0 for no fee."
                  error={errors.lateCancelFeeCents?.message}
                >
                  <Input inputMode="decimal" {...form.register('lateCancelFeeCents')} />
                </FormField>
                <FormField
                  label="No-show fee ($)"
                  hint="0 for no fee."
                  error={errors.noShowFeeCents?.message}
                >
                  <Input inputMode="decimal" {...form.register('noShowFeeCents')} />
                </FormField>
              </div>
              <div>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? 'Saving…' : 'Save policy'}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
      {/* Packages exist while the saved policy bills sessions. */}
      {policy.data?.sessionBilling ? <PackageCatalogue /> : null}
    </div>
  );
}
