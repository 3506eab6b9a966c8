import { z } from 'zod';
import { DONATION_MINIMUM, DONATION_PRESETS, DONATION_THANK_YOU_MS } from './constants';
import { oneLine } from './one-line';

/**
 * Donations through the Donate dialog, open to visitors and to signed-in users.
 *
 * POST /api/donations/create-payment-intent takes the amount in dollars as the dialog shows it (the server
 * keeps integer cents), stores a pending donation and answers the provider's client secret. Once the card
 * provider reports the payment succeeded, the browser calls POST /api/donations/confirm with the intent id;
 * the server asks the provider itself whether the intent succeeded for the donation's amount (never trusting
 * the browser), marks the donation paid, records the payment and emails a receipt. Confirming again is
 * harmless.
 */

export { DONATION_MINIMUM, DONATION_PRESETS, DONATION_THANK_YOU_MS };

/** The largest single donation taken online, in dollars. */
export const DONATION_MAXIMUM = 100_000;
export const DONATION_NAME_MAX = 100;
export const DONATION_EMAIL_MAX = 254;
export const DONATION_PHONE_MAX = 40;
export const DONATION_DESCRIPTION_MAX = 500;
export const DONATION_DEFAULT_DESCRIPTION = 'Donation';
export const DONATION_CURRENCY = 'usd';

/** How many donation calls one address may make a minute. */
export const DONATION_CALLS_PER_MINUTE = 20;

export const DONATION_STATUSES = ['pending', 'paid', 'refunded'] as const;
export const DonationStatusSchema = z.enum(DONATION_STATUSES);
export type DonationStatus = z.infer<typeof DonationStatusSchema>;

/** The dialog's toasts and texts (specification sections 2, 5 and 8), word for word. */
export const DONATION_TEXT = {
  invalidAmount: {
    title: 'Invalid Amount',
    description: 'Please enter a valid donation amount ($1 minimum).',
  },
  missingName: { title: 'Missing Information', description: 'Please enter your full name.' },
  missingEmail: { title: 'Missing Information', description: 'Please enter an email for the receipt.' },
  paymentFailed: { title: 'Payment Failed', fallback: 'There was an error processing your payment.' },
  /** Shown inline when the card payment succeeded but confirm did not. */
  recordUpdateFailed: 'Payment succeeded but failed to update donation record',
  partialSuccess: {
    title: 'Partial Success',
    description:
      'Payment processed but there was an issue updating your donation record. Please contact support.',
  },
  confirmFailed: 'Failed to confirm donation',
  paymentError: {
    title: 'Payment Error',
    processFailed: 'Failed to process donation.',
    intentFailed: 'Failed to create payment intent',
  },
  thankYou: {
    title: 'Thank You!',
    description: (amount: string) =>
      `Your donation of $${amount} has been processed successfully. A receipt has been emailed to you.`,
  },
  /** The payment button: 'Complete Donation $' followed by the amount. */
  completeButton: (amount: string) => `Complete Donation $${amount}`,
} as const;

/** Messages of the server's refusals (400 field messages and others). */
export const DONATION_ERRORS = {
  amount: DONATION_TEXT.invalidAmount.description,
  amountTooLarge: `Donations above $${DONATION_MAXIMUM.toLocaleString('en-US')} cannot be taken online`,
  amountDecimals: 'Enter an amount with at most two decimals (whole cents), such as 12.35',
  name: DONATION_TEXT.missingName.description,
  nameTooLong: `Name must be at most ${DONATION_NAME_MAX} characters`,
  email: DONATION_TEXT.missingEmail.description,
  emailInvalid: 'Enter a valid email address',
  phone: 'Enter a valid phone number',
  description: `Description must be at most ${DONATION_DESCRIPTION_MAX} characters`,
  notFound: 'Donation not found',
  notSucceeded: 'The payment has not succeeded',
  amountMismatch: 'The payment does not match the donation',
  notRefundable: 'Only a paid donation can be refunded',
  tooManyRequests: 'Too many donation requests from this address; please try again later',
} as const;

export const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Dollars as the dialog shows them, e.g. 25 or 12.5. */
export const DonationAmountSchema = z
  .number({ error: DONATION_ERRORS.amount })
  .refine(Number.isFinite, DONATION_ERRORS.amount)
  .min(DONATION_MINIMUM, DONATION_ERRORS.amount)
  .max(DONATION_MAXIMUM, DONATION_ERRORS.amountTooLarge)
  .refine(hasAtMostTwoDecimals, DONATION_ERRORS.amountDecimals);

