import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DONATION_THANK_YOU_MS, DONATION_TEXT as T } from '../../../shared/donations';
import { isApiRequestError } from '../../lib/api-error';
import { fullName } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useSession } from '../auth';
import { type CardOutcome, CardPayment } from '../payments';
import { dollars } from './amounts';
import { createDonationIntent, useConfirmDonation } from './api';
import { DonationForm } from './donation-form';
import { donorDetailsSchema, REFUSAL_TITLES } from './donor-details';
import { StepHeading } from './step-heading';

type Step =
  | { name: 'form'; isReturn: boolean }
  | { name: 'card'; clientSecret: string; amount: number; email: string }
  | { name: 'thanks'; message: string }
  | { name: 'unrecorded'; paymentIntentId: string; amount: number; detail: string };

type Tone = 'error' | 'success' | 'warning';

/** The message a refusal carries: a field's own words first, the server's message next, else the fallback. */
function refusalMessage(caught: unknown, fallback: string): string {
  if (isApiRequestError(caught)) {
    const field = caught.fields ? Object.values(caught.fields)[0] : undefined;
    return field ?? (caught.isServerMessage ? caught.message : fallback);
  }
  return caught instanceof Error && caught.message ? caught.message : fallback;
}

/** Form, then card entry once a client secret arrives, then thank-you; closing the dialog unmounts all of it. */
export function DonationFlow({ onFinished }: { onFinished: () => void }) {
  const { user } = useSession();
  const accountEmail = user?.email ?? null;
  const schema = useMemo(() => donorDetailsSchema(accountEmail), [accountEmail]);
  // Held here, not in the form's step, so the details are still there when the donor comes back to them.
  const form = useZodForm(schema, {
    preset: '',
    custom: '',
    fullName: user ? fullName(user) : '',
    email: '',
    phone: '',
  });
  const [step, setStep] = useState<Step>({ name: 'form', isReturn: false });
  const [isPreparing, setIsPreparing] = useState(false);
  const confirm = useConfirmDonation();
  const finished = useRef(onFinished);
  finished.current = onFinished;

  const say = (tone: Tone, title: string, description: string) => {
    toast[tone](title, { description });
  };

  const prepare = form.handleSubmit(
    async (intent) => {
      setIsPreparing(true);
      try {
        const answer = await createDonationIntent(intent);
        if (!answer.success || !answer.clientSecret)
          throw new Error(answer.error || T.paymentError.intentFailed);
        setStep({
          name: 'card',
          clientSecret: answer.clientSecret,
          amount: intent.amount,
          email: intent.email,
        });
      } catch (caught) {
        say('error', T.paymentError.title, refusalMessage(caught, T.paymentError.processFailed));
      } finally {
        setIsPreparing(false);
      }
    },
    (refused) => {
      const field = (Object.keys(REFUSAL_TITLES) as (keyof typeof REFUSAL_TITLES)[]).find(
        (name) => refused[name],
      );
      if (field) say('error', REFUSAL_TITLES[field], refused[field]?.message ?? '');
    },
  );

  const record = async (paymentIntentId: string, amount: number) => {
    try {
      const answer = await confirm.mutateAsync(paymentIntentId);
      if (!answer.success) throw new Error(answer.error || T.confirmFailed);
      const message = T.thankYou.description(dollars(amount));
      say('success', T.thankYou.title, message);
      setStep({ name: 'thanks', message });
    } catch (caught) {
      say('warning', T.partialSuccess.title, T.partialSuccess.description);
      setStep({
        name: 'unrecorded',
        paymentIntentId,
        amount,
        detail: refusalMessage(caught, T.confirmFailed),
      });
    }
  };

  const paid = async (outcome: CardOutcome, amount: number) => {
    if (outcome.status === 'succeeded') return record(outcome.paymentIntentId, amount);
    say('error', T.paymentFailed.title, outcome.message ?? T.paymentFailed.fallback);
    setStep({ name: 'form', isReturn: true });
  };

  useEffect(() => {
    if (step.name !== 'thanks') return;
    const timer = setTimeout(() => finished.current(), DONATION_THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [step.name]);

  return (
    <div className="flex flex-col gap-4">
      {step.name === 'form' ? (
        <>
          {step.isReturn ? <StepHeading>Your donation</StepHeading> : null}
          <DonationForm
            form={form}
            accountEmail={accountEmail}
            isPreparing={isPreparing}
            onSubmit={prepare}
          />
        </>
      ) : null}
      {step.name === 'card' ? (
        <>
          <p className="text-sm">
            Donating <strong>${dollars(step.amount)}</strong>; the receipt goes to {step.email}.
          </p>
          <CardPayment
            clientSecret={step.clientSecret}
            submitLabel={T.completeButton(dollars(step.amount))}
            onOutcome={(outcome) => paid(outcome, step.amount)}
            actions={
              <Button variant="outline" onClick={() => setStep({ name: 'form', isReturn: true })}>
                Back
              </Button>
            }
          />
        </>
      ) : null}
      {step.name === 'thanks' ? (
        <div className="flex flex-col gap-2 py-4 text-center">
          <StepHeading>{T.thankYou.title}</StepHeading>
          <p>{step.message}</p>
        </div>
      ) : null}
      {step.name === 'unrecorded' ? (
        <div className="flex flex-col gap-3">
          <StepHeading>Your payment went through</StepHeading>
          <Alert variant="error">
            <p className="font-medium">{T.recordUpdateFailed}</p>
            <p>{step.detail}</p>
          </Alert>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onFinished}>
              Done
            </Button>
            <Button
              disabled={confirm.isPending}
              onClick={() => void record(step.paymentIntentId, step.amount)}
            >
              Try recording it again
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
