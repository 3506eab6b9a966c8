import { z } from 'zod';
import { oneLine } from './one-line';
import { InstantSchema } from './scheduling';
import { QUOTE_KINDS, QUOTE_STATUSES } from './vocabulary/quotes';

export * from './vocabulary/quotes';

/**
 * Quotes. A member asks the clinic for a quote (bulk or custom merchandise, or sponsoring a programme); an
 * admin answers it with priced lines, a message and an expiry; the member accepts it (it becomes a store order
 * to pay, priced from the quote's lines) or declines it. An answered quote past its expiry cannot be accepted.
 */

export const QUOTE_TITLE_MAX = 200;
export const QUOTE_DETAILS_MAX = 5000;
export const QUOTE_QUANTITY_MAX = 100_000;
export const QUOTE_BUDGET_MAX_CENTS = 100_000_000;
export const QUOTE_LINES_MAX = 50;
export const QUOTE_LINE_DESCRIPTION_MAX = 300;
export const QUOTE_UNIT_PRICE_MAX_CENTS = 10_000_000;
export const QUOTE_MESSAGE_MAX = 5000;
/** The largest total a quote may come to (an order's total must stay payable in one card payment). */
export const QUOTE_TOTAL_MAX_CENTS = 99_999_999;
/** How often each instance marks lapsed quotes expired and tells their members. */
export const QUOTE_EXPIRY_SWEEP_MS = 60_000;

export const QUOTE_ERRORS = {
  kind: 'Choose what the quote is for',
  title: 'Title is required',
  titleTooLong: `Title must be at most ${QUOTE_TITLE_MAX} characters`,
  details: 'Details are required',
  detailsTooLong: `Details must be at most ${QUOTE_DETAILS_MAX} characters`,
  quantity: `Quantity must be a whole number from 1 to ${QUOTE_QUANTITY_MAX.toLocaleString('en-US')}`,
  budget: 'Budget must be a whole number of cents of at least 1',
  budgetTooLarge: 'Budget is too large',
  lines: `Give between 1 and ${QUOTE_LINES_MAX} lines`,
  lineDescription: 'Each line needs a description',
  lineDescriptionTooLong: `A line's description must be at most ${QUOTE_LINE_DESCRIPTION_MAX} characters`,
  lineQuantity: `A line's quantity must be a whole number from 1 to ${QUOTE_QUANTITY_MAX.toLocaleString('en-US')}`,
  unitPrice: "A line's unit price must be a whole number of cents of at least 1",
  unitPriceTooLarge: "A line's unit price is too large",
  totalTooLarge: 'The quote comes to more than can be paid in one payment',
  message: 'A message to the member is required',
  messageTooLong: `Message must be at most ${QUOTE_MESSAGE_MAX} characters`,
  expiresAt: 'Expiry must be a date and time (ISO 8601)',
  expiresInPast: 'Expiry must be in the future',
  notFound: 'Quote not found',
  notRequested: 'Only a quote that is still requested can be answered',
  notAnswered: 'Only an answered quote can be accepted or declined',
  expired: 'This quote has expired and can no longer be accepted',
  notPayable: 'This quote has no order waiting to be paid',
} as const;

const trimmed = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const CreateQuoteInputSchema = z.strictObject({
  kind: z.enum(QUOTE_KINDS, { error: QUOTE_ERRORS.kind }),
  title: trimmed(QUOTE_ERRORS.title, QUOTE_TITLE_MAX, QUOTE_ERRORS.titleTooLong).check(oneLine('Title')),
  details: trimmed(QUOTE_ERRORS.details, QUOTE_DETAILS_MAX, QUOTE_ERRORS.detailsTooLong),
  quantity: z
    .number({ error: QUOTE_ERRORS.quantity })
    .int({ error: QUOTE_ERRORS.quantity })
    .min(1, { error: QUOTE_ERRORS.quantity })
    .max(QUOTE_QUANTITY_MAX, { error: QUOTE_ERRORS.quantity })
    .nullish(),
  budgetCents: z
    .number({ error: QUOTE_ERRORS.budget })
    .int({ error: QUOTE_ERRORS.budget })
    .min(1, { error: QUOTE_ERRORS.budget })
    .max(QUOTE_BUDGET_MAX_CENTS, { error: QUOTE_ERRORS.budgetTooLarge })
    .nullish(),
});
export type CreateQuoteInput = z.infer<typeof CreateQuoteInputSchema>;

