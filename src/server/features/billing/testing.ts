import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFAULT_BILLING_POLICY, type InvoiceAnswer, type PayInvoiceAnswer } from '../../../shared/billing';
import { TEST_CARDS } from '../../../shared/payments';
import type { CardSetupAnswer, SavedCard } from '../../../shared/saved-cards';
import { appointments, notifications, serviceTypes } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { perFileCounter } from '../../test/per-file';
import { payWithTestCard } from '../../test/test-card';
import { call, type Request, type Who } from '../recovery-notes/testing';

export { assign, call, careTeam, type Who } from '../recovery-notes/testing';

/** A call and the status it must answer. */
export type Expected = Request & { status: number };

/** Calls and expects the status, answering the body. */
export async function expectStatus<T = InvoiceAnswer>(t: TestApp, who: Who, expected: Expected) {
  const { status, ...request } = expected;
  const response = await call(t, who, request);
  expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
  return (response.body ? response.json<T>() : null) as T;
}

export async function serviceType(t: TestApp, priceCents = 8500) {
  const [row] = await t.database.db
    .insert(serviceTypes)
    .values({
      name: `Billed session ${randomBytes(4).toString('hex')}`,
      durationMinutes: 45,
      priceCents,
      colour: '#2563eb',
    })
    .returning();
  return row;
}

const nextSlot = perFileCounter();
/**
 * Sessions of one file are 47 minutes apart (each lasts 45): a prime, so that no two ever land on the same slot of
 * different days, as an hour-multiple spacing did when one test's `daysAgo` differed from another's by a day.
 */
const SPACING_MS = 47 * 60_000;

/** A session of the patient that took place `daysAgo` days ago, in the given status (completed by default). */
export async function session(
  t: TestApp,
  values: {
    patientId: string;
    practitionerId: string;
    serviceTypeId: string;
    daysAgo?: number;
    status?: 'completed' | 'scheduled' | 'cancelled' | 'no_show';
  },
) {
  const taken = nextSlot();
  const start = Date.now() - (values.daysAgo ?? 3) * 86_400_000 - taken * SPACING_MS;
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      patientId: values.patientId,
      practitionerId: values.practitionerId,
      serviceTypeId: values.serviceTypeId,
      startsAt: new Date(start),
      endsAt: new Date(start + 45 * 60_000),
      status: values.status ?? 'completed',
      ...(values.status === 'cancelled' ? { cancellationReason: 'test', cancelledAt: new Date() } : {}),
    })
    .returning();
  return row;
}

export const line = (fields: Record<string, unknown> = {}) => ({
  description: 'Exercise band',
  quantity: 2,
  unitPriceCents: 1250,
  ...fields,
});

/** A draft for the patient, of one exercise-band line unless the fields say otherwise. */
export const draft = (t: TestApp, who: Who, fields: { patientId: string } & Record<string, unknown>) =>
  expectStatus(t, who, {
    method: 'POST',
    url: '/api/invoices',
    payload: { lineItems: [line()], ...fields },
    status: 201,
  }).then((body) => body.invoice);

export const send = (t: TestApp, who: Who, id: string) =>
  expectStatus(t, who, { method: 'POST', url: `/api/invoices/${id}/send`, status: 200 }).then(
    (body) => body.invoice,
  );

/** A sent invoice for the patient, of lines costing `cents` in all (10,000 unless said), with any other fields. */
export async function sentInvoice(
  t: TestApp,
  patientId: string,
  { cents = 10_000, ...fields }: { cents?: number } & Record<string, unknown> = {},
) {
  const made = await draft(t, 'staff', {
    patientId,
    lineItems: [line({ quantity: 1, unitPriceCents: cents })],
    ...fields,
  });
  return send(t, 'staff', made.id);
}

/** The whole balance paid online by card through the test provider, as `who`; answers the invoice. */
export async function paidOnline(t: TestApp, who: Who, id: string) {
  const started = await expectStatus<PayInvoiceAnswer>(t, who, {
    method: 'POST',
    url: `/api/invoices/${id}/pay`,
    status: 200,
  });
  await payWithTestCard(t, started.clientSecret);
  const paid = await expectStatus(t, who, {
    method: 'POST',
    url: `/api/invoices/${id}/pay/confirm`,
    payload: { paymentIntentId: started.paymentIntentId },
    status: 200,
  });
  return { invoice: paid.invoice, paymentIntentId: started.paymentIntentId };
}

/** A payment recorded at the desk (cash unless said), answered as it came. */
export const pay = (t: TestApp, who: Who, payment: { id: string; amountCents: number; method?: string }) =>
  call(t, who, {
    method: 'POST',
    url: `/api/invoices/${payment.id}/payments`,
    payload: { method: payment.method ?? 'cash', amountCents: payment.amountCents },
  });

export const notificationsOf = (t: TestApp, userId: string, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'invoice_paid')));

/** Waits for subscribers of a published event (notifications are raised after the answer). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 3000) {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The text pdfkit writes: hex strings inside TJ arrays, decoded. */
export function pdfText(bytes: Buffer) {
  const raw = bytes.toString('latin1');
  const hex = [...raw.matchAll(/<([0-9a-fA-F]+)>/g)].map((match) =>
    Buffer.from(match[1], 'hex').toString('latin1'),
  );
  return `${raw}\n${hex.join('')}`;
}
/**
 * A card saved on file by the patient through the test provider, with consent, as My Billing does it (session
 * billing must be on); answers the card.
 */
export async function savedCard(t: TestApp, who: Who, cardNumber: string = TEST_CARDS.success) {
  const setup = await expectStatus<CardSetupAnswer>(t, who, {
    method: 'POST',
    url: '/api/billing/cards/setup',
    status: 200,
  });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm-setup',
    payload: { clientSecret: setup.clientSecret, cardNumber, expiry: '12/40', cvc: '123' },
  });
  expect(confirmed.json().status, confirmed.body).toBe('succeeded');
  const saved = await expectStatus<{ card: SavedCard }>(t, who, {
    method: 'POST',
    url: '/api/billing/cards',
    payload: { setupIntentId: setup.setupIntentId, consent: true },
    status: 201,
  });
  return saved.card;
}

/** Turns the clinic's session billing on (or off), as an admin does in Settings. */
export const sessionBilling = (t: TestApp, on: boolean) =>
  expectStatus(t, 'admin', {
    method: 'PUT',
    url: '/api/billing/policy',
    payload: { ...DEFAULT_BILLING_POLICY, sessionBilling: on },
    status: 200,
  });

/** A fresh idempotency key, as the browser makes one per charge. */
export const chargeKey = () => `charge-${randomBytes(8).toString('hex')}`;
