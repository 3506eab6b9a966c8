import { z } from 'zod';
import { CheckoutProductsSchema, SellableProductSchema } from './billing-products';
import { DaySchema } from './scheduling';

/**
 * Billing: invoices to patients, their payments and refunds. Money is integer cents everywhere; the server
 * computes every figure (line amounts, subtotal, discount, tax, total, paid, balance) and never takes one from
 * the browser.
 *
 * Life of an invoice: a draft (no number, editable, deletable) is sent, which gives it the next number
 * (INV-000123, no gaps), its issue date, an email and an invoice_created notification to the patient. Payments
 * (card online by the patient, or cash, cheque or card at the desk recorded by staff) move it to partially_paid
 * or paid (invoice_paid); the overdue job moves a sent or partially paid invoice past its due date to overdue
 * (invoice_overdue, once). A refund lowers what was paid. An invoice with nothing paid (net of refunds) can be
 * voided with a reason; voiding releases its appointments so they can be billed again.
 *
 * Who sees what: a patient their own invoices that are not drafts; a practitioner the invoices of the patients
 * they care for (as for the patient's record); staff and admin all. Anything else is a 404.
 */

export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** Statuses in which an invoice is still owed. */
export const OPEN_INVOICE_STATUSES = ['sent', 'partially_paid', 'overdue'] as const satisfies InvoiceStatus[];

export const PAYMENT_METHOD_VALUES = ['card', 'cash', 'cheque'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHOD_VALUES, {
  error: 'Method must be card, cash or cheque',
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const INVOICE_CURRENCY = 'usd';
export const INVOICE_NUMBER_PREFIX = 'INV-';
/** INV-000123: the prefix and the number padded to six digits. */
export const formatInvoiceNumber = (value: number) =>
  `${INVOICE_NUMBER_PREFIX}${String(value).padStart(6, '0')}`;

/** Where a notification about an invoice leads: the billing page with that invoice open. */
export const invoiceUrl = (id: string) => `/billing?invoice=${id}`;

export const INVOICE_PAGE_SIZE = 25;
export const INVOICE_MAX_LINES = 50;
export const INVOICE_DESCRIPTION_MAX = 200;
export const INVOICE_NOTES_MAX = 2000;
export const INVOICE_REASON_MAX = 500;
export const INVOICE_REFERENCE_MAX = 100;
export const INVOICE_QUANTITY_MAX = 1000;
/** The largest unit price, and the largest invoice total: $100,000. */
export const INVOICE_AMOUNT_MAX_CENTS = 10_000_000;
/** Tax rate in basis points: 825 is 8.25 %; at most 50 %. */
export const TAX_RATE_MAX_BASIS_POINTS = 5000;
export const PAYMENT_TERMS_MAX_DAYS = 365;
/** The longest late-cancellation window a clinic may set: a week. */
export const LATE_CANCEL_WINDOW_MAX_HOURS = 168;
export const IDEMPOTENCY_KEY_ERROR =
  'An idempotency key of 8 to 100 letters, digits, dashes or underscores is required';
/** A charge's name from the browser: the same key is the same charge, however often it is asked. */
export const IdempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_ERROR })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, IDEMPOTENCY_KEY_ERROR);
/** The longest period one statement covers: two years. */
export const STATEMENT_MAX_DAYS = 731;
/** The largest policy fee: $1,000. */
export const POLICY_FEE_MAX_CENTS = 100_000;

/** The unbilled sessions view: a page of sessions, and the window it shows when no dates are given. */
export const UNBILLED_PAGE_SIZE = 100;
export const UNBILLED_DEFAULT_DAYS = 30;
export const UNBILLED_MAX_SPAN_DAYS = 366;
/** The most sessions one "Invoice selected" takes. */
export const UNBILLED_BATCH_MAX = 500;

/** The overdue job's period. */
export const OVERDUE_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/** Packages one checkout may sell (see billing-packages.ts). */
export const CHECKOUT_PACKAGES_MAX = 5;