/** Whole cents of a dollar amount that passed DonationAmountSchema. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
/** '25' for 2500, '12.50' for 1250. */
export const formatDonationAmount = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * POST /api/donations/create-payment-intent. Email may be empty or left out when the caller is signed in (their
 * account's email is used); a visitor without one gets 400 with DONATION_ERRORS.email. lastName may be empty
 * (a one-word name). Phone and description are optional.
 */
export const CreateDonationIntentInputSchema = z.strictObject({
  amount: DonationAmountSchema,
  email: z
    .string({ error: DONATION_ERRORS.emailInvalid })
    .trim()
    .max(DONATION_EMAIL_MAX, DONATION_ERRORS.emailInvalid)
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined))
    .pipe(z.email({ error: DONATION_ERRORS.emailInvalid }).optional()),
  firstName: z
    .string({ error: DONATION_ERRORS.name })
    .trim()
    .min(1, DONATION_ERRORS.name)
    .max(DONATION_NAME_MAX, DONATION_ERRORS.nameTooLong)
    .check(oneLine('Name')),
  lastName: z
    .string({ error: DONATION_ERRORS.nameTooLong })
    .trim()
    .max(DONATION_NAME_MAX, DONATION_ERRORS.nameTooLong)
    .check(oneLine('Name'))
    .optional()
    .transform((value) => value ?? ''),
  phone: optionalText(DONATION_PHONE_MAX, DONATION_ERRORS.phone).refine(
    (value) => value === undefined || /^\+?[0-9 ()-]{7,}$/.test(value),
    DONATION_ERRORS.phone,
  ),
  description: optionalText(DONATION_DESCRIPTION_MAX, DONATION_ERRORS.description),
});
export type CreateDonationIntentInput = z.input<typeof CreateDonationIntentInputSchema>;

export const CreateDonationIntentAnswerSchema = z.object({
  success: z.boolean(),
  clientSecret: z.string(),
  error: z.string().optional(),
  paymentIntentId: z.string().optional(),
});
export type CreateDonationIntentAnswer = z.infer<typeof CreateDonationIntentAnswerSchema>;

/**
 * POST /api/donations/confirm. 200 { success: true } once the provider says the intent succeeded for the
 * donation's amount (again on a second call); 404 for an intent that is no donation's; 409 with
 * DONATION_ERRORS.notSucceeded or amountMismatch otherwise.
 */
export const ConfirmDonationInputSchema = z.strictObject({
  paymentIntentId: z
    .string({ error: 'Payment intent id is required' })
    .trim()
    .regex(/^pi_[A-Za-z0-9]+$/, 'Payment intent id is not valid'),
});
export type ConfirmDonationInput = z.infer<typeof ConfirmDonationInputSchema>;

export const ConfirmDonationAnswerSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});
export type ConfirmDonationAnswer = z.infer<typeof ConfirmDonationAnswerSchema>;

export const DonationSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: DonationStatusSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  description: z.string(),
  /** The signed-in donor's account, null for a visitor. */
  userId: z.string().nullable(),
  paymentIntentId: z.string(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type Donation = z.infer<typeof DonationSchema>;

/** GET /api/donations/mine: the signed-in user's own donations, newest first. */
export const MyDonationsAnswerSchema = z.object({ donations: z.array(DonationSchema) });
export type MyDonationsAnswer = z.infer<typeof MyDonationsAnswerSchema>;

export const DONATION_PERIODS = ['day', 'week', 'month', 'year'] as const;
export const DonationPeriodSchema = z.enum(DONATION_PERIODS);
export type DonationPeriod = z.infer<typeof DonationPeriodSchema>;
export const ADMIN_DONATIONS_PAGE_SIZE = 25;

/**
 * GET /api/admin/donations (admin). from/to are ISO dates (YYYY-MM-DD, the clinic's days, to inclusive); donor matches a part
 * of the donor's email or name; totals count paid and refunded donations in the same filter, by period
 * (the clinic's calendar; a week starts on Monday) newest first.
 */
export const AdminDonationsQuerySchema = z.strictObject({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  donor: z.string().trim().max(DONATION_EMAIL_MAX, 'Donor search is too long').optional(),
  status: DonationStatusSchema.optional(),
  period: DonationPeriodSchema.default('month'),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1)
    .default(1),
});
export type AdminDonationsQuery = z.input<typeof AdminDonationsQuerySchema>;

export const DonationTotalsSchema = z.object({
  /** Paid donations (refunded ones excluded). */
  count: z.number().int(),
  amountCents: z.number().int(),
  refundedCount: z.number().int(),
  refundedCents: z.number().int(),
});

export const AdminDonationsAnswerSchema = z.object({
  donations: z.array(DonationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totals: DonationTotalsSchema,
  /** period: '2026-11-22' (day, week's Monday), '2026-11' (month) or '2026' (year). */
  byPeriod: z.array(DonationTotalsSchema.extend({ period: z.string() })),
});
export type AdminDonationsAnswer = z.infer<typeof AdminDonationsAnswerSchema>;

export const DonationIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Must be a valid id' }) });

/** POST /api/admin/donations/{id}/refund (admin): refunds the whole donation; again is harmless. */
export const RefundDonationAnswerSchema = z.object({ donation: DonationSchema });
export type RefundDonationAnswer = z.infer<typeof RefundDonationAnswerSchema>;

/**
 * Pushed on the notifications channel to every admin and to the donor when a donation is made, paid or
 * refunded; open donation lists fetch again under their own access rules.
 */
export type DonationsChangedEvent = { type: 'donations_changed' };
export const DONATIONS_CHANGED: DonationsChangedEvent = { type: 'donations_changed' };
