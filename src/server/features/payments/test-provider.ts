import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CARD_ERRORS,
  intentIdFromClientSecret,
  PAYMENT_ERRORS,
  TEST_CARDS,
  type TestConfirmCardAnswer,
  type TestConfirmCardInput,
} from '../../../shared/payments';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { PaymentProvider, ProviderEvent, ProviderIntent } from './provider';
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