export const BILLING_ERRORS = {
  notFound: 'Invoice not found',
  paymentNotFound: 'Payment not found',
  patient: 'Choose a patient',
  patientNotFound: 'Patient not found',
  practitionerNotFound: 'Practitioner not found',
  practitionerBillsOwn: 'Practitioners invoice in their own name; the clinic staff can name any practitioner',
  noLines: 'Add at least one line',
  tooManyLines: `An invoice can have at most ${INVOICE_MAX_LINES} lines`,
  description: 'Each line needs a description',
  descriptionTooLong: `A line's description must be at most ${INVOICE_DESCRIPTION_MAX} characters`,
  quantity: 'Quantity must be a whole number from 1',
  quantityTooLarge: `Quantity must be at most ${INVOICE_QUANTITY_MAX}`,
  price: 'Price must be a whole number of cents',
  priceNegative: 'Price cannot be negative',
  priceTooLarge: 'Price is too large',
  discount: 'Discount must be a whole number of cents, not negative',
  discountTooLarge: 'Discount cannot be more than the subtotal',
  totalTooLarge: 'The invoice total is too large',
  notesTooLong: `Notes must be at most ${INVOICE_NOTES_MAX} characters`,
  appointmentNotBillable:
    "That appointment cannot be billed: it is not a completed session of this patient (a practitioner's own, when a practitioner bills), or it is already billed",
  serviceNotFound: 'Service not found',
  dueDateBeforeIssue: 'The due date cannot be before today',
  notDraft: 'Only a draft can be changed or deleted',
  notOpen: 'This invoice is not open for payment',
  amount: 'Amount must be a whole number of cents above zero',
  amountOverBalance: 'The amount is more than the balance due',
  reference: `Reference must be at most ${INVOICE_REFERENCE_MAX} characters`,
  reason: 'Give a reason',
  reasonTooLong: `Reason must be at most ${INVOICE_REASON_MAX} characters`,
  refundTooLarge: 'The refund is more than what is left of the payment',
  notVoidable: 'An invoice with payments cannot be voided; refund them first',
  alreadyVoid: 'This invoice is void',
  draftNotVoidable: 'A draft is deleted, not voided',
  notSucceeded: 'The payment has not succeeded',
  amountMismatch: 'The payment does not match the invoice',
  taxRate: `Tax rate must be a whole number of basis points from 0 to ${TAX_RATE_MAX_BASIS_POINTS}`,
  paymentTerms: `Payment terms must be from 0 to ${PAYMENT_TERMS_MAX_DAYS} days`,
  sessionBilling: 'Session billing must be on or off',
  lateCancelWindow: `The late-cancellation window must be a whole number of hours from 0 to ${LATE_CANCEL_WINDOW_MAX_HOURS}`,
  policyFee: `A fee must be a whole number of cents from 0 to ${POLICY_FEE_MAX_CENTS}`,
  sessionBillingOff: 'Session billing is off: an admin can turn it on in Settings',
  statementPatient: 'Choose a patient for the statement',
  checkoutNotCompleted: 'Only a completed session can be checked out',
  checkoutNotFound: 'Session not found',
  checkoutPayment: 'Choose how the session is paid: on the account, at the desk, or by card',
  checkoutCard: 'Choose a card on file of this patient',
  checkoutCardAtDesk:
    'A new card is taken by the front desk; record a desk payment or leave it on the account',
  statementRange: `A statement covers from 1 to ${STATEMENT_MAX_DAYS} days, and "from" comes before "to"`,
  sessionsNone: 'Choose at least one session',
  sessionsTooMany: `Invoice at most ${UNBILLED_BATCH_MAX} sessions at once`,
  sessionId: 'Each session must be a valid id',
  sessionNotFound: 'Session not found',
  nothingUnbilled:
    'None of the chosen sessions is still unbilled: someone may have invoiced them a moment ago',
  packageNotOnSale: 'That package is not on sale',
  checkoutPackages: `Sell at most ${CHECKOUT_PACKAGES_MAX} packages at one checkout`,
  unbilledRange: `From must not be after to, and the range at most ${UNBILLED_MAX_SPAN_DAYS} days`,
} as const;

