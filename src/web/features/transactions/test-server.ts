import type { z } from 'zod';
import { RefundPaymentInputSchema } from '../../../shared/billing';
import {
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  TransactionsQuerySchema,
} from '../../../shared/transactions';
import { nextId } from '../../test/live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

/** A card donation as GET /api/admin/transactions answers it. */
export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: nextId(),
    kind: 'donation',
    method: 'card',
    status: 'succeeded',
    amountCents: 2500,
    refundedCents: 0,
    currency: 'usd',
    cardLast4: '4242',
    reference: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    payerName: 'Jordan Lee',
    payerEmail: 'jordan@example.test',
    paidFor: 'Clinic fund',
    donationId: nextId(),
    invoiceId: null,
    invoiceNumber: null,
    orderId: null,
    orderNumber: null,
    eventId: null,
    eventRegistrationId: null,
    refunds: [],
    ...overrides,
  };
}

const day = (at: string) => at.slice(0, 10);

/**
 * Answers the ledger like the server: the contract's query schema (400 with fields), filters, newest first,
 * pages of TRANSACTIONS_PAGE_SIZE by cursor, totals of the whole filter, CSV export, and the two refund calls
 * (a donation whole, an invoice payment in part) changing the rows. Records every call.
 */
export function fakeTransactionsServer(initial: { transactions?: Transaction[] } = {}) {
  const state = { transactions: initial.transactions ?? [] };
  const calls: Call[] = [];

  const matching = (query: z.infer<typeof TransactionsQuerySchema>) =>
    state.transactions
      .filter(
        (item) =>
          (!query.kind || item.kind === query.kind) &&
          (!query.method || item.method === query.method) &&
          (!query.status || item.status === query.status) &&
          (!query.from || day(item.createdAt) >= query.from) &&
          (!query.to || day(item.createdAt) <= query.to) &&
          (!query.search ||
            [item.payerName, item.payerEmail ?? '', item.invoiceNumber ?? ''].some((text) =>
              text.toLowerCase().includes(query.search?.toLowerCase() ?? ''),
            )),
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  const list = (url: URL) => {
    const parsed = TransactionsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) return invalid(parsed.error);
    const all = matching(parsed.data);
    const start = parsed.data.cursor ? all.findIndex((item) => item.id === parsed.data.cursor) + 1 : 0;
    const items = all.slice(start, start + TRANSACTIONS_PAGE_SIZE);
    const receivedCents = all.reduce((sum, item) => sum + item.amountCents, 0);
    const refundedCents = all.reduce((sum, item) => sum + item.refundedCents, 0);
    return json({
      items,
      nextCursor: start + TRANSACTIONS_PAGE_SIZE < all.length ? (items.at(-1)?.id ?? null) : null,
      totals: { count: all.length, receivedCents, refundedCents, netCents: receivedCents - refundedCents },
    });
  };

  const refund = (item: Transaction, amountCents: number, reason: string) => {
    item.refundedCents += amountCents;
    item.status = item.refundedCents >= item.amountCents ? 'refunded' : 'partially_refunded';
    item.refunds.push({
      id: nextId(),
      amountCents,
      reason,
      createdAt: '2026-11-03T09:00:00.000Z',
      byName: 'Alex Kim',
    });
  };

  const refundDonation = (donationId: string) => {
    const item = state.transactions.find((candidate) => candidate.donationId === donationId);
    if (!item) return json({ message: 'Donation not found' }, 404);
    if (item.status === 'succeeded') refund(item, item.amountCents, 'Donation refunded');
    return json({ donation: { id: donationId, status: 'refunded' } });
  };

  const refundInvoicePayment = (invoiceId: string, paymentId: string, body: unknown) => {
    const parsed = RefundPaymentInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const item = state.transactions.find(
      (candidate) => candidate.id === paymentId && candidate.invoiceId === invoiceId,
    );
    if (!item) return json({ message: 'Payment not found' }, 404);
    const left = item.amountCents - item.refundedCents;
    const amount = parsed.data.amountCents ?? left;
    if (amount > left)
      return json({ message: 'Refund too large', fields: { amountCents: 'Refund too large' } }, 400);
    refund(item, amount, parsed.data.reason);
    return json({ invoice: { id: invoiceId } });
  };

  const refundEventSeat = (eventId: string, registrationId: string, body: unknown) => {
    const item = state.transactions.find(
      (candidate) => candidate.eventId === eventId && candidate.eventRegistrationId === registrationId,
    );
    if (!item) return json({ message: 'Registration not found' }, 404);
    const reason = (body as { reason?: string } | undefined)?.reason;
    if (item.status === 'succeeded')
      refund(item, item.amountCents, reason ?? 'Event seat refunded by the clinic');
    return json({ attendee: { id: registrationId, status: 'cancelled' } });
  };

  const handle = ({ method, url, body }: Call) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    const eventRefund = /^\/api\/admin\/events\/([^/]+)\/attendees\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && eventRefund) {
      calls.push({ method, url, body });
      return refundEventSeat(eventRefund[1], eventRefund[2], body);
    }
    const donationRefund = /^\/api\/admin\/donations\/([^/]+)\/refund$/.exec(path);
    const invoiceRefund = /^\/api\/invoices\/([^/]+)\/payments\/([^/]+)\/refund$/.exec(path);
    if (!path.startsWith('/api/admin/transactions') && !donationRefund && !invoiceRefund) return undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && path === '/api/admin/transactions') return list(parsed);
    if (method === 'GET' && path === '/api/admin/transactions/export.csv')
      return new Response('"Kind"\r\n"Donation"\r\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="transactions-2026-11-03.csv"',
        },
      });
    if (method === 'POST' && donationRefund) return refundDonation(donationRefund[1]);
    if (method === 'POST' && invoiceRefund)
      return refundInvoicePayment(invoiceRefund[1], invoiceRefund[2], body);
    return json({ message: 'Not found' }, 404);
  };

  return { state, calls, handle };
}
