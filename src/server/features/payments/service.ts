import { and, eq, ne } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db, Tx } from '../../db/client';
import { type PAYMENT_PURPOSES, paymentRefunds, payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { PaymentProvider, ProviderIntent } from './provider';
import { PaymentRateLimits } from './rate-limit';
import { StripePaymentProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

/**
 * Something the clinic sells or takes (a donation, later an invoice) that settles when its intent succeeds.
 * Answers whether the intent was one of its own; throws an AppError when it is but does not fit (amount).
 */
export type Settler = (intent: ProviderIntent) => Promise<boolean>;

/** The live provider and what happens once an intent succeeds; one per app, built in app.ts. */
export class Payments {
  readonly provider: PaymentProvider;
  readonly limits: PaymentRateLimits;
  private readonly settlers: Settler[] = [];

  constructor(ctx: Pick<AppContext, 'config' | 'db'>, redis?: Redis) {
    this.provider = ctx.config.stripe
      ? new StripePaymentProvider(ctx.config.stripe)
      : new TestPaymentProvider(ctx.db);
    this.limits = new PaymentRateLimits({ perMinute: ctx.config.paymentCallsPerMinute, redis });
  }

  /** The test provider, when it is the live one (its card confirm exists only then). */
  get testProvider() {
    return this.provider instanceof TestPaymentProvider ? this.provider : null;
  }

  onSucceeded(settler: Settler) {
    this.settlers.push(settler);
  }

  /**
   * Asks the provider (never the caller) how the intent stands and, once it succeeded, hands it to whichever
   * feature it belongs to. Safe to call again: recording is idempotent.
   */
  async settle(intentId: string): Promise<'settled' | 'not_succeeded' | 'unknown'> {
    const intent = await this.provider.retrieveIntent(intentId);
    if (!intent) return 'unknown';
    if (intent.status !== 'succeeded') return 'not_succeeded';
    for (const settler of this.settlers) if (await settler(intent)) return 'settled';
    return 'unknown';
  }
}

/** Whether the ledger holds a payment of this intent already. */
export async function isRecorded(db: Db | Tx, providerIntentId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerIntentId, providerIntentId));
  return Boolean(row);
}

/** One row per succeeded intent: a second confirm, a racing one or a late webhook adds nothing. */
export async function recordPayment(
  tx: Tx,
  payment: {
    provider: 'stripe' | 'test';
    intent: ProviderIntent;
    purpose: (typeof PAYMENT_PURPOSES)[number];
    referenceId: string;
  },
) {
  const [row] = await tx
    .insert(payments)
    .values({
      provider: payment.provider,
      providerIntentId: payment.intent.id,
      purpose: payment.purpose,
      referenceId: payment.referenceId,
      amountCents: payment.intent.amountCents,
      currency: payment.intent.currency,
      cardLast4: payment.intent.last4 ?? null,
    })
    .onConflictDoNothing({ target: payments.providerIntentId })
    .returning({ id: payments.id });
  return row ?? null;
}

/**
 * Marks the ledger's payment of an intent refunded in full and adds its refund row, in the caller's
 * transaction. Whole refunds (a donation, an order, an event seat) go to the provider first, under an
 * idempotency key, and are then recorded here: asking again refunds nothing twice and records once. A partial
 * refund of an invoice payment instead records first under the invoice's lock, so that two refunds cannot take
 * more than was paid, and takes the record back if the provider refuses (billing's refundPayment).
 * Answers the refunded payment's id, or null when there was none to refund (none recorded, or refunded already).
 */
export async function recordFullRefund(
  tx: Tx,
  refund: { providerIntentId: string; amountCents: number; reason: string; by: string | null; at: Date },
) {
  const [payment] = await tx
    .update(payments)
    .set({ status: 'refunded', refundedCents: refund.amountCents, refundedAt: refund.at })
    .where(and(eq(payments.providerIntentId, refund.providerIntentId), ne(payments.status, 'refunded')))
    .returning({ id: payments.id });
  if (!payment) return null;
  await tx.insert(paymentRefunds).values({
    paymentId: payment.id,
    amountCents: refund.amountCents,
    reason: refund.reason,
    createdBy: refund.by,
    createdAt: refund.at,
  });
  return payment.id;
}