export const QuoteLineInputSchema = z.strictObject({
  description: trimmed(
    QUOTE_ERRORS.lineDescription,
    QUOTE_LINE_DESCRIPTION_MAX,
    QUOTE_ERRORS.lineDescriptionTooLong,
  ),
  quantity: z
    .number({ error: QUOTE_ERRORS.lineQuantity })
    .int({ error: QUOTE_ERRORS.lineQuantity })
    .min(1, { error: QUOTE_ERRORS.lineQuantity })
    .max(QUOTE_QUANTITY_MAX, { error: QUOTE_ERRORS.lineQuantity }),
  unitPriceCents: z
    .number({ error: QUOTE_ERRORS.unitPrice })
    .int({ error: QUOTE_ERRORS.unitPrice })
    .min(1, { error: QUOTE_ERRORS.unitPrice })
    .max(QUOTE_UNIT_PRICE_MAX_CENTS, { error: QUOTE_ERRORS.unitPriceTooLarge }),
});
export type QuoteLineInput = z.infer<typeof QuoteLineInputSchema>;

export const quoteTotalCents = (lines: readonly { quantity: number; unitPriceCents: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);

export const AnswerQuoteInputSchema = z.strictObject({
  lines: z
    .array(QuoteLineInputSchema, { error: QUOTE_ERRORS.lines })
    .min(1, { error: QUOTE_ERRORS.lines })
    .max(QUOTE_LINES_MAX, { error: QUOTE_ERRORS.lines })
    .refine((lines) => quoteTotalCents(lines) <= QUOTE_TOTAL_MAX_CENTS, {
      error: QUOTE_ERRORS.totalTooLarge,
    }),
  message: trimmed(QUOTE_ERRORS.message, QUOTE_MESSAGE_MAX, QUOTE_ERRORS.messageTooLong),
  expiresAt: InstantSchema('Expiry'),
});
export type AnswerQuoteInput = z.infer<typeof AnswerQuoteInputSchema>;

export const QuoteIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Must be a valid id' }) });
export const AdminQuotesQuerySchema = z.strictObject({
  status: z.enum(QUOTE_STATUSES, { error: 'Unknown status' }).optional(),
});

export const QuoteLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const QuoteSchema = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  memberName: z.string(),
  kind: z.enum(QUOTE_KINDS),
  title: z.string(),
  details: z.string(),
  quantity: z.number().int().nullable(),
  budgetCents: z.number().int().nullable(),
  status: z.enum(QUOTE_STATUSES),
  lines: z.array(QuoteLineSchema),
  totalCents: z.number().int().nullable(),
  message: z.string().nullable(),
  expiresAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  orderId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteAnswerSchema = z.object({ quote: QuoteSchema });
export type QuoteAnswer = z.infer<typeof QuoteAnswerSchema>;
export const QuotesAnswerSchema = z.object({ quotes: z.array(QuoteSchema) });
export type QuotesAnswer = z.infer<typeof QuotesAnswerSchema>;

/** Accepting answers the order made from the quote and what the shared card form needs to pay it. */
export const AcceptQuoteAnswerSchema = z.object({
  quote: QuoteSchema,
  orderId: z.uuid(),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
});
export type AcceptQuoteAnswer = z.infer<typeof AcceptQuoteAnswerSchema>;

/** The socket push that a quote changed: the member and every admin ask again under their own access. */
export type QuotesChangedEvent = { type: 'quotes_changed'; quoteId: string };
