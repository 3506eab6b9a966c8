import { z } from 'zod';
import { type BillingPolicy, InvoiceSchema } from './billing';
import { formatMoney } from './money';

/*
 * Late-cancellation and no-show fees (decision 0030). Marking a no-show, or a cancellation at the patient's
 * request inside the clinic's window, makes a pending fee while session billing is on and the fee is above 0;
 * the desk applies it (a sent one-line invoice) or waives it with a reason.
 */

export const FEE_KINDS = ['late_cancel', 'no_show'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const FEE_STATUSES = ['pending', 'applied', 'waived'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];
export const FEE_WAIVE_REASON_MAX = 500;

export const FEE_KIND_LABELS: Record<FeeKind, string> = {
  late_cancel: 'late-cancellation fee',
  no_show: 'no-show fee',
};

export const FEE_ERRORS = {
  notFound: 'Fee not found',
  notPending: 'This fee was already applied or waived',
  billingOff: 'Session billing is off: turn it on in Settings, Billing policy',
  appointmentChanged: 'The appointment is no longer a no-show or a late cancellation, so its fee was dropped',
  onlyStaffWaive: 'Only the clinic staff can waive a fee',
  reason: 'Reason is required',
  reasonTooLong: `Reason must be at most ${FEE_WAIVE_REASON_MAX} characters`,
  status: `Status must be one of ${FEE_STATUSES.join(', ')}`,
} as const;

export const FeeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(FEE_KINDS),
  status: z.enum(FEE_STATUSES),
  amountCents: z.number().int(),
  appointmentId: z.uuid(),
  appointmentStartsAt: z.string(),
  patientId: z.uuid(),
  patientName: z.string(),
  practitionerId: z.uuid(),
  practitionerName: z.string(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  waiveReason: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Fee = z.infer<typeof FeeSchema>;

/** GET /api/billing/fees: staff and admins see every fee, a practitioner those of their own sessions. */
export const ListFeesQuerySchema = z.strictObject({
  status: z.enum(FEE_STATUSES, { error: FEE_ERRORS.status }).optional(),
  appointmentId: z.uuid({ error: 'Appointment must be a valid id' }).optional(),
});
export type ListFeesQuery = z.infer<typeof ListFeesQuerySchema>;
export const FeeListAnswerSchema = z.object({ fees: z.array(FeeSchema) });
export type FeeListAnswer = z.infer<typeof FeeListAnswerSchema>;

export const FeeIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Must be a valid id' }) });

/** POST /api/billing/fees/{id}/waive (staff and admins). */
export const WaiveFeeInputSchema = z.strictObject({
  reason: z
    .string({ error: FEE_ERRORS.reason })
    .trim()
    .min(1, FEE_ERRORS.reason)
    .max(FEE_WAIVE_REASON_MAX, FEE_ERRORS.reasonTooLong),
});
export type WaiveFeeInput = z.infer<typeof WaiveFeeInputSchema>;

export const FeeAnswerSchema = z.object({ fee: FeeSchema });
/** POST /api/billing/fees/{id}/apply: the fee and the invoice it became. */
export const AppliedFeeAnswerSchema = z.object({ fee: FeeSchema, invoice: InvoiceSchema });

/**
 * Pushed on the notifications channel to the fee's practitioner and every staff member and admin when a fee
 * is offered, applied, waived, dropped or withdrawn; open fee lists fetch again under their own access rules.
 */
export type FeesChangedEvent = { type: 'fees_changed'; feeId: string };

/** The fee of a kind under the policy, or 0 when session billing is off. */
export function feeUnder(policy: BillingPolicy, kind: FeeKind) {
  if (!policy.sessionBilling) return 0;
  return kind === 'no_show' ? policy.noShowFeeCents : policy.lateCancelFeeCents;
}

/** The sentence shown before a booking is confirmed; null when there is nothing to say. */
export function policySentence(policy: BillingPolicy): string | null {
  if (!policy.sessionBilling) return null;
  const parts: string[] = [];
  if (policy.lateCancelFeeCents > 0)
    parts.push(
      `cancelling less than ${policy.lateCancelWindowHours} hours ahead costs ${formatMoney(policy.lateCancelFeeCents)}`,
    );
  if (policy.noShowFeeCents > 0)
    parts.push(`missing the session costs ${formatMoney(policy.noShowFeeCents)}`);
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return `Cancellation policy: ${text}.`;
}
