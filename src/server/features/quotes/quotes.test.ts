import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_ERRORS, type Quote } from '../../../shared/quotes';
import type { Role } from '../../../shared/roles';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { answerBody, quoteCalls, request } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { as, ask, answered, accept } = quoteCalls(() => t);

describe('asking for a quote', () => {
  it('saves a member request as requested, listed among their own and the admin list', async () => {
    const quote = await ask('member', {
      title: '  Sponsor the walking group  ',
      kind: 'programme_sponsorship',
    });
    expect(quote).toMatchObject({
      status: 'requested',
      title: 'Sponsor the walking group',
      kind: 'programme_sponsorship',
      quantity: 50,
      budgetCents: 100_000,
      lines: [],
      totalCents: null,
    });
    const mine = await as('member', { method: 'GET', url: '/api/quotes' });
    expect(mine.json().quotes.map((q: Quote) => q.id)).toContain(quote.id);
    const all = await as('admin', { method: 'GET', url: '/api/admin/quotes?status=requested' });
    expect(all.json().quotes.map((q: Quote) => q.id)).toContain(quote.id);
  });

  it('takes quantity and budget as optional', async () => {
    const quote = await ask('member', { quantity: undefined, budgetCents: null });
    expect(quote.quantity).toBeNull();
    expect(quote.budgetCents).toBeNull();
  });

  it.each([
    ['kind', { kind: 'cars' }, QUOTE_ERRORS.kind],
    ['kind', { kind: undefined }, QUOTE_ERRORS.kind],
    ['title', { title: '   ' }, QUOTE_ERRORS.title],
    ['title', { title: 't'.repeat(201) }, QUOTE_ERRORS.titleTooLong],
    ['title', { title: 5 }, QUOTE_ERRORS.title],
    ['details', { details: '' }, QUOTE_ERRORS.details],
    ['details', { details: 'd'.repeat(5001) }, QUOTE_ERRORS.detailsTooLong],
    ['quantity', { quantity: 0 }, QUOTE_ERRORS.quantity],
    ['quantity', { quantity: 2.5 }, QUOTE_ERRORS.quantity],
    ['quantity', { quantity: 100_001 }, QUOTE_ERRORS.quantity],
    ['quantity', { quantity: '3' }, QUOTE_ERRORS.quantity],
    ['budgetCents', { budgetCents: 0 }, QUOTE_ERRORS.budget],
    ['budgetCents', { budgetCents: 10.5 }, QUOTE_ERRORS.budget],
    ['budgetCents', { budgetCents: 100_000_001 }, QUOTE_ERRORS.budgetTooLarge],
  ])('refuses a bad %s with 400 and its message', async (field, overrides, message) => {
    const response = await as('member', { method: 'POST', url: '/api/quotes', payload: request(overrides) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses unknown fields with 400', async () => {
    const response = await as('member', {
      method: 'POST',
      url: '/api/quotes',
      payload: request({ status: 'accepted' }),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('answering a quote', () => {
  it('computes the lines and the total on the server', async () => {
    const quote = await answered('member', {
      lines: [{ description: 'Printed tee', quantity: 50, unitPriceCents: 1200, lineTotalCents: 1 }],
    }).catch(() => null);
    // A line total from the browser is refused outright: the server prices the lines.
    expect(quote).toBeNull();
    const priced = await answered();
    expect(priced.status).toBe('answered');
    expect(priced.lines.map((line) => line.lineTotalCents)).toEqual([60_000, 4500]);
    expect(priced.totalCents).toBe(64_500);
    expect(priced.message).toBe('Ready in three weeks.');
  });

  it.each([
    ['lines', { lines: [] }, QUOTE_ERRORS.lines],
    ['lines', { lines: 'x' }, QUOTE_ERRORS.lines],
    [
      'lines.0.description',
      { lines: [{ description: ' ', quantity: 1, unitPriceCents: 1 }] },
      QUOTE_ERRORS.lineDescription,
    ],
    [
      'lines.0.description',
      { lines: [{ description: 'x'.repeat(301), quantity: 1, unitPriceCents: 1 }] },
      QUOTE_ERRORS.lineDescriptionTooLong,
    ],
    [
      'lines.0.quantity',
      { lines: [{ description: 'a', quantity: 0, unitPriceCents: 1 }] },
      QUOTE_ERRORS.lineQuantity,
    ],
    [
      'lines.0.unitPriceCents',
      { lines: [{ description: 'a', quantity: 1, unitPriceCents: 0 }] },
      QUOTE_ERRORS.unitPrice,
    ],
    [
      'lines.0.unitPriceCents',
      { lines: [{ description: 'a', quantity: 1, unitPriceCents: 10_000_001 }] },
      QUOTE_ERRORS.unitPriceTooLarge,
    ],
    [
      'lines',
      { lines: [{ description: 'a', quantity: 100_000, unitPriceCents: 10_000_000 }] },
      QUOTE_ERRORS.totalTooLarge,
    ],
    ['message', { message: '' }, QUOTE_ERRORS.message],
    ['message', { message: 'm'.repeat(5001) }, QUOTE_ERRORS.messageTooLong],
    ['expiresAt', { expiresAt: 'next week' }, 'Expiry must be a date and time (ISO 8601)'],
    ['expiresAt', { expiresAt: new Date(Date.now() - 60_000).toISOString() }, QUOTE_ERRORS.expiresInPast],
  ])('refuses a bad %s with 400 and its message', async (field, overrides, message) => {
    const quote = await ask();
    const response = await as('admin', {
      method: 'POST',
      url: `/api/admin/quotes/${quote.id}/answer`,
      payload: answerBody(overrides),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('answers a quote once: a second answer is 409, an unknown quote 404', async () => {
    const quote = await answered();
    const again = await as('admin', {
      method: 'POST',
      url: `/api/admin/quotes/${quote.id}/answer`,
      payload: answerBody(),
    });
    expect(again.statusCode).toBe(409);
    const missing = await as('admin', {
      method: 'POST',
      url: '/api/admin/quotes/00000000-0000-4000-8000-000000000000/answer',
      payload: answerBody(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('tells the member their quote is ready', async () => {
    const member = await createPerson(t, 'member');
    const quote = await answered(member);
    const notes = await as(member, { method: 'GET', url: '/api/notifications' });
    expect(notes.statusCode).toBe(200);
    expect(JSON.stringify(notes.json())).toContain(`Your quote is ready: ${quote.title}`);
  });
});

describe('who reaches quotes', () => {
  it('answers 401 to visitors and 403 to other roles', async () => {
    const quote = await ask();
    const routes: Array<[string, string, unknown, Role[]]> = [
      ['POST', '/api/quotes', request(), ['admin', 'patient', 'practitioner', 'staff']],
      ['GET', '/api/quotes', undefined, ['admin', 'patient', 'practitioner', 'staff']],
      ['GET', `/api/quotes/${quote.id}`, undefined, ['patient', 'practitioner', 'staff']],
      ['POST', `/api/quotes/${quote.id}/accept`, undefined, ['admin', 'patient', 'practitioner', 'staff']],
      ['POST', `/api/quotes/${quote.id}/decline`, undefined, ['admin', 'patient', 'practitioner', 'staff']],
      ['GET', '/api/admin/quotes', undefined, ['member', 'patient', 'practitioner', 'staff']],
      [
        'POST',
        `/api/admin/quotes/${quote.id}/answer`,
        answerBody(),
        ['member', 'patient', 'practitioner', 'staff'],
      ],
    ];
    for (const [method, url, payload, forbidden] of routes) {
      expect((await as('visitor', { method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      for (const role of forbidden)
        expect((await as(role, { method, url, payload })).statusCode, `${role} ${method} ${url}`).toBe(403);
    }
  });

  it("answers 404 for another member's quote, and lists only one's own", async () => {
    const owner = await createPerson(t, 'member');
    const stranger = await createPerson(t, 'member');
    const quote = await answered(owner);
    expect((await as(stranger, { method: 'GET', url: `/api/quotes/${quote.id}` })).statusCode).toBe(404);
    expect((await accept(stranger, quote.id)).statusCode).toBe(404);
    expect((await as(stranger, { method: 'POST', url: `/api/quotes/${quote.id}/decline` })).statusCode).toBe(
      404,
    );
    const theirs = await as(stranger, { method: 'GET', url: '/api/quotes' });
    expect(theirs.json().quotes).toEqual([]);
    expect((await as('admin', { method: 'GET', url: `/api/quotes/${quote.id}` })).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not one', async () => {
    expect((await as('member', { method: 'GET', url: '/api/quotes/not-an-id' })).statusCode).toBe(400);
  });
});
