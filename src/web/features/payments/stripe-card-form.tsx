import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import type { CardFormProps, SetupFormProps } from './card-outcome';

// Stripe's script is fetched once per key and only when the server says Stripe is live.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
};

function StripePaymentForm({ submitLabel, onOutcome, actions }: Omit<CardFormProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [isPaying, setIsPaying] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setIsPaying(true);
    // Card data goes from Stripe's own frame to Stripe; only the intent's id comes back here.
    const result = await stripe.confirmPayment({ elements, redirect: 'if_required' });
    setIsPaying(false);
    if (result.error) {
      // Incomplete or invalid fields are shown inside Stripe's frame; only a refused payment leaves the step.
      if (result.error.type === 'validation_error') return;
      await onOutcome({ status: 'failed', message: result.error.message ?? null });
      return;
    }
    if (result.paymentIntent.status === 'succeeded')
      await onOutcome({ status: 'succeeded', paymentIntentId: result.paymentIntent.id });
    else await onOutcome({ status: 'failed', message: null });
  };

  return (
    <form onSubmit={pay} aria-label="Card details" className="flex flex-col gap-4">
      <PaymentElement options={{ layout: 'tabs' }} onReady={(element) => element.focus()} />
      {isPaying ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner className="size-4" />
          Processing your payment…
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {actions}
        <Button type="submit" disabled={!stripe || !elements || isPaying}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Stripe Elements for the intent behind clientSecret. */
export function StripeCardForm({
  publishableKey,
  clientSecret,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripePaymentForm {...props} />
    </Elements>
  );
}

function StripeSetupFields({
  submitLabel,
  onOutcome,
  actions,
  children,
  onBeforeSubmit,
}: Omit<SetupFormProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [isSaving, setIsSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    if (onBeforeSubmit && !onBeforeSubmit()) return;
    setIsSaving(true);
    // The card goes from Stripe's own frame to Stripe; only the setup's id comes back here.
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required' });
    setIsSaving(false);
    if (result.error) {
      if (result.error.type === 'validation_error') return;
      await onOutcome({ status: 'failed', message: result.error.message ?? null });
      return;
    }
    if (result.setupIntent.status === 'succeeded')
      await onOutcome({ status: 'succeeded', setupIntentId: result.setupIntent.id });
    else await onOutcome({ status: 'failed', message: null });
  };

  return (
    <form onSubmit={save} aria-label="Card details" className="flex flex-col gap-4">
      <PaymentElement options={{ layout: 'tabs' }} onReady={(element) => element.focus()} />
      {children}
      {isSaving ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner className="size-4" />
          Saving your card…
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {actions}
        <Button type="submit" disabled={!stripe || !elements || isSaving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Stripe Elements for the setup intent behind clientSecret: saves a card for later charges. */
export function StripeSetupForm({
  publishableKey,
  clientSecret,
  ...props
}: SetupFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripeSetupFields {...props} />
    </Elements>
  );
}
