import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { TEST_CARDS } from '../../../shared/payments';
import type { Role } from '../../../shared/roles';
import { donations, emailOutbox, payments } from '../../db/schema';
import type { TestApp } from '../../test/app';

export type Caller = Role | 'visitor';
export const uniqueEmail = () => `donor-${Math.random().toString(36).slice(2)}@example.test`;
export const details = (overrides: Record<string, unknown> = {}) => ({
  amount: 25,
  email: uniqueEmail(),
  firstName: 'Jamie',
  lastName: 'Rivers',
  phone: '+1 555 0100',
  description: 'Clinic fund',
  ...overrides,
});

/**
 * The donations' calls through the real app, and what they leave in the database. `app` is asked at each
 * call, so a suite can build these before its app exists.
 */
export function donationCalls(app: () => TestApp) {
  const createIntent = (caller: Caller, payload: unknown) =>
    app().injectAs(caller, {
      method: 'POST',
      url: '/api/donations/create-payment-intent',
      payload: payload as object,
    });
  const confirmCard = (clientSecret: string, cardNumber: string = TEST_CARDS.success, more = {}) =>
    app().app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: { clientSecret, cardNumber, expiry: '12/40', cvc: '123', ...more },
    });
  const confirm = (caller: Caller, paymentIntentId: string) =>
    app().injectAs(caller, { method: 'POST', url: '/api/donations/confirm', payload: { paymentIntentId } });

  async function started(caller: Caller = 'visitor', overrides: Record<string, unknown> = {}) {
    const response = await createIntent(caller, details(overrides));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ success: boolean; clientSecret: string; paymentIntentId: string }>();
    return answer;
  }

  const donationOf = async (paymentIntentId: string) =>
    (
      await app().database.db.select().from(donations).where(eq(donations.paymentIntentId, paymentIntentId))
    )[0];
  const paymentsOf = (paymentIntentId: string) =>
    app().database.db.select().from(payments).where(eq(payments.providerIntentId, paymentIntentId));
  const receiptsTo = (email: string) =>
    app().database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));

  return { createIntent, confirmCard, confirm, started, donationOf, paymentsOf, receiptsTo };
}
