import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../shared/payments';
import {
  type Expected,
  everyone,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Who reaches the payment and donation routes: giving (the provider's config, a donation's intent, the test
 * card, confirm) is open to visitors and every role; a signed-in caller's own donations to anyone signed in;
 * the admin's list and refunds to admins alone (403 for every other role, 401 for visitors). Refunds are
 * asked of two paid donations ("own" a visitor's, "other" a member's) and of one that does not exist.
 */

let t: TestApp;
const ids: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };

const details = () => ({
  amount: 15,
  email: `matrix-${randomBytes(4).toString('hex')}@example.test`,
  firstName: 'Matrix',
  lastName: 'Row',
});

async function intent(caller: 'visitor' | 'member' = 'visitor') {
  const response = await t.injectAs(caller, {
    method: 'POST',
    url: '/api/donations/create-payment-intent',
    payload: details(),
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<{ clientSecret: string; paymentIntentId: string }>();
}

async function paidDonation(caller: 'visitor' | 'member') {
  const { clientSecret, paymentIntentId } = await intent(caller);
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm-card',
    payload: { clientSecret, cardNumber: TEST_CARDS.success, expiry: '12/40', cvc: '123' },
  });
  const mine = await t.injectAs('admin', { method: 'GET', url: '/api/admin/donations?status=paid' });
  const row = mine
    .json()
    .donations.find((d: { paymentIntentId: string }) => d.paymentIntentId === paymentIntentId);
  if (!row) throw new Error('donation not paid');
  return { id: row.id as string, paymentIntentId };
}

let paidIntentId = '';
beforeAll(async () => {
  t = await createTestApp();
  ids.own = (await paidDonation('visitor')).id;
  const other = await paidDonation('member');
  ids.other = other.id;
  paidIntentId = other.paymentIntentId;
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST';
  route: string;
  url: (id: string) => string;
  body?: () => Promise<unknown> | unknown;
  headers?: Record<string, string>;
  expect: Expected;
};

const adminsOnly = { visitor: 401, patient: 403, practitioner: 403, staff: 403, admin: 200, member: 403 };
const refusedEverywhere = (status: number) => ({ own: status, other: status, missing: status });

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/payments/config', url: () => '/api/payments/config', expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/payments/test/confirm-card',
    url: () => '/api/payments/test/confirm-card',
    body: async () => ({
      clientSecret: (await intent()).clientSecret,
      cardNumber: TEST_CARDS.success,
      expiry: '12/40',
      cvc: '123',
    }),
    expect: everyone(200),
  },
  {
    // The setup's client secret is the capability, as a payment's is: one nobody made is unknown to anyone.
    method: 'POST',
    route: '/api/payments/test/confirm-setup',
    url: () => '/api/payments/test/confirm-setup',
    body: async () => ({
      clientSecret: 'seti_unknown_secret_unknown',
      cardNumber: TEST_CARDS.success,
      expiry: '12/40',
      cvc: '123',
    }),
    expect: everyone(404),
  },
  {
    method: 'POST',
    route: '/api/payments/webhook',
    url: () => '/api/payments/webhook',
    headers: { 'content-type': 'application/json' },
    body: () => JSON.stringify({ type: 'payment_intent.succeeded' }),
    expect: everyone(400),
  },
  {
    method: 'POST',
    route: '/api/donations/create-payment-intent',
    url: () => '/api/donations/create-payment-intent',
    body: details,
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/donations/confirm',
    url: () => '/api/donations/confirm',
    body: () => ({ paymentIntentId: paidIntentId }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/donations/mine',
    url: () => '/api/donations/mine',
    expect: { ...everyone(200), visitor: 401 },
  },
  { method: 'GET', route: '/api/admin/donations', url: () => '/api/admin/donations', expect: adminsOnly },
  {
    method: 'POST',
    route: '/api/admin/donations/:id/refund',
    url: (id) => `/api/admin/donations/${id}/refund`,
    expect: {
      visitor: refusedEverywhere(401),
      patient: refusedEverywhere(403),
      practitioner: refusedEverywhere(403),
      staff: refusedEverywhere(403),
      admin: { own: 200, other: 200, missing: 404 },
      member: refusedEverywhere(403),
    },
  },
];

const cases = matrixCases(MATRIX);

describe('payment and donation routes access matrix', () => {
  it('covers every payment and donation route the app serves', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/payments'),
      ...servedRoutes(t.routes, '/api/donations'),
      ...servedRoutes(t.routes, '/api/admin/donations'),
    ].sort();
    expect(served).toEqual(matrixRoutes(MATRIX));
  });

  it.for(matrixTable(cases))('%s as %s on %s answers %i', async ([, caller, , status, c]) => {
    const body = await c.row.body?.();
    const response = await t.injectAs(caller, {
      method: c.row.method,
      url: c.row.url(c.target ? ids[c.target] : ''),
      headers: c.row.headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
