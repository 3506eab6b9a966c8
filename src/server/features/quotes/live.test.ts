import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../../shared/quotes';
import { createTestApp, type TestApp } from '../../test/app';
import { openSocket, until, untilConnections } from '../../test/sockets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('live quotes', () => {
  it('tells the member and admins, not others, when a quote is asked for and answered', async () => {
    const admin = await openSocket(t, `token=${await t.tokenOf('admin')}&channel=notifications`);
    const member = await openSocket(t, `token=${await t.tokenOf('member')}&channel=notifications`);
    const patient = await openSocket(t, `token=${await t.tokenOf('patient')}&channel=notifications`);
    await untilConnections(t, 3);
    const asked = await t.injectAs('member', {
      method: 'POST',
      url: '/api/quotes',
      payload: { kind: 'custom_merchandise', title: 'Team caps', details: 'Twenty caps' },
    });
    const quote = asked.json<{ quote: Quote }>().quote;
    const changed = { type: 'quotes_changed', quoteId: quote.id };
    const has = (socket: { messages: unknown[] }, message: unknown) =>
      socket.messages.filter((m) => JSON.stringify(m) === JSON.stringify(message)).length;
    expect(await until(() => has(member, changed) === 1 && has(admin, changed) === 1)).toBe(true);
    const answered = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/quotes/${quote.id}/answer`,
      payload: {
        lines: [{ description: 'Cap', quantity: 20, unitPriceCents: 900 }],
        message: 'Two weeks.',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await until(() => has(member, changed) === 2 && has(admin, changed) === 2)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(patient.messages).toEqual([]);
    for (const socket of [admin, member, patient]) socket.socket.close();
  });
});
