import { lazy, type ReactNode, Suspense } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { usePaymentsConfig } from './api';
import type { CardFormProps, SetupFormProps } from './card-outcome';
import { TestCardForm, TestCardSetupForm } from './test-card-form';

// Stripe's packages are only downloaded where Stripe is live.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((module) => ({ default: module.StripeCardForm })),
);

const StripeSetupForm = lazy(() =>
  import('./stripe-card-form').then((module) => ({ default: module.StripeSetupForm })),
);

/** The card step of any payment: Stripe Elements when the server runs Stripe, else the test provider's form. */
export function CardPayment(props: CardFormProps) {
  return (
    <ProviderForm
      stripe={(publishableKey) => <StripeCardForm publishableKey={publishableKey} {...props} />}
      test={() => <TestCardForm {...props} />}
    />
  );
}

/** Saving a card on file: Stripe Elements with a setup intent, or the test provider's form. */
export function CardSetup(props: SetupFormProps) {
  return (
    <ProviderForm
      stripe={(publishableKey) => <StripeSetupForm publishableKey={publishableKey} {...props} />}
      test={() => <TestCardSetupForm {...props} />}
    />
  );
}

function ProviderForm({
  stripe,
  test,
}: {
  stripe: (publishableKey: string) => ReactNode;
  test: () => ReactNode;
}) {
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
      <Suspense fallback={<LoadingState label="Loading the card form…" />}>{stripe(publishableKey)}</Suspense>
    );
  return test();
}