const cents = (error: string, tooLarge: string) =>
  z.number({ error }).int(error).min(0, error).max(INVOICE_AMOUNT_MAX_CENTS, tooLarge);

/** A line as the browser sends it: its own text and price, or made from a service or a completed appointment. */
export const InvoiceLineInputSchema = z.strictObject({
  description: z
    .string({ error: BILLING_ERRORS.description })
    .trim()
    .min(1, BILLING_ERRORS.description)
    .max(INVOICE_DESCRIPTION_MAX, BILLING_ERRORS.descriptionTooLong),
  quantity: z
    .number({ error: BILLING_ERRORS.quantity })
    .int(BILLING_ERRORS.quantity)
    .min(1, BILLING_ERRORS.quantity)
    .max(INVOICE_QUANTITY_MAX, BILLING_ERRORS.quantityTooLarge),
  unitPriceCents: z
    .number({ error: BILLING_ERRORS.price })
    .int(BILLING_ERRORS.price)
    .min(0, BILLING_ERRORS.priceNegative)
    .max(INVOICE_AMOUNT_MAX_CENTS, BILLING_ERRORS.priceTooLarge),
  serviceTypeId: z.uuid({ error: BILLING_ERRORS.serviceNotFound }).optional(),
  /**
   * A completed appointment of this patient not yet billed. The server takes its description (service and day)
   * and its price from the service, whatever the browser sent for them; quantity is 1.
   */
  appointmentId: z.uuid({ error: BILLING_ERRORS.appointmentNotBillable }).optional(),
  /** A package from the catalogue, on sale: the server takes its name and price; quantity is 1. */
  packageId: z.uuid({ error: BILLING_ERRORS.packageNotOnSale }).optional(),
});
export type InvoiceLineInput = z.infer<typeof InvoiceLineInputSchema>;

const invoiceFields = {
  /** Staff and admin name any practitioner, or none; a practitioner's invoice names them (400 otherwise). */
  practitionerId: z.uuid({ error: BILLING_ERRORS.practitionerNotFound }).nullable().optional(),
  /** Defaults to today plus the payment terms of the billing settings. */
  dueDate: DaySchema('Due date').optional(),
  discountCents: cents(BILLING_ERRORS.discount, BILLING_ERRORS.totalTooLarge).optional(),
  notes: z.string().trim().max(INVOICE_NOTES_MAX, BILLING_ERRORS.notesTooLong).optional(),
  lineItems: z
    .array(InvoiceLineInputSchema, { error: BILLING_ERRORS.noLines })
    .min(1, BILLING_ERRORS.noLines)
    .max(INVOICE_MAX_LINES, BILLING_ERRORS.tooManyLines),
};

/** POST /api/invoices (staff, admin, and a practitioner for a patient in their care): a draft. */
export const CreateInvoiceInputSchema = z.strictObject({
  patientId: z.uuid({ error: BILLING_ERRORS.patient }),
  ...invoiceFields,
});
export type CreateInvoiceInput = z.infer<typeof CreateInvoiceInputSchema>;

/** PATCH /api/invoices/{id}: a draft only; lineItems, when given, replace the lines. */
export const UpdateInvoiceInputSchema = z.strictObject({
  ...invoiceFields,
  lineItems: invoiceFields.lineItems.optional(),
});
export type UpdateInvoiceInput = z.infer<typeof UpdateInvoiceInputSchema>;

