import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CARD_ERRORS,
  intentIdFromClientSecret,
  PAYMENT_ERRORS,
  TEST_CARDS,
  type TestConfirmCardAnswer,
  type TestConfirmCardInput,
} from '../../../shared/payments';
import {
  setupIntentIdFromClientSecret,
  type TestConfirmSetupAnswer,
  type TestConfirmSetupInput,
} from '../../../shared/saved-cards';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type {
  PaymentProvider,
  ProviderCharge,
  ProviderEvent,
  ProviderIntent,
  ProviderSetup,
} from './provider';
import * as intents from './test-intents-repository';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomToken = (length: number) =>
  Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The Luhn check every card number passes. */
export function passesLuhn(digits: string) {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's message for a card it would refuse before asking the bank, or null when the card is well formed. */
export function cardProblem(card: Pick<TestConfirmCardInput, 'cardNumber' | 'expiry' | 'cvc'>, now: Date) {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return CARD_ERRORS.invalidNumber;
  if (!passesLuhn(digits)) return CARD_ERRORS.incorrectNumber;
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  if (!expiry) return CARD_ERRORS.invalidExpiryMonth;
  const month = Number(expiry[1]);
  if (month < 1 || month > 12) return CARD_ERRORS.invalidExpiryMonth;
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  const thisYear = now.getUTCFullYear();
  if (year > thisYear + 50) return CARD_ERRORS.invalidExpiryYear;
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) return CARD_ERRORS.expired;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return CARD_ERRORS.invalidCvc;
  return null;
}

