import type { PaymentProviderName } from '../../../shared/payments';

export type ProviderIntent = {
  id: string;
  status: 'succeeded' | 'requires_payment_method' | 'processing' | 'requires_action' | 'canceled' | string;
  amountCents: number;
  currency: string;
  last4?: string;
  /** What the clinic attached when it made the intent (purpose, and the invoice it pays). */
  metadata?: Record<string, string>;
};

/** A setup intent: a card saved for later charges, and what the provider reports of it once confirmed. */
export type ProviderSetup = {
  id: string;
  status: 'succeeded' | 'requires_payment_method' | 'processing' | 'requires_action' | 'canceled' | string;
  customerId: string | null;
  metadata: Record<string, string>;
  card: { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
};

/** An off-session charge of a saved card: the intent it made, and the card's refusal when it refused. */
export type ProviderCharge = { intent: ProviderIntent; declineMessage: string | null };

/** A provider's webhook event, reduced to what the clinic acts on. */
export type ProviderEvent = { id: string; type: string; intentId: string | null };

/**
 * What the clinic asks of a card payment provider. Amounts are integer cents. Implementations: Stripe
 * (stripe-provider.ts) and the built-in test provider (test-provider.ts).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Stripe's publishable key; null for the test provider. */
  readonly publishableKey: string | null;
  createIntent(
    amountCents: number,
    currency: string,
    metadata: Record<string, string>,
  ): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider knows no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Refunds the whole intent, or amountCents of it; asking again for the same refund is harmless. A partial
   * refund names itself with `key` (one per refund), so two refunds of the same amount are two refunds.
   */
  refund(id: string, amountCents?: number, key?: string): Promise<void>;
  /** A customer at the provider, whom saved cards belong to. */
  createCustomer(metadata: Record<string, string>): Promise<string>;
  /** Starts saving a card for the customer for later off-session charges; the browser confirms it. */
  createSetupIntent(
    customerId: string,
    metadata: Record<string, string>,
  ): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider knows no such setup intent. */
  retrieveSetupIntent(id: string): Promise<ProviderSetup | null>;
  /**
   * Charges a saved card with the customer away, confirming at once. The same idempotency key answers the same
   * charge however often it is asked. A card's refusal is an answer (declineMessage), not a throw.
   */
  chargeSavedCard(charge: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderCharge>;
  /** Detaches a saved card from its customer; detaching one already detached is harmless. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Checks the signature of a webhook call and reads its event; throws a 400 when it does not verify. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent;
}