export const InvoiceLineSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  serviceTypeId: z.string().nullable(),
  appointmentId: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoicePaymentSchema = z.object({
  id: z.string(),
  method: PaymentMethodSchema,
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  cardLast4: z.string().nullable(),
  reference: z.string().nullable(),
  /** True when paid online through the payment provider (refunds go back to the card). */
  online: z.boolean(),
  paidAt: z.string(),
  recordedByName: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

/** One row of a list. */
export const InvoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: InvoiceStatusSchema,
  patientId: z.string(),
  patientName: z.string(),
  practitionerId: z.string().nullable(),
  practitionerName: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  /** What is left to pay: total less paid, and 0 for a void invoice. */
  balanceCents: z.number().int(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceSchema = InvoiceSummarySchema.extend({
  lineItems: z.array(InvoiceLineSchema),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  taxCents: z.number().int(),
  notes: z.string(),
  voidReason: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  payments: z.array(InvoicePaymentSchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceAnswerSchema = z.object({ invoice: InvoiceSchema });
export type InvoiceAnswer = z.infer<typeof InvoiceAnswerSchema>;

export const InvoiceIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Must be a valid id' }) });
export const InvoicePaymentParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Must be a valid id' }),
  paymentId: z.uuid({ error: 'Must be a valid id' }),
});

/**
 * GET /api/invoices: newest first, under the caller's access. search matches the number or the patient's name;
 * totals cover every invoice of the filter (not only the page).
 */
export const InvoiceListQuerySchema = z.strictObject({
  status: InvoiceStatusSchema.optional(),
  patientId: z.uuid({ error: 'patientId must be a UUID' }).optional(),
  practitionerId: z.uuid({ error: 'practitionerId must be a UUID' }).optional(),
  search: z.string().trim().max(100, 'Search is too long').optional(),
  from: DaySchema('from').optional(),
  to: DaySchema('to').optional(),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .default(1),
});
export type InvoiceListQuery = z.input<typeof InvoiceListQuerySchema>;

export const InvoiceListAnswerSchema = z.object({
  invoices: z.array(InvoiceSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totals: z.object({
    /** Balance of the open invoices (sent, partially paid, overdue). */
    outstandingCents: z.number().int(),
    overdueCents: z.number().int(),
    overdueCount: z.number().int(),
  }),
});
export type InvoiceListAnswer = z.infer<typeof InvoiceListAnswerSchema>;

/**
 * GET /api/invoices/billable?patientId=…: the patient's completed appointments not yet on an invoice; for a
 * practitioner, only their own (practitioners bill as themselves).
 */
export const BillableQuerySchema = z.strictObject({ patientId: z.uuid({ error: BILLING_ERRORS.patient }) });
export const BillableAppointmentSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  serviceTypeId: z.string(),
  serviceName: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
  priceCents: z.number().int(),
});
export type BillableAppointment = z.infer<typeof BillableAppointmentSchema>;
export const BillableAnswerSchema = z.object({ appointments: z.array(BillableAppointmentSchema) });
export type BillableAnswer = z.infer<typeof BillableAnswerSchema>;

/**
 * GET /api/invoices/unbilled (staff, admin; a practitioner their own sessions; only while session billing is
 * on): completed sessions no invoice line claims, newest first, between the clinic days `from` and `to`
 * (inclusive; by default the last UNBILLED_DEFAULT_DAYS days up to today), optionally of one practitioner.
 * `total` and `totalCents` cover every session of the filter, not only the page.
 */
export const UnbilledQuerySchema = z
  .strictObject({
    from: DaySchema('from').optional(),
    to: DaySchema('to').optional(),
    practitionerId: z.uuid({ error: 'practitionerId must be a UUID' }).optional(),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(10_000, 'page must be at most 10000')
      .default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    error: BILLING_ERRORS.unbilledRange,
  });
export type UnbilledQuery = z.input<typeof UnbilledQuerySchema>;

export const UnbilledSessionSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
  serviceName: z.string(),
  priceCents: z.number().int(),
});
export type UnbilledSession = z.infer<typeof UnbilledSessionSchema>;

export const UnbilledAnswerSchema = z.object({
  sessions: z.array(UnbilledSessionSchema),
  from: z.string(),
  to: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalCents: z.number().int(),
});
export type UnbilledAnswer = z.infer<typeof UnbilledAnswerSchema>;

/**
 * POST /api/invoices/from-sessions: issues one invoice per patient of the chosen sessions (split in invoices of
 * INVOICE_MAX_LINES lines for a patient with more), numbered and sent in one transaction. Sessions someone
 * billed a moment ago are skipped and listed in `skipped`.
 */
export const InvoiceSessionsInputSchema = z.strictObject({
  appointmentIds: z
    .array(z.uuid({ error: BILLING_ERRORS.sessionId }), { error: BILLING_ERRORS.sessionsNone })
    .min(1, BILLING_ERRORS.sessionsNone)
    .max(UNBILLED_BATCH_MAX, BILLING_ERRORS.sessionsTooMany),
});
export type InvoiceSessionsInput = z.infer<typeof InvoiceSessionsInputSchema>;
export const InvoiceSessionsAnswerSchema = z.object({
  invoices: z.array(InvoiceSummarySchema),
  sessions: z.number().int(),
  skipped: z.array(z.string()),
});
export type InvoiceSessionsAnswer = z.infer<typeof InvoiceSessionsAnswerSchema>;

/**
 * POST /api/invoices/{id}/payments (staff, admin; a practitioner for their patients): a payment taken at the
 * desk. Card here is a card terminal's payment, recorded by hand; no card number is ever sent.
 */
export const RecordPaymentInputSchema = z.strictObject({
  method: PaymentMethodSchema,
  amountCents: z
    .number({ error: BILLING_ERRORS.amount })
    .int(BILLING_ERRORS.amount)
    .min(1, BILLING_ERRORS.amount)
    .max(INVOICE_AMOUNT_MAX_CENTS, BILLING_ERRORS.amountOverBalance),
  reference: z.string().trim().max(INVOICE_REFERENCE_MAX, BILLING_ERRORS.reference).optional(),
});
export type RecordPaymentInput = z.infer<typeof RecordPaymentInputSchema>;

/**
 * POST /api/invoices/{id}/pay (the patient, or staff for them): a payment intent for the whole balance due,
 * computed by the server. Then the browser confirms the card with the provider and calls
 * POST /api/invoices/{id}/pay/confirm { paymentIntentId }; the server asks the provider itself.
 */
export const PayInvoiceAnswerSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amountCents: z.number().int(),
});
export type PayInvoiceAnswer = z.infer<typeof PayInvoiceAnswerSchema>;
export const ConfirmInvoicePaymentInputSchema = z.strictObject({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .regex(/^pi_[A-Za-z0-9]+$/, 'paymentIntentId is not valid'),
});

