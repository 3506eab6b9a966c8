import { z } from 'zod';
import { IDEMPOTENCY_KEY_ERROR, IdempotencyKeySchema, INVOICE_AMOUNT_MAX_CENTS } from './billing';

export { IdempotencyKeySchema };

/**
 * Cards on file. A patient saves a card through a setup intent (Stripe's SetupIntent, or the test provider's
 * form), so its number goes to the provider only; the clinic keeps what the provider reports (brand, last four
 * digits, expiry), its ids there, and the patient's consent to be charged (when, and which wording). Staff and
 * admins charge a saved card for an invoice with an idempotency key of the browser's making: the same key is
 * the same charge, and an invoice has one charge under way at a time. Nothing here works while the clinic's
 * session billing is off (409).
 */

/** The wording the patient agrees to, and its version; a new wording gets a new version. */
export const CARD_CONSENT = {
  version: '2026-11',
  text: 'I authorise the clinic to charge this card for my sessions, and for fees and invoices I owe, until I remove it.',
} as const;

/** seti_<id>_secret_<random>, as Stripe's setup intents' client secrets. */
export const SETUP_CLIENT_SECRET_PATTERN = /^(seti_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/;
export const setupIntentIdFromClientSecret = (clientSecret: string): string | null =>
  SETUP_CLIENT_SECRET_PATTERN.exec(clientSecret)?.[1] ?? null;

export const SAVED_CARD_ERRORS = {
  off: 'Cards on file are off: the clinic has not turned session billing on',
  notFound: 'Card not found',
  setupIntent: 'Setup intent is not valid',
  notConfirmed: 'The card has not been confirmed with the payment provider yet',
  consent: 'Tick the consent box to keep a card on file',
  patient: 'Choose a patient',
  idempotencyKey: IDEMPOTENCY_KEY_ERROR,
  keyReused: 'This idempotency key was used for another charge',
  amount: 'The amount must be a whole number of cents above zero',
  underWay: 'A charge of this invoice is already under way; wait for it to finish',
  notOwnSession: 'Practitioners charge cards only for invoices of their own sessions',
  processing: 'The payment is processing; the invoice updates when the provider confirms it',
  released: 'The earlier charge was not completed at the payment provider; nothing was taken',
} as const;

export const SavedCardSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  consentAt: z.string(),
  consentVersion: z.string(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

export const SavedCardsAnswerSchema = z.object({ cards: z.array(SavedCardSchema) });
export type SavedCardsAnswer = z.infer<typeof SavedCardsAnswerSchema>;
export const SavedCardAnswerSchema = z.object({ card: SavedCardSchema });

/** GET /api/billing/cards: a patient's own; anyone else names the patient. */
export const SavedCardsQuerySchema = z.strictObject({
  patientId: z.uuid({ error: SAVED_CARD_ERRORS.patient }).optional(),
});

export const SavedCardParamsSchema = z.object({
  cardId: z.uuid({ error: SAVED_CARD_ERRORS.notFound }),
});

/** POST /api/billing/cards/setup (the patient): a setup intent's client secret for the card form. */
export const CardSetupAnswerSchema = z.object({ clientSecret: z.string(), setupIntentId: z.string() });
export type CardSetupAnswer = z.infer<typeof CardSetupAnswerSchema>;

/** POST /api/billing/cards (the patient): the setup the provider confirmed, kept with the patient's consent. */
export const SaveCardInputSchema = z.strictObject({
  setupIntentId: z
    .string({ error: SAVED_CARD_ERRORS.setupIntent })
    .regex(/^seti_[A-Za-z0-9]{1,100}$/, SAVED_CARD_ERRORS.setupIntent),
  consent: z.literal(true, { error: SAVED_CARD_ERRORS.consent }),
});
export type SaveCardInput = z.infer<typeof SaveCardInputSchema>;

/** POST /api/invoices/:id/charge-card (staff, admin): the balance, or a part of it, from a card on file. */
export const ChargeSavedCardInputSchema = z.strictObject({
  cardId: z.uuid({ error: SAVED_CARD_ERRORS.notFound }),
  amountCents: z
    .number({ error: SAVED_CARD_ERRORS.amount })
    .int(SAVED_CARD_ERRORS.amount)
    .min(1, SAVED_CARD_ERRORS.amount)
    .max(INVOICE_AMOUNT_MAX_CENTS, SAVED_CARD_ERRORS.amount)
    .optional(),
  idempotencyKey: IdempotencyKeySchema,
});
export type ChargeSavedCardInput = z.infer<typeof ChargeSavedCardInputSchema>;

/** POST /api/payments/test/confirm-setup (test provider only): a card for a setup intent. */
export const TestConfirmSetupInputSchema = z.strictObject({
  clientSecret: z
    .string({ error: 'Client secret is required' })
    .regex(SETUP_CLIENT_SECRET_PATTERN, 'Client secret is not valid'),
  cardNumber: z.string({ error: 'Card number is required' }).trim().min(1, 'Card number is required').max(30),
  expiry: z.string({ error: 'Expiry is required' }).trim().min(1, 'Expiry is required').max(7),
  cvc: z.string({ error: 'Security code is required' }).trim().min(1, 'Security code is required').max(4),
});
export type TestConfirmSetupInput = z.infer<typeof TestConfirmSetupInputSchema>;
export const TestConfirmSetupAnswerSchema = z.object({
  status: z.enum(['succeeded', 'requires_payment_method']),
  setupIntentId: z.string(),
  error: z.string().optional(),
});
export type TestConfirmSetupAnswer = z.infer<typeof TestConfirmSetupAnswerSchema>;

export const cardLabel = (card: Pick<SavedCard, 'brand' | 'last4'>) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`;
export const cardExpiry = (card: Pick<SavedCard, 'expMonth' | 'expYear'>) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;
