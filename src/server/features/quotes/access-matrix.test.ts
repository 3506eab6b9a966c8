import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_ERRORS, type Quote } from '../../../shared/quotes';
import {
  type Caller,
  type Expected,
  everywhere,
  injectCase,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  ownOnly,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';

/**
 * Who reaches quotes: a member asks for quotes and lists, reads, accepts, pays and declines their own; an
 * admin lists every request, reads any and answers it. Every other role is refused with 403, a visitor with
 * 401. A member never reaches another member's quote: it answers 404, exactly as one that does not exist.
 *
 * "own" is a quote of the caller's (the demo member's), "other" one of another member's; for the admin both
 * are some member's quote, which the admin reaches alike. A case that would change its quote gets a fresh one
 * in the state the route expects (requested to answer, answered to accept or decline, accepted and not yet
 * paid to pay again).
 */

let t: TestApp;
let someoneElse: TestPerson;
/** Quotes for the cases that change nothing: the demo member's and another member's, both answered. */
const quotes = { own: '', other: '' };

type Who = 'member' | 'admin' | TestPerson;
async function call<T>(
  who: Who,
  { method, url, payload }: { method: 'GET' | 'POST'; url: string; payload?: object },
) {
  const response =
    typeof who === 'string'
      ? await t.injectAs(who, { method, url, payload })
      : await t.app.inject({ method, url, payload, headers: bearer(who.token) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json<T>();
}

const request = () => ({
  kind: 'bulk_merchandise',
  title: 'Forty tees for the fun run',
  details: 'Navy, mixed sizes, our logo on the front.',
  quantity: 40,
});
const answerBody = () => ({
  lines: [{ description: 'Printed tee', quantity: 40, unitPriceCents: 1200 }],
  message: 'Ready in three weeks.',
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

type State = 'requested' | 'answered' | 'accepted';
/** A fresh quote of the person's, taken as far as the state asks. */
async function quote(who: Who, state: State) {
  const { quote } = await call<{ quote: Quote }>(who, {
    method: 'POST',
    url: '/api/quotes',
    payload: request(),
  });
  if (state !== 'requested')
    await call('admin', {
      method: 'POST',
      url: `/api/admin/quotes/${quote.id}/answer`,
      payload: answerBody(),
    });
  if (state === 'accepted') await call(who, { method: 'POST', url: `/api/quotes/${quote.id}/accept` });
  return quote.id;
}
const ownerOf = (target: Target): Who => (target === 'own' ? 'member' : someoneElse);

beforeAll(async () => {
  t = await createTestApp();
  someoneElse = await createPerson(t, 'member');
  quotes.own = await quote('member', 'answered');
  quotes.other = await quote(someoneElse, 'answered');
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST';
  route: string;
  /** The quote a case names, made fresh in this state when the caller may change it. */
  fresh?: { state: State; for: 'member' | 'admin' };
  url: (id: string) => string;
  body?: () => unknown;
  /** Another member's quote, which the caller's list must never hold. */
  hides?: () => string;
  expect: Expected;
};

const refused = (status: number) => ({ own: status, other: status, missing: status });
const only = (role: 'member' | 'admin', allowed: number | Record<Target, number>): Expected => {
  const record = typeof allowed !== 'number';
  return {
    visitor: record ? refused(401) : 401,
    patient: record ? refused(403) : 403,
    practitioner: record ? refused(403) : 403,
    staff: record ? refused(403) : 403,
    admin: record ? refused(403) : 403,
    member: record ? refused(403) : 403,
    [role]: allowed,
  } as Expected;
};

const MATRIX: Row[] = [
  {
    method: 'POST',
    route: '/api/quotes',
    url: () => '/api/quotes',
    body: request,
    expect: only('member', 201),
  },
  {
    method: 'GET',
    route: '/api/quotes',
    url: () => '/api/quotes',
    hides: () => quotes.other,
    expect: only('member', 200),
  },
  {
    method: 'GET',
    route: '/api/quotes/:id',
    url: (id) => `/api/quotes/${id}`,
    expect: { ...only('member', ownOnly(200)), admin: everywhere(200) },
  },
  {
    method: 'POST',
    route: '/api/quotes/:id/accept',
    fresh: { state: 'answered', for: 'member' },
    url: (id) => `/api/quotes/${id}/accept`,
    expect: only('member', ownOnly(200)),
  },
  {
    method: 'POST',
    route: '/api/quotes/:id/payment',
    fresh: { state: 'accepted', for: 'member' },
    url: (id) => `/api/quotes/${id}/payment`,
    expect: only('member', ownOnly(200)),
  },
  {
    method: 'POST',
    route: '/api/quotes/:id/decline',
    fresh: { state: 'answered', for: 'member' },
    url: (id) => `/api/quotes/${id}/decline`,
    expect: only('member', ownOnly(200)),
  },
  { method: 'GET', route: '/api/admin/quotes', url: () => '/api/admin/quotes', expect: only('admin', 200) },
  {
    method: 'POST',
    route: '/api/admin/quotes/:id/answer',
    fresh: { state: 'requested', for: 'admin' },
    url: (id) => `/api/admin/quotes/${id}/answer`,
    body: answerBody,
    expect: only('admin', everywhere(200)),
  },
];

async function quoteFor(row: Row, target: Target, caller: Caller) {
  if (target === 'missing') return MISSING_ID;
  if (row.fresh?.for === caller) return quote(ownerOf(target), row.fresh.state);
  return quotes[target];
}

const cases = matrixCases(MATRIX);

describe('quote routes access matrix', () => {
  it('covers every quote route the app serves, and nothing else', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/quotes'),
      ...servedRoutes(t.routes, '/api/admin/quotes'),
    ].sort();
    expect(served).toEqual(matrixRoutes(MATRIX));
  });

  it.for(matrixTable(cases))('%s as %s on %s answers %i', async ([, caller, , status, c]) => {
    const id = c.target ? await quoteFor(c.row, c.target, caller) : '';
    const response = await injectCase(t, caller, c.row, id);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    // Another member's quote must look exactly like one that does not exist.
    if (status === 404) expect(response.json().message).toBe(QUOTE_ERRORS.notFound);
    if (status < 300 && c.target) expect(response.json().quote.id).toBe(id);
    if (status === 200 && c.row.hides) expect(response.body).not.toContain(c.row.hides());
  });
});
