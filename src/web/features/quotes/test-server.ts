import type { z } from 'zod';
import {
  AdminQuotesQuerySchema,
  AnswerQuoteInputSchema,
  CreateQuoteInputSchema,
  QUOTE_ERRORS,
  type Quote,
  quoteTotalCents,
} from '../../../shared/quotes';
import { fakeStoreServer, order } from '../../test/fake-store-server';
import { nextId } from '../../test/live-fixtures';

type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

/** A quote as the server answers it: requested by Sam Member, not answered yet. */
export function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: nextId(),
    memberId: nextId(),
    memberName: 'Sam Member',
    kind: 'bulk_merchandise',
    title: 'Team shirts',
    details: '40 shirts for the charity run',
    quantity: 40,
    budgetCents: null,
    status: 'requested',
    lines: [],
    totalCents: null,
    message: null,
    expiresAt: null,
    answeredAt: null,
    decidedAt: null,
    orderId: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** An answered quote, valid for a week from now. */
export const answeredQuote = (overrides: Partial<Quote> = {}) =>
  quote({
    status: 'answered',
    lines: [
      { description: 'Printed shirt', quantity: 40, unitPriceCents: 1500, lineTotalCents: 60_000 },
      { description: 'Set-up', quantity: 1, unitPriceCents: 4500, lineTotalCents: 4500 },
    ],
    totalCents: 64_500,
    message: 'Here is our price',
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    answeredAt: '2026-11-03T10:00:00.000Z',
    ...overrides,
  });

/** The quote calls, answered in memory; orders and card payments go through the fake store. */
export function fakeQuotesServer(initial: Quote[] = []) {
  const quotes = [...initial];
  const store = fakeStoreServer();
  const calls: Call[] = [];

  const handle = (call: Call): Response | undefined => {
    const { method, url, body } = call;
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    if (!path.startsWith('/api/quotes') && !path.startsWith('/api/admin/quotes')) return store.handle(call);
    calls.push(call);
    if (method === 'GET' && path === '/api/quotes') return json({ quotes });
    if (method === 'POST' && path === '/api/quotes') {
      const input = CreateQuoteInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      const made = quote({
        ...input.data,
        quantity: input.data.quantity ?? null,
        budgetCents: input.data.budgetCents ?? null,
        createdAt: new Date().toISOString(),
      });
      quotes.unshift(made);
      return json({ quote: made }, 201);
    }
    if (method === 'GET' && path === '/api/admin/quotes') {
      const query = AdminQuotesQuerySchema.safeParse(Object.fromEntries(parsed.searchParams));
      if (!query.success) return invalid(query.error);
      return json({
        quotes: quotes.filter((each) => !query.data.status || each.status === query.data.status),
      });
    }
    const match = /^\/api(?:\/admin)?\/quotes\/([^/]+)\/(answer|accept|payment|decline)$/.exec(path);
    const found = match ? quotes.find((each) => each.id === match[1]) : undefined;
    if (method !== 'POST' || !match) return json({ message: 'Not found' }, 404);
    if (!found) return json({ message: QUOTE_ERRORS.notFound }, 404);
    const action = match[2];
    if (action === 'answer') {
      const input = AnswerQuoteInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      if (found.status !== 'requested') return json({ message: QUOTE_ERRORS.notRequested }, 409);
      Object.assign(found, {
        status: 'answered',
        lines: input.data.lines.map((line) => ({
          ...line,
          lineTotalCents: line.quantity * line.unitPriceCents,
        })),
        totalCents: quoteTotalCents(input.data.lines),
        message: input.data.message,
        expiresAt: input.data.expiresAt,
        answeredAt: new Date().toISOString(),
      });
      return json({ quote: found });
    }
    if (action === 'decline') {
      if (found.status !== 'answered') return json({ message: QUOTE_ERRORS.notAnswered }, 409);
      found.status = 'declined';
      return json({ quote: found });
    }
    if (action === 'accept' && found.status !== 'answered')
      return json({ message: QUOTE_ERRORS.notAnswered }, 409);
    if (action === 'payment' && found.status !== 'accepted')
      return json({ message: QUOTE_ERRORS.notPayable }, 409);
    const total = found.totalCents ?? 0;
    const made =
      store.state.orders.find((each) => each.id === found.orderId) ??
      order({
        status: 'pending',
        number: `ORD-${String(store.state.orders.length + 1).padStart(6, '0')}`,
        totals: {
          subtotalCents: total,
          taxRateBasisPoints: 0,
          taxCents: 0,
          shippingCents: 0,
          totalCents: total,
        },
        items: found.lines.map((line) => ({
          id: nextId(),
          productId: null,
          productName: line.description,
          variantLabel: '',
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          lineTotalCents: line.lineTotalCents,
        })),
        paidAt: null,
        cardLast4: null,
      });
    if (made.status !== 'pending') return json({ message: QUOTE_ERRORS.notPayable }, 409);
    const intent = store.addPendingOrder(made);
    Object.assign(found, { status: 'accepted', orderId: made.id, decidedAt: new Date().toISOString() });
    return json({ quote: found, orderId: made.id, ...intent, totalCents: total, currency: 'usd' });
  };

  return { quotes, calls, store, handle };
}
