import { expect } from 'vitest';
import type { Quote } from '../../../shared/quotes';
import type { Role } from '../../../shared/roles';
import { bearer, type TestApp } from '../../test/app';
import type { TestPerson } from '../../test/people';

export const request = (overrides: Record<string, unknown> = {}) => ({
  kind: 'bulk_merchandise',
  title: 'Fifty tees for the fun run',
  details: 'Navy, mixed sizes, our logo on the front.',
  quantity: 50,
  budgetCents: 100_000,
  ...overrides,
});
export const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
export const answerBody = (overrides: Record<string, unknown> = {}) => ({
  lines: [
    { description: 'Printed tee', quantity: 50, unitPriceCents: 1200 },
    { description: 'Set-up of the print', quantity: 1, unitPriceCents: 4500 },
  ],
  message: 'Ready in three weeks.',
  expiresAt: inAWeek(),
  ...overrides,
});

/**
 * The quotes' calls through the real app, as a role's demo account or a person made for the test. `app` is
 * asked at each call, so a suite can build these before its app exists.
 */
export function quoteCalls(app: () => TestApp) {
  const as = (
    who: Role | 'visitor' | TestPerson,
    request: { method: string; url: string; payload?: unknown },
  ) =>
    typeof who === 'string'
      ? app().injectAs(who, request as never)
      : app().app.inject({ ...(request as object), headers: bearer(who.token) } as never);

  async function ask(who: Role | TestPerson = 'member', overrides: Record<string, unknown> = {}) {
    const response = await as(who, { method: 'POST', url: '/api/quotes', payload: request(overrides) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ quote: Quote }>().quote;
  }
  async function answered(who: Role | TestPerson = 'member', overrides: Record<string, unknown> = {}) {
    const quote = await ask(who);
    const response = await as('admin', {
      method: 'POST',
      url: `/api/admin/quotes/${quote.id}/answer`,
      payload: answerBody(overrides),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ quote: Quote }>().quote;
  }
  const accept = (who: Role | TestPerson, id: string) =>
    as(who, { method: 'POST', url: `/api/quotes/${id}/accept` });

  return { as, ask, answered, accept };
}
