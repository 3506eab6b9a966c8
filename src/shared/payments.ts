import { z } from 'zod';

/**
 * Card payments. The server talks to one provider: Stripe when both Stripe keys are configured, otherwise a
 * built-in test provider that behaves like Stripe's test mode. Either way a payment starts as a payment
 * intent whose client secret has Stripe's shape, pi_<id>_secret_<random>, so the intent id is the part
 * before '_secret_'. Amounts are integer cents on the server.
 *
 * Under Stripe, card details go from the browser to Stripe only. Under the test provider the browser posts
 * the card to POST /api/payments/test/confirm-card, which keeps nothing but the last four digits.
 */

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export const PaymentProviderNameSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/** GET /api/payments/config (open to everyone): which provider is live, and Stripe's publishable key. */
export const PaymentsConfigSchema = z.object({
  provider: PaymentProviderNameSchema,
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

/** pi_<id>_secret_<random>, as Stripe's client secrets. */
export const CLIENT_SECRET_PATTERN = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/;

/** The intent id inside a client secret, or null when it does not have the shape. */
export const intentIdFromClientSecret = (clientSecret: string): string | null =>
  CLIENT_SECRET_PATTERN.exec(clientSecret)?.[1] ?? null;

/** Stripe's test cards the test provider knows (any other number that passes the Luhn check succeeds). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saves as a card on file, then declines every charge made on it (as Stripe's 4000 0000 0000 0341). */
  declinesWhenCharged: '4000000000000341',
} as const;

/** The card messages, worded as Stripe's. */
export const CARD_ERRORS = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  invalidNumber: 'Your card number is invalid.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
} as const;

export const PAYMENT_ERRORS = {
  intentNotFound: 'No such payment intent',
  alreadySucceeded: 'This payment has already succeeded',
  notTestProvider: 'Card details are taken by the live payment provider, not by this server',
  providerFailed: 'The payment provider could not be reached; please try again',
  badSignature: 'Webhook signature verification failed',
} as const;

/**
 * POST /api/payments/test/confirm-card (test provider only; 404 under Stripe). A card the test provider refuses
 * (declined, insufficient funds, a number failing the Luhn check, a bad expiry or security code) answers 200
 * with status 'requires_payment_method' and the card message in error, as Stripe's confirmCardPayment does;
 * a missing field or a client secret of the wrong shape is a 400, an unknown intent a 404, and an intent
 * that already succeeded a 409.
 */
export const TestConfirmCardInputSchema = z.strictObject({
  clientSecret: z
    .string({ error: 'Client secret is required' })
    .regex(CLIENT_SECRET_PATTERN, 'Client secret is not valid'),
  cardNumber: z
    .string({ error: 'Card number is required' })
    .trim()
    .min(1, 'Card number is required')
    .max(30, CARD_ERRORS.invalidNumber),
  expiry: z
    .string({ error: 'Expiry is required' })
    .trim()
    .min(1, 'Expiry is required')
    .max(7, "Your card's expiration date is incomplete."),
  cvc: z
    .string({ error: 'Security code is required' })
    .trim()
    .min(1, 'Security code is required')
    .max(4, CARD_ERRORS.invalidCvc),
});
export type TestConfirmCardInput = z.infer<typeof TestConfirmCardInputSchema>;

export const TestConfirmCardAnswerSchema = z.object({
  status: z.enum(['succeeded', 'requires_payment_method']),
  paymentIntentId: z.string(),
  error: z.string().optional(),
});
export type TestConfirmCardAnswer = z.infer<typeof TestConfirmCardAnswerSchema>;