const reasonSchema = z
  .string({ error: BILLING_ERRORS.reason })
  .trim()
  .min(1, BILLING_ERRORS.reason)
  .max(INVOICE_REASON_MAX, BILLING_ERRORS.reasonTooLong);

/**
 * POST /api/invoices/{id}/payments/{paymentId}/refund (staff, admin): refunds amountCents of the payment, or what
 * is left of it. An online card payment is refunded through the provider; a desk payment is recorded as paid back.
 */
export const RefundPaymentInputSchema = z.strictObject({
  amountCents: z
    .number({ error: BILLING_ERRORS.amount })
    .int(BILLING_ERRORS.amount)
    .min(1, BILLING_ERRORS.amount)
    .max(INVOICE_AMOUNT_MAX_CENTS, BILLING_ERRORS.refundTooLarge)
    .optional(),
  reason: reasonSchema,
});
export type RefundPaymentInput = z.infer<typeof RefundPaymentInputSchema>;

/** POST /api/invoices/{id}/void (staff, admin). */
export const VoidInvoiceInputSchema = z.strictObject({ reason: reasonSchema });
export type VoidInvoiceInput = z.infer<typeof VoidInvoiceInputSchema>;

/** GET and PUT /api/billing/settings (read: staff, admin, practitioners; write: staff, admin). */
export const BillingSettingsSchema = z.strictObject({
  taxRateBasisPoints: z
    .number({ error: BILLING_ERRORS.taxRate })
    .int(BILLING_ERRORS.taxRate)
    .min(0, BILLING_ERRORS.taxRate)
    .max(TAX_RATE_MAX_BASIS_POINTS, BILLING_ERRORS.taxRate),
  paymentTermsDays: z
    .number({ error: BILLING_ERRORS.paymentTerms })
    .int(BILLING_ERRORS.paymentTerms)
    .min(0, BILLING_ERRORS.paymentTerms)
    .max(PAYMENT_TERMS_MAX_DAYS, BILLING_ERRORS.paymentTerms),
});
export type BillingSettings = z.infer<typeof BillingSettingsSchema>;
export const BillingSettingsAnswerSchema = z.object({ settings: BillingSettingsSchema });