/** The card's brand from its first digits, as Stripe names it. */
export function cardBrand(digits: string) {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

const expiryOf = (expiry: string) => {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  return { expMonth: month, expYear: year < 100 ? 2000 + year : year };
};

/**
 * Behaves like Stripe's test mode, with its intents in the database so that every instance and a restart see
 * them. A card is confirmed through POST /api/payments/test/confirm-card; only its last four digits are kept.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;

  constructor(private readonly db: Db) {}

  async createIntent(amountCents: number, currency: string, metadata: Record<string, string>) {
    const id = `pi_${randomToken(24)}`;
    const secret = randomToken(24);
    await intents.insertIntent(this.db, {
      id,
      secretHash: hashSecret(secret),
      amountCents,
      currency,
      metadata,
    });
    return { id, clientSecret: `${id}_secret_${secret}` };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const intent = await intents.findIntent(this.db, id);
    if (!intent) return null;
    return {
      id: intent.id,
      status: intent.status,
      amountCents: intent.amountCents,
      currency: intent.currency,
      last4: intent.cardLast4 ?? undefined,
      metadata: intent.metadata,
    };
  }

  async refund(id: string, amountCents?: number, key?: string) {
    // A named partial refund adds to what was refunded; an unnamed one states the whole refund.
    const refunded = await intents.refundIntent(
      this.db,
      id,
      amountCents === undefined
        ? { whole: true }
        : key
          ? { addCents: amountCents }
          : { totalCents: amountCents },
    );
    if (!refunded) throw new AppError('CONFLICT', 'Only a succeeded payment can be refunded');
  }

  async createCustomer(_metadata: Record<string, string>) {
    return `cus_${randomToken(14)}`;
  }

  async createSetupIntent(customerId: string, metadata: Record<string, string>) {
    const id = `seti_${randomToken(24)}`;
    const secret = randomToken(24);
    await intents.insertSetup(this.db, { id, secretHash: hashSecret(secret), customerId, metadata });
    return { id, clientSecret: `${id}_secret_${secret}` };
  }

  async retrieveSetupIntent(id: string): Promise<ProviderSetup | null> {
    const setup = await intents.findSetup(this.db, id);
    if (!setup) return null;
    const confirmed =
      setup.status === 'succeeded' &&
      setup.paymentMethodId &&
      setup.cardBrand &&
      setup.cardLast4 &&
      setup.expMonth &&
      setup.expYear;
    return {
      id: setup.id,
      status: setup.status,
      customerId: setup.customerId,
      metadata: setup.metadata,
      card: confirmed
        ? {
            paymentMethodId: setup.paymentMethodId as string,
            brand: setup.cardBrand as string,
            last4: setup.cardLast4 as string,
            expMonth: setup.expMonth as number,
            expYear: setup.expYear as number,
          }
        : null,
    };
  }

  async chargeSavedCard(charge: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderCharge> {
    const method = await intents.findSetupByMethod(this.db, charge.paymentMethodId);
    if (!method || method.customerId !== charge.customerId || method.detachedAt)
      throw new AppError('CONFLICT', `No such PaymentMethod: '${charge.paymentMethodId}'`);
    const declineMessage = method.declineMessage;
    const row = await intents.insertKeyedIntent(this.db, {
      id: `pi_${randomToken(24)}`,
      secretHash: hashSecret(randomToken(24)),
      amountCents: charge.amountCents,
      currency: charge.currency,
      metadata: charge.metadata,
      status: declineMessage ? 'requires_payment_method' : 'succeeded',
      cardLast4: method.cardLast4,
      idempotencyKey: charge.idempotencyKey,
      paymentMethodId: charge.paymentMethodId,
      failureMessage: declineMessage,
    });
    return {
      intent: {
        id: row.id,
        status: row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        last4: row.cardLast4 ?? undefined,
        metadata: row.metadata,
      },
      declineMessage: row.failureMessage,
    };
  }

  async detachPaymentMethod(paymentMethodId: string) {
    await intents.detachMethod(this.db, paymentMethodId, new Date());
  }

  /** Confirms a setup intent with a card, as Stripe's confirmCardSetup would; keeps what Stripe reports. */
  async confirmSetup(input: TestConfirmSetupInput, now = new Date()): Promise<TestConfirmSetupAnswer> {
    const id = setupIntentIdFromClientSecret(input.clientSecret);
    if (!id) throw badRequest('Client secret is not valid', { clientSecret: 'Client secret is not valid' });
    const setup = await intents.findSetup(this.db, id);
    const given = Buffer.from(hashSecret(input.clientSecret.slice(id.length + '_secret_'.length)));
    if (!setup || !timingSafeEqual(given, Buffer.from(setup.secretHash)))
      throw notFound(PAYMENT_ERRORS.intentNotFound);
    if (setup.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_ERRORS.alreadySucceeded);
    const problem = cardProblem(input, now);
    if (problem) return { status: 'requires_payment_method', setupIntentId: id, error: problem };
    const digits = input.cardNumber.replace(/[\s-]/g, '');
    // Stripe refuses these cards when they are saved; 0341 saves, and declines when charged.
    const refusal =
      digits === TEST_CARDS.declined
        ? CARD_ERRORS.declined
        : digits === TEST_CARDS.insufficientFunds
          ? CARD_ERRORS.insufficientFunds
          : null;
    if (refusal) return { status: 'requires_payment_method', setupIntentId: id, error: refusal };
    const confirmed = await intents.updateUnconfirmedSetup(this.db, id, {
      status: 'succeeded',
      paymentMethodId: `pm_${randomToken(24)}`,
      cardBrand: cardBrand(digits),
      cardLast4: digits.slice(-4),
      ...expiryOf(input.expiry),
      declineMessage: digits === TEST_CARDS.declinesWhenCharged ? CARD_ERRORS.declined : null,
      updatedAt: now,
    });
    if (!confirmed) throw new AppError('CONFLICT', PAYMENT_ERRORS.alreadySucceeded);
    return { status: 'succeeded', setupIntentId: id };
  }

  verifyWebhook(_rawBody: string, _signatureHeader: string | undefined): ProviderEvent {
    // The test provider confirms cards itself and calls no webhook.
    throw badRequest(PAYMENT_ERRORS.badSignature);
  }

  /** Confirms an intent with a card, as Stripe's confirmCardPayment would. */
  async confirmCard(input: TestConfirmCardInput, now = new Date()): Promise<TestConfirmCardAnswer> {
    const id = intentIdFromClientSecret(input.clientSecret);
    if (!id) throw badRequest('Client secret is not valid', { clientSecret: 'Client secret is not valid' });
    const intent = await intents.findIntent(this.db, id);
    const given = Buffer.from(hashSecret(input.clientSecret.slice(id.length + '_secret_'.length)));
    if (!intent || !timingSafeEqual(given, Buffer.from(intent.secretHash)))
      throw notFound(PAYMENT_ERRORS.intentNotFound);
    if (intent.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_ERRORS.alreadySucceeded);

    const problem = cardProblem(input, now);
    if (problem) return { status: 'requires_payment_method', paymentIntentId: id, error: problem };
    const digits = input.cardNumber.replace(/[\s-]/g, '');
    const last4 = digits.slice(-4);
    const refusal =
      digits === TEST_CARDS.declined
        ? CARD_ERRORS.declined
        : digits === TEST_CARDS.insufficientFunds
          ? CARD_ERRORS.insufficientFunds
          : null;
    if (refusal) {
      await intents.updateUnsucceeded(this.db, id, { cardLast4: last4, updatedAt: now });
      return { status: 'requires_payment_method', paymentIntentId: id, error: refusal };
    }
    const succeeded = await intents.updateUnsucceeded(this.db, id, {
      status: 'succeeded',
      cardLast4: last4,
      updatedAt: now,
    });
    if (!succeeded) throw new AppError('CONFLICT', PAYMENT_ERRORS.alreadySucceeded);
    return { status: 'succeeded', paymentIntentId: id };
  }
}
