import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINTFUL_ERRORS, type PrintfulStatus } from '../../../shared/printful';
import {
  adminsOnly,
  type Expected,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { FakePrintful } from './fake-printful';

/**
 * Who reaches print on demand: the admin area (the connection's status, connecting a key, disconnecting,
 * syncing, what was sent to Printful) is the admin's alone: every other role 403, a visitor 401. The webhook
 * is Printful's, so no one signs in to call it and every caller is answered alike: it acts only when its
 * address carries the connection's secret, and answers 404 to anything else, as if it were not there.
 *
 * The webhook's target is the secret in its address: "own" the current connection's, "other" one that is not
 * (the secret of a connection replaced since), "missing" none at all. The admin's routes hold no record, so
 * they have no target; each case that needs a connection (syncing, disconnecting, the webhook) makes one
 * first when there is none, against a local stand-in for Printful (fake-printful.ts).
 */

const GOOD_TOKEN = `pf-live-${randomBytes(16).toString('hex')}`;
let fake: FakePrintful;
let t: TestApp;
/** The secret of a connection that was replaced by the one after it. */
let staleSecret = '';

async function connect() {
  const response = await t.injectAs('admin', {
    method: 'POST',
    url: '/api/admin/printful/connect',
    payload: { apiKey: GOOD_TOKEN },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return new URL(fake.webhook?.url ?? '').searchParams.get('token') ?? '';
}
/** The current connection's webhook secret, connecting first when there is no connection. */
async function connected() {
  const status = await t.injectAs('admin', { method: 'GET', url: '/api/admin/printful' });
  if (!status.json<PrintfulStatus>().connected) return connect();
  return new URL(fake.webhook?.url ?? '').searchParams.get('token') ?? '';
}

beforeAll(async () => {
  fake = new FakePrintful();
  fake.tokens.add(GOOD_TOKEN);
  fake.products.set(71, {
    id: 71,
    name: 'Recovery Crew Unisex T-Shirt',
    variants: [{ id: 4001, name: 'Recovery Crew Unisex T-Shirt / M', size: 'M', retail_price: '29.99' }],
  });
  t = await createTestApp({
    printfulApiUrl: await fake.start(),
    dataEncryptionKey: randomBytes(32),
    appUrl: 'https://clinic.example',
  });
  staleSecret = await connect();
  await connect();
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

type Row = {
  method: 'GET' | 'POST' | 'DELETE';
  route: string;
  /** Whether the case needs the clinic connected to Printful first. */
  needsConnection?: boolean;
  url: (secret: string | null) => string;
  body?: unknown;
  expect: Expected;
};

const webhook = { own: 200, other: 404, missing: 404 };

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/admin/printful', url: () => '/api/admin/printful', expect: adminsOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/printful/connect',
    url: () => '/api/admin/printful/connect',
    body: { apiKey: GOOD_TOKEN },
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/printful/sync',
    needsConnection: true,
    url: () => '/api/admin/printful/sync',
    body: {},
    expect: adminsOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/printful/orders',
    url: () => '/api/admin/printful/orders',
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/printful',
    needsConnection: true,
    url: () => '/api/admin/printful',
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/printful/webhook',
    needsConnection: true,
    url: (secret) => `/api/printful/webhook${secret === null ? '' : `?token=${encodeURIComponent(secret)}`}`,
    body: { type: 'stock_updated', created: 1_700_000_000, retries: 0, data: {} },
    expect: {
      visitor: webhook,
      patient: webhook,
      practitioner: webhook,
      staff: webhook,
      admin: webhook,
      member: webhook,
    },
  },
];

const secretOf = (target: Target | null, current: string) =>
  target === 'own' ? current : target === 'other' ? staleSecret : null;

const cases = matrixCases(MATRIX);

describe('print on demand routes access matrix', () => {
  it('covers every print-on-demand route the app serves, and nothing else', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/admin/printful'),
      ...servedRoutes(t.routes, '/api/printful'),
    ].sort();
    expect(served).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const current = c.row.needsConnection ? await connected() : '';
    const response = await t.injectAs(caller, {
      method: c.row.method,
      url: c.row.url(secretOf(c.target, current)),
      ...(c.row.body === undefined ? {} : { payload: c.row.body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    // A webhook without the secret must look exactly like an address that does not exist.
    if (status === 404) expect(response.json().message).toBe(PRINTFUL_ERRORS.webhookNotFound);
    if (status === 200 && c.row.route === '/api/printful/webhook')
      expect(response.json()).toEqual({ received: true });
  });
});