const policyFee = z
  .number({ error: BILLING_ERRORS.policyFee })
  .int(BILLING_ERRORS.policyFee)
  .min(0, BILLING_ERRORS.policyFee)
  .max(POLICY_FEE_MAX_CENTS, BILLING_ERRORS.policyFee);

/**
 * GET (any signed-in user: patients read it before they book) and PUT (admin) /api/billing/policy. Session
 * billing turns on checkout, the unbilled sessions view, cards on file and the fees below; it is off on a new
 * clinic, where every screen is as the specification describes it. A fee of 0 is no fee.
 */
export const BillingPolicySchema = z.strictObject({
  sessionBilling: z.boolean({ error: BILLING_ERRORS.sessionBilling }),
  lateCancelWindowHours: z
    .number({ error: BILLING_ERRORS.lateCancelWindow })
    .int(BILLING_ERRORS.lateCancelWindow)
    .min(0, BILLING_ERRORS.lateCancelWindow)
    .max(LATE_CANCEL_WINDOW_MAX_HOURS, BILLING_ERRORS.lateCancelWindow),
  lateCancelFeeCents: policyFee,
  noShowFeeCents: policyFee,
});
export type BillingPolicy = z.infer<typeof BillingPolicySchema>;
export const BillingPolicyAnswerSchema = z.object({ policy: BillingPolicySchema });
export const DEFAULT_BILLING_POLICY: BillingPolicy = {
  sessionBilling: false,
  lateCancelWindowHours: 24,
  lateCancelFeeCents: 0,
  noShowFeeCents: 0,
};

/**
 * The figures of an invoice from its lines: line amounts, subtotal, discount (never above the subtotal), tax on
 * the discounted subtotal rounded half up to the cent, total. Shared so the editor can preview what the server
 * will compute; the server always computes them itself.
 */
export function invoiceTotals(
  lines: readonly { quantity: number; unitPriceCents: number }[],
  discountCents: number,
  taxRateBasisPoints: number,
) {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const discount = Math.min(Math.max(discountCents, 0), subtotalCents);
  const taxable = subtotalCents - discount;
  const taxCents = Math.floor((taxable * taxRateBasisPoints + 5000) / 10000);
  return { subtotalCents, discountCents: discount, taxCents, totalCents: taxable + taxCents };
}

