import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, type InvoiceAnswer } from '../../../../shared/billing';
import { CARD_ERRORS, TEST_CARDS } from '../../../../shared/payments';
import { CARD_CONSENT, SAVED_CARD_ERRORS, type SavedCard } from '../../../../shared/saved-cards';
import {
  activityLog,
  emailOutbox,
  payments,
  savedCardCharges,
  savedCards,
  testPaymentIntents,
  testSetupIntents,
} from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../../test/people';
import { TestPaymentProvider } from '../../payments/test-provider';
import {
  call,
  chargeKey,
  eventually,
  expectStatus,
  notificationsOf,
  savedCard,
  sentInvoice,
  sessionBilling,
} from '../testing';

let t: TestApp;
let patient: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  patient = await createPerson(t, 'patient');
});
afterAll(() => t.close());

const charge = (invoiceId: string, body: Record<string, unknown>, who: 'staff' | 'admin' = 'staff') =>
  call(t, who, { method: 'POST', url: `/api/invoices/${invoiceId}/charge-card`, payload: body });

const paymentsOf = (invoiceId: string) =>
  t.database.db.select().from(payments).where(eq(payments.referenceId, invoiceId));

const actionsOn = async (entityId: string) =>
  (
    await t.database.db
      .select({ action: activityLog.action, details: activityLog.details })
      .from(activityLog)
      .where(eq(activityLog.entityId, entityId))
  ).map((row) => row.action);

