import { lazy, Suspense } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { usePaymentsConfig } from './api';
import type { CardFormProps } from './card-outcome';
import { TestCardForm } from './test-card-form';

// Stripe's packages are only downloaded where Stripe is live.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((module) => ({ default: module.StripeCardForm })),
);

/** The card step of any payment: Stripe Elements when the server runs Stripe, else the test provider's form. */
export function CardPayment(props: CardFormProps) {
  const config = usePaymentsConfig();
  if (config.isError)
    return (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>The card form could not be loaded.</span>
        <Button size="sm" variant="outline" onClick={() => void config.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!config.data) return <LoadingState label="Loading the card form…" />;
  const { provider, publishableKey } = config.data;
  if (provider === 'stripe' && publishableKey)
    return (
      <Suspense fallback={<LoadingState label="Loading the card form…" />}>
        <StripeCardForm publishableKey={publishableKey} {...props} />
      </Suspense>
    );
  return <TestCardForm {...props} />;
}