/** Formats a tax rate in basis points as a percentage: 825 → '8.25%'. */
export const formatTaxRate = (basisPoints: number) =>
  `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/**
 * Pushed on the notifications channel to the invoice's patient and practitioner and to every staff member and
 * admin when an invoice is made, changed, sent, paid, refunded, voided or falls overdue; open lists fetch again
 * under their own access rules.
 */
export type InvoicesChangedEvent = { type: 'invoices_changed'; invoiceId: string };

/**
 * GET /api/billing/statements (and /pdf): a patient's account over a period of clinic days. Patients read their
 * own (patientId may be left out); practitioners the patients in their reach; staff and admins anyone. The
 * period defaults to the last 90 days. POST /api/billing/statements/email (staff, admin) emails it.
 */
export const StatementQuerySchema = z.strictObject({
  patientId: z.uuid({ error: BILLING_ERRORS.statementPatient }).optional(),
  from: DaySchema('from').optional(),
  to: DaySchema('to').optional(),
});
export type StatementQuery = z.infer<typeof StatementQuerySchema>;
export const StatementEmailInputSchema = StatementQuerySchema.extend({
  patientId: z.uuid({ error: BILLING_ERRORS.statementPatient }),
});

/** One entry of a statement: an invoice issued (a charge), a payment received or a refund of one. */
export const StatementEntrySchema = z.object({
  day: z.string(),
  kind: z.enum(['invoice', 'payment', 'refund']),
  /** The invoice number the entry belongs to. */
  invoiceNumber: z.string(),
  description: z.string(),
  /** What it adds to the balance: an invoice and a refund add, a payment takes away. */
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

export const StatementSchema = z.object({
  patientId: z.string(),
  patientName: z.string(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  openingBalanceCents: z.number().int(),
  entries: z.array(StatementEntrySchema),
  invoicedCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  closingBalanceCents: z.number().int(),
});
export type Statement = z.infer<typeof StatementSchema>;
export const StatementAnswerSchema = z.object({ statement: StatementSchema });
export type StatementAnswer = z.infer<typeof StatementAnswerSchema>;

/**
 * Checkout of one completed session (GET and POST /api/invoices/checkout/{appointmentId}), while session billing
 * is on: practitioners their own sessions, staff and admins any. The session's line comes from its service; other
 * lines (a product, a package, another service) may be added. Paying: left on the patient's account, at the desk
 * (the whole balance, so a second click pays nothing more), by the patient's card on file (the browser's
 * idempotency key names the charge), or by a new card (staff and admins: the answer holds the card payment to
 * complete, as /api/invoices/{id}/pay does).
 */
export const CheckoutParamsSchema = z.strictObject({
  appointmentId: z.uuid({ error: BILLING_ERRORS.checkoutNotFound }),
});
export const CheckoutPaymentSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('account') }),
    z.strictObject({
      kind: z.literal('desk'),
      method: PaymentMethodSchema,
      reference: z.string().trim().max(INVOICE_REFERENCE_MAX, BILLING_ERRORS.reference).optional(),
    }),
    z.strictObject({ kind: z.literal('new_card') }),
    z.strictObject({
      kind: z.literal('saved_card'),
      cardId: z.uuid({ error: BILLING_ERRORS.checkoutCard }),
      idempotencyKey: IdempotencyKeySchema,
    }),
  ],
  { error: BILLING_ERRORS.checkoutPayment },
);
export type CheckoutPayment = z.infer<typeof CheckoutPaymentSchema>;
export const CheckoutInputSchema = z.strictObject({
  lineItems: z
    .array(InvoiceLineInputSchema, { error: BILLING_ERRORS.noLines })
    .max(INVOICE_MAX_LINES - 1, BILLING_ERRORS.tooManyLines)
    .default([]),
  /** Products from the store: priced from the catalogue, their stock taken with the invoice's lines. */
  products: CheckoutProductsSchema,
  payment: CheckoutPaymentSchema,
  /** Packages sold with the checkout: each a line priced from the catalogue, held once the invoice is issued. */
  packageIds: z
    .array(z.uuid({ error: BILLING_ERRORS.packageNotOnSale }), { error: BILLING_ERRORS.packageNotOnSale })
    .max(CHECKOUT_PACKAGES_MAX, BILLING_ERRORS.checkoutPackages)
    .default([]),
});
export type CheckoutInput = z.input<typeof CheckoutInputSchema>;

export const CheckoutSessionSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  status: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
  serviceName: z.string(),
  priceCents: z.number().int(),
});
/** A package of the patient's that covers the session: its session is on the invoice at no charge. */
export const CoveredBySchema = z.object({
  patientPackageId: z.uuid(),
  name: z.string(),
  sessionsLeft: z.number().int(),
  sessionsTotal: z.number().int(),
});
export type CoveredBy = z.infer<typeof CoveredBySchema>;
export const CheckoutPreviewSchema = z.object({
  session: CheckoutSessionSchema,
  /** The invoice that bills the session already, if any: checking out again carries on with it. */
  invoice: InvoiceSummarySchema.nullable(),
  /** What the patient owes on their other open invoices. */
  otherBalanceCents: z.number().int(),
  /** The store's variants for sale (showing products, in stock or made to order), for "Add a product". */
  products: z.array(SellableProductSchema),
  /** The package whose session this was, if one covers it; absent while session billing has no packages. */
  coveredBy: CoveredBySchema.nullable().optional(),
});
export type CheckoutPreview = z.infer<typeof CheckoutPreviewSchema>;
export const CheckoutAnswerSchema = z.object({
  invoice: InvoiceSchema,
  /** For a new card: the payment to complete with the card form. */
  cardPayment: PayInvoiceAnswerSchema.nullable(),
  /** A card on file the provider refused: why. The invoice stays open. */
  declined: z.string().nullable(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;
