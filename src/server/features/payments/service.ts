import type { Redis } from 'ioredis';
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

/*
 * The ledger: the payments and refunds that donations, events, the store and billing record and read inside
 * their own transactions. Each is one guarded statement or two, so they are the repository's, named here as the
 * feature's service for the others to call.
 */
export {
  findPaymentFor,
  isRecorded,
  lockPayment,
  movementsFor,
  type PaymentRow,
  paymentsFor,
  recordFullRefund,
  recordManualPayment,
  recordPartialRefund,
  recordPayment,
  takingsOf,
  withdrawRefund,
} from './repository';