describe('cards on file while session billing is off', () => {
  it('answers 409 with a clear message and keeps nothing', async () => {
    await sessionBilling(t, false);
    const setup = await call(t, patient, { method: 'POST', url: '/api/billing/cards/setup' });
    expect(setup.statusCode).toBe(409);
    expect(setup.json().message).toBe(SAVED_CARD_ERRORS.off);
    const list = await call(t, 'staff', { method: 'GET', url: `/api/billing/cards?patientId=${patient.id}` });
    expect(list.statusCode).toBe(409);
    const invoice = await sentInvoice(t, patient.id);
    const refused = await charge(invoice.id, { cardId: crypto.randomUUID(), idempotencyKey: chargeKey() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SAVED_CARD_ERRORS.off);
  });
});

describe('cards on file', () => {
  let card: SavedCard;

  beforeAll(async () => {
    await sessionBilling(t, true);
  });

  it('saves a card the provider confirmed, with the consent wording, keeping only what the provider reports', async () => {
    card = await savedCard(t, patient);
    expect(card).toMatchObject({
      patientId: patient.id,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      consentVersion: CARD_CONSENT.version,
    });
    const [row] = await t.database.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(JSON.stringify(row)).not.toContain(TEST_CARDS.success);
    expect(row.providerPaymentMethodId).toMatch(/^pm_/);
    expect(row.providerCustomerId).toMatch(/^cus_/);
    expect(await actionsOn(card.id)).toEqual(['card.saved']);

    const mine = await expectStatus<{ cards: SavedCard[] }>(t, patient, {
      method: 'GET',
      url: '/api/billing/cards',
      status: 200,
    });
    expect(mine.cards.map((each) => each.id)).toEqual([card.id]);
    const desk = await expectStatus<{ cards: SavedCard[] }>(t, 'staff', {
      method: 'GET',
      url: `/api/billing/cards?patientId=${patient.id}`,
      status: 200,
    });
    expect(desk.cards.map((each) => each.id)).toEqual([card.id]);
  });

  it('needs the consent box, a setup of the patient own, and one the provider confirmed', async () => {
    const setup = await expectStatus<{ setupIntentId: string; clientSecret: string }>(t, patient, {
      method: 'POST',
      url: '/api/billing/cards/setup',
      status: 200,
    });
    const noConsent = await call(t, patient, {
      method: 'POST',
      url: '/api/billing/cards',
      payload: { setupIntentId: setup.setupIntentId, consent: false },
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fields.consent).toBe(SAVED_CARD_ERRORS.consent);
    const unconfirmed = await call(t, patient, {
      method: 'POST',
      url: '/api/billing/cards',
      payload: { setupIntentId: setup.setupIntentId, consent: true },
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(SAVED_CARD_ERRORS.notConfirmed);
    const someoneElse = await call(t, 'patient', {
      method: 'POST',
      url: '/api/billing/cards',
      payload: { setupIntentId: setup.setupIntentId, consent: true },
    });
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.json().fields.setupIntentId).toBe(SAVED_CARD_ERRORS.setupIntent);
    const badCode = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-setup',
      payload: {
        clientSecret: setup.clientSecret,
        cardNumber: TEST_CARDS.declined,
        expiry: '12/40',
        cvc: '1',
      },
    });
    expect(badCode.json().error).toBe(CARD_ERRORS.invalidCvc);
  });

  it('charges the card for an invoice: paid once the provider confirms, recorded, logged and emailed', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 12_345 });
    const paid = await charge(invoice.id, { cardId: card.id, idempotencyKey: chargeKey() });
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paid.json<InvoiceAnswer>().invoice;
    expect(answer).toMatchObject({ status: 'paid', paidCents: 12_345 });
    expect(answer.payments).toHaveLength(1);
    expect(answer.payments[0]).toMatchObject({ amountCents: 12_345, cardLast4: '4242' });
    expect(await actionsOn(invoice.id)).toEqual(
      expect.arrayContaining(['invoice.card_charge_started', 'invoice.paid_online', 'invoice.card_charged']),
    );
    await eventually(async () => {
      expect(await notificationsOf(t, patient.id, 'invoice_paid')).toHaveLength(1);
      const mail = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.recipient, patient.email));
      expect(mail.some((each) => each.body.includes(`invoice ${answer.number}`))).toBe(true);
    });
  });

  it('charges part of the balance when asked, never more than it', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 10_000 });
    const over = await charge(invoice.id, {
      cardId: card.id,
      amountCents: 10_001,
      idempotencyKey: chargeKey(),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.amountCents).toBeDefined();
    const part = await charge(invoice.id, {
      cardId: card.id,
      amountCents: 2_500,
      idempotencyKey: chargeKey(),
    });
    const partly = part.json<InvoiceAnswer>().invoice;
    expect(partly).toMatchObject({ status: 'partially_paid', paidCents: 2_500 });
    // The patient gets the receipt of what was paid, as a payment in full sends one.
    await eventually(async () => {
      const mail = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.recipient, patient.email));
      expect(
        mail.some((each) =>
          each.body.includes(`$25.00 was paid towards invoice ${partly.number}; $75.00 is still to pay`),
        ),
      ).toBe(true);
    });
  });

  it('makes one charge of a double click, a retry, or two people at once', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 7_000 });
    const key = chargeKey();
    const clicks = await Promise.all(
      Array.from({ length: 4 }, () => charge(invoice.id, { cardId: card.id, idempotencyKey: key })),
    );
    const desks = await Promise.all([
      charge(invoice.id, { cardId: card.id, idempotencyKey: chargeKey() }, 'staff'),
      charge(invoice.id, { cardId: card.id, idempotencyKey: chargeKey() }, 'admin'),
    ]);
    for (const response of [...clicks, ...desks])
      expect([200, 409], response.body).toContain(response.statusCode);
    expect(clicks.some((response) => response.statusCode === 200)).toBe(true);
    const retry = await charge(invoice.id, { cardId: card.id, idempotencyKey: key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<InvoiceAnswer>().invoice).toMatchObject({ status: 'paid', paidCents: 7_000 });
    const recorded = await paymentsOf(invoice.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0].amountCents).toBe(7_000);
    const charges = await t.database.db
      .select()
      .from(savedCardCharges)
      .where(and(eq(savedCardCharges.invoiceId, invoice.id), eq(savedCardCharges.status, 'succeeded')));
    expect(charges).toHaveLength(1);
  });

  it('asks the provider about an attempt left under way, then settles it once or lets staff charge again', async () => {
    const [kept] = await t.database.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    const provider = new TestPaymentProvider(t.database.db);
    const staff = await demoPerson(t, 'staff');
    const stuck = async (invoiceId: string, fields: { providerIntentId?: string; minutesAgo: number }) => {
      const key = chargeKey();
      const [row] = await t.database.db
        .insert(savedCardCharges)
        .values({
          idempotencyKey: key,
          cardId: card.id,
          invoiceId,
          amountCents: 6_000,
          providerIntentId: fields.providerIntentId ?? null,
          createdBy: staff.id,
          createdAt: new Date(Date.now() - fields.minutesAgo * 60_000),
        })
        .returning();
      return row;
    };

    // The provider charged the card but the request ended before the clinic heard: asking again under the
    // attempt's own key finds that charge, pays the invoice with it, and makes no second one.
    const charged = await sentInvoice(t, patient.id, { cents: 6_000 });
    const lost = await stuck(charged.id, { minutesAgo: 5 });
    await provider.chargeSavedCard({
      customerId: kept.providerCustomerId,
      paymentMethodId: kept.providerPaymentMethodId,
      amountCents: 6_000,
      currency: charged.currency,
      metadata: { purpose: 'invoice', invoiceId: charged.id, chargeId: lost.id },
      idempotencyKey: lost.idempotencyKey,
    });
    const after = await charge(charged.id, { cardId: card.id, idempotencyKey: chargeKey() });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(BILLING_ERRORS.notOpen);
    const retried = await charge(charged.id, { cardId: card.id, idempotencyKey: lost.idempotencyKey });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<InvoiceAnswer>().invoice).toMatchObject({ status: 'paid', paidCents: 6_000 });
    expect(await paymentsOf(charged.id)).toHaveLength(1);
    const intents = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.idempotencyKey, lost.idempotencyKey));
    expect(intents).toHaveLength(1);

    // An attempt whose intent never went through: under way for a moment it still blocks; past the window
    // the provider is asked, it is released, and the desk charges again.
    const open = await sentInvoice(t, patient.id, { cents: 6_000 });
    const unpaid = await provider.createIntent(6_000, open.currency, {
      purpose: 'invoice',
      invoiceId: open.id,
    });
    const fresh = await stuck(open.id, { providerIntentId: unpaid.id, minutesAgo: 0 });
    const blocked = await charge(open.id, { cardId: card.id, idempotencyKey: chargeKey() });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(SAVED_CARD_ERRORS.underWay);
    await t.database.db
      .update(savedCardCharges)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(savedCardCharges.id, fresh.id));
    const again = await charge(open.id, { cardId: card.id, idempotencyKey: chargeKey() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<InvoiceAnswer>().invoice).toMatchObject({ status: 'paid', paidCents: 6_000 });
    const [released] = await t.database.db
      .select()
      .from(savedCardCharges)
      .where(eq(savedCardCharges.id, fresh.id));
    expect(released.status).toBe('failed');
    expect(await actionsOn(open.id)).toContain('invoice.card_charge_failed');
  });

  it('applies the charge once when the direct confirmation comes again after it', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 4_000 });
    await charge(invoice.id, { cardId: card.id, idempotencyKey: chargeKey() });
    const [payment] = await paymentsOf(invoice.id);
    const again = await call(t, patient, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/pay/confirm`,
      payload: { paymentIntentId: payment.providerIntentId },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<InvoiceAnswer>().invoice).toMatchObject({ status: 'paid', paidCents: 4_000 });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('leaves the invoice open with the reason when the saved card declines, and says so again on a retry', async () => {
    const declining = await savedCard(t, patient, TEST_CARDS.declinesWhenCharged);
    const invoice = await sentInvoice(t, patient.id, { cents: 5_000 });
    const key = chargeKey();
    const declined = await charge(invoice.id, { cardId: declining.id, idempotencyKey: key });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe(CARD_ERRORS.declined);
    const retry = await charge(invoice.id, { cardId: declining.id, idempotencyKey: key });
    expect(retry.json().message).toBe(CARD_ERRORS.declined);
    const open = await expectStatus(t, 'staff', {
      method: 'GET',
      url: `/api/invoices/${invoice.id}`,
      status: 200,
    });
    expect(open.invoice).toMatchObject({ status: 'sent', paidCents: 0 });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const [logged] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, invoice.id), eq(activityLog.action, 'invoice.card_declined')));
    expect(logged.details).toMatchObject({ reason: CARD_ERRORS.declined });
    // Another card, under a new key, pays it.
    const paid = await charge(invoice.id, { cardId: card.id, idempotencyKey: chargeKey() });
    expect(paid.json<InvoiceAnswer>().invoice.status).toBe('paid');
  });

  it('refuses a card of another patient, a reused key, and callers who may not charge', async () => {
    const other = await demoPerson(t, 'patient');
    const othersCard = await savedCard(t, 'patient');
    const invoice = await sentInvoice(t, patient.id, { cents: 3_000 });
    const wrongCard = await charge(invoice.id, { cardId: othersCard.id, idempotencyKey: chargeKey() });
    expect(wrongCard.statusCode).toBe(404);
    const key = chargeKey();
    const first = await charge(invoice.id, { cardId: card.id, amountCents: 1_000, idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    const elsewhere = await sentInvoice(t, other.id, { cents: 3_000 });
    const reused = await charge(elsewhere.id, { cardId: othersCard.id, idempotencyKey: key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(SAVED_CARD_ERRORS.keyReused);
    for (const who of [patient, 'practitioner' as const]) {
      const refused = await call(t, who, {
        method: 'POST',
        url: `/api/invoices/${invoice.id}/charge-card`,
        payload: { cardId: card.id, idempotencyKey: chargeKey() },
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('removes a card: detached at the provider, gone from the list, no longer charged, even with billing off', async () => {
    const spare = await savedCard(t, patient, '5555555555554444');
    expect(spare.brand).toBe('mastercard');
    const stranger = await call(t, 'patient', { method: 'DELETE', url: `/api/billing/cards/${spare.id}` });
    expect(stranger.statusCode).toBe(404);
    await sessionBilling(t, false);
    const removed = await expectStatus<{ cards: SavedCard[] }>(t, patient, {
      method: 'DELETE',
      url: `/api/billing/cards/${spare.id}`,
      status: 200,
    });
    expect(removed.cards.map((each) => each.id)).not.toContain(spare.id);
    await sessionBilling(t, true);
    const [row] = await t.database.db.select().from(savedCards).where(eq(savedCards.id, spare.id));
    const [method] = await t.database.db
      .select()
      .from(testSetupIntents)
      .where(inArray(testSetupIntents.paymentMethodId, [row.providerPaymentMethodId]));
    expect(method.detachedAt).not.toBeNull();
    expect(await actionsOn(spare.id)).toEqual(['card.saved', 'card.removed']);
    const invoice = await sentInvoice(t, patient.id, { cents: 2_000 });
    const refused = await charge(invoice.id, { cardId: spare.id, idempotencyKey: chargeKey() });
    expect(refused.statusCode).toBe(404);
  });
});
