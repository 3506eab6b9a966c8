import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_ERRORS,
  type CheckoutAnswer,
  type CheckoutPreview,
  DEFAULT_BILLING_POLICY,
} from '../../../../shared/billing';
import { CHECKOUT_PRODUCT_ERRORS } from '../../../../shared/billing-products';
import { CARD_ERRORS, TEST_CARDS } from '../../../../shared/payments';
import type { Product } from '../../../../shared/store';
import { activityLog, invoiceLineItems, payments, productVariants } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { payWithTestCard } from '../../../test/test-card';
import { sku, storeCalls } from '../../store/testing';
import { createInvoice } from '../invoices/editing';
import {
  call,
  careTeam,
  chargeKey,
  eventually,
  expectStatus,
  notificationsOf,
  savedCard,
  serviceType,
  session,
} from '../testing';
import { productLines } from './products';

/** Checkout of a completed session: one step from session to issued, paid invoice, and never twice. */
let t: TestApp;
let practitioner: TestPerson;
let colleague: TestPerson;
let patient: TestPerson;
let serviceTypeId: string;

const url = (appointmentId: string) => `/api/invoices/checkout/${appointmentId}`;
const completed = async (of: { practitionerId?: string; status?: 'completed' | 'scheduled' } = {}) =>
  (
    await session(t, {
      patientId: patient.id,
      practitionerId: of.practitionerId ?? practitioner.id,
      serviceTypeId,
      status: of.status,
    })
  ).id;
const checkOut = (who: Parameters<typeof call>[1], appointmentId: string, payload: unknown) =>
  call(t, who, { method: 'POST', url: url(appointmentId), payload });
const linesBilling = (appointmentId: string) =>
  t.database.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.appointmentId, appointmentId));
const paymentsOf = (invoiceId: string) =>
  t.database.db.select().from(payments).where(eq(payments.referenceId, invoiceId));

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  colleague = await createPerson(t, 'practitioner');
  serviceTypeId = (await serviceType(t, 9000)).id;
});
afterAll(() => t.close());

describe('checkout', () => {
  it('is refused while session billing is off', async () => {
    const id = await completed();
    for (const response of [
      await call(t, 'staff', { method: 'GET', url: url(id) }),
      await checkOut('staff', id, { payment: { kind: 'account' } }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(BILLING_ERRORS.sessionBillingOff);
    }
    expect(await linesBilling(id)).toEqual([]);
    await expectStatus(t, 'admin', {
      method: 'PUT',
      url: '/api/billing/policy',
      payload: { ...DEFAULT_BILLING_POLICY, sessionBilling: true },
      status: 200,
    });
  });

  it('shows the session, its price and what else the patient owes', async () => {
    const id = await completed();
    const preview = await expectStatus<CheckoutPreview>(t, practitioner, {
      method: 'GET',
      url: url(id),
      status: 200,
    });
    expect(preview).toMatchObject({
      session: {
        appointmentId: id,
        patientId: patient.id,
        practitionerId: practitioner.id,
        priceCents: 9000,
      },
      invoice: null,
      otherBalanceCents: 0,
    });
  });

  it('issues the invoice with the session and other items, and takes the whole balance at the desk', async () => {
    const id = await completed();
    const answer = await expectStatus<CheckoutAnswer>(t, practitioner, {
      method: 'POST',
      url: url(id),
      payload: {
        lineItems: [{ description: 'Exercise band', quantity: 2, unitPriceCents: 750 }],
        payment: { kind: 'desk', method: 'cash' },
      },
      status: 200,
    });
    expect(answer.cardPayment).toBeNull();
    expect(answer.invoice).toMatchObject({
      patientId: patient.id,
      practitionerId: practitioner.id,
      status: 'paid',
      totalCents: 10_500,
      paidCents: 10_500,
      balanceCents: 0,
    });
    expect(answer.invoice.number).toMatch(/^INV-\d{6}$/);
    expect(answer.invoice.lineItems.map((line) => [line.appointmentId, line.amountCents])).toEqual([
      [id, 9000],
      [null, 1500],
    ]);
    // Raised after the answer, as every notification is.
    await eventually(async () =>
      expect(await notificationsOf(t, patient.id, 'invoice_created')).not.toHaveLength(0),
    );
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'invoice.checked_out'));
    expect(entry).toMatchObject({ actorId: practitioner.id, entityId: answer.invoice.id });
    expect(entry.details).toMatchObject({ appointmentId: id, payment: 'desk' });
  });

  it('gives one invoice line and one payment however many checkouts of a session arrive at once', async () => {
    const id = await completed();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        checkOut(index % 2 ? 'staff' : practitioner, id, { payment: { kind: 'desk', method: 'card' } }),
      ),
    );
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((response) => response.json<CheckoutAnswer>().invoice.id));
    expect(ids.size).toBe(1);
    const [invoiceId] = ids;
    expect(await linesBilling(id)).toHaveLength(1);
    const paid = await paymentsOf(invoiceId);
    expect(paid.map((payment) => payment.amountCents)).toEqual([9000]);
  });

  it('carries on with an invoice that bills the session already, and leaves it on the account when asked', async () => {
    const id = await completed();
    const first = await checkOut('staff', id, { payment: { kind: 'account' } });
    expect(first.json<CheckoutAnswer>().invoice).toMatchObject({ status: 'sent', balanceCents: 9000 });
    const preview = await expectStatus<CheckoutPreview>(t, 'staff', {
      method: 'GET',
      url: url(id),
      status: 200,
    });
    expect(preview.invoice).toMatchObject({ id: first.json<CheckoutAnswer>().invoice.id, status: 'sent' });
    expect(preview.otherBalanceCents).toBe(0);
    const again = await checkOut('staff', id, {
      payment: { kind: 'desk', method: 'cheque', reference: '000123' },
    });
    expect(again.json<CheckoutAnswer>().invoice).toMatchObject({
      id: first.json<CheckoutAnswer>().invoice.id,
      status: 'paid',
    });
    expect(await linesBilling(id)).toHaveLength(1);
  });

  it('starts a card payment for the desk, recorded once the provider confirms', async () => {
    const id = await completed();
    const answer = (await checkOut('staff', id, { payment: { kind: 'new_card' } })).json<CheckoutAnswer>();
    expect(answer.invoice.status).toBe('sent');
    expect(answer.cardPayment).toMatchObject({ amountCents: 9000 });
    expect(await paymentsOf(answer.invoice.id)).toEqual([]);
    await payWithTestCard(t, answer.cardPayment?.clientSecret ?? '');
    const paid = await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${answer.invoice.id}/pay/confirm`,
      payload: { paymentIntentId: answer.cardPayment?.paymentIntentId },
      status: 200,
    });
    expect(paid.invoice).toMatchObject({ status: 'paid', balanceCents: 0 });
    const refused = await checkOut(practitioner, await completed(), { payment: { kind: 'new_card' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BILLING_ERRORS.checkoutCardAtDesk);
  });

  it("charges the patient's card on file once however often it is asked, and says why a card is refused", async () => {
    const card = await savedCard(t, patient);
    const id = await completed();
    const key = chargeKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        checkOut(practitioner, id, { payment: { kind: 'saved_card', cardId: card.id, idempotencyKey: key } }),
      ),
    );
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const invoiceId = answers[0].json<CheckoutAnswer>().invoice.id;
    const settled = await expectStatus(t, 'staff', {
      method: 'GET',
      url: `/api/invoices/${invoiceId}`,
      status: 200,
    });
    expect(settled.invoice).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect((await paymentsOf(invoiceId)).map((payment) => [payment.amountCents, payment.cardLast4])).toEqual([
      [9000, '4242'],
    ]);

    const refusing = await savedCard(t, patient, TEST_CARDS.declinesWhenCharged);
    const refused = await checkOut('staff', await completed(), {
      payment: { kind: 'saved_card', cardId: refusing.id, idempotencyKey: chargeKey() },
    });
    expect(refused.statusCode).toBe(200);
    const answer = refused.json<CheckoutAnswer>();
    expect(answer.declined).toBe(CARD_ERRORS.declined);
    expect(answer.invoice).toMatchObject({ status: 'sent', balanceCents: 9000 });
    expect(await paymentsOf(answer.invoice.id)).toEqual([]);
  });

  it('refuses a session that is not completed, and one a practitioner does not own is not there', async () => {
    const scheduled = await completed({ status: 'scheduled' });
    const early = await checkOut('staff', scheduled, { payment: { kind: 'account' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BILLING_ERRORS.checkoutNotCompleted);
    const theirs = await completed({ practitionerId: colleague.id });
    for (const response of [
      await call(t, practitioner, { method: 'GET', url: url(theirs) }),
      await checkOut(practitioner, theirs, { payment: { kind: 'account' } }),
      await checkOut('staff', '00000000-0000-4000-8000-000000000000', { payment: { kind: 'account' } }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(BILLING_ERRORS.checkoutNotFound);
    }
    expect(await linesBilling(theirs)).toEqual([]);
    for (const who of ['patient', 'member'] as const)
      expect((await checkOut(who, theirs, { payment: { kind: 'account' } })).statusCode).toBe(403);
    const bad = await checkOut('staff', theirs, { payment: { kind: 'barter' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(BILLING_ERRORS.checkoutPayment);
  });
});

describe('products at checkout', () => {
  const store = storeCalls(() => t);
  let roller: Product;
  const large = () => roller.variants[0].id;
  const small = () => roller.variants[1].id;
  const rollerWith = (variants: Array<{ size: string; priceCents: number; stock: number }>) =>
    store.makeProduct({
      name: 'Foam roller',
      category: 'equipment',
      variants: variants.map((variant) => ({ sku: sku(), ...variant })),
    });
  const linesOf = (invoiceId: string) =>
    t.database.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId));

  beforeAll(async () => {
    roller = await rollerWith([
      { size: 'Large', priceCents: 2400, stock: 5 },
      { size: 'Small', priceCents: 1800, stock: 1 },
    ]);
    // Small is made to order: no stock figure, never sold out.
    await t.database.db.update(productVariants).set({ stock: null }).where(eq(productVariants.id, small()));
  });

  it('bills the catalogue variants at its prices, takes their stock and names them in the activity log', async () => {
    const [soldOut, hidden] = [
      await rollerWith([{ size: 'Medium', priceCents: 2000, stock: 0 }]),
      await rollerWith([{ size: 'Hidden', priceCents: 2000, stock: 4 }]),
    ];
    await expectStatus(t, 'admin', {
      method: 'PATCH',
      url: `/api/products/${hidden.id}`,
      payload: { active: false },
      status: 200,
    });
    const id = await completed();
    const preview = await expectStatus<CheckoutPreview>(t, practitioner, {
      method: 'GET',
      url: url(id),
      status: 200,
    });
    expect(preview.products).toEqual(
      expect.arrayContaining([
        { variantId: large(), productId: roller.id, name: 'Foam roller — Large', priceCents: 2400, stock: 5 },
        {
          variantId: small(),
          productId: roller.id,
          name: 'Foam roller — Small',
          priceCents: 1800,
          stock: null,
        },
      ]),
    );
    const offered = preview.products.map((product) => product.variantId);
    expect(offered).not.toContain(soldOut.variants[0].id);
    expect(offered).not.toContain(hidden.variants[0].id);

    const priced = await checkOut(practitioner, id, {
      products: [{ variantId: large(), quantity: 2, unitPriceCents: 1 }],
      payment: { kind: 'account' },
    });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().message).toContain('Unrecognized key');

    const answer = await expectStatus<CheckoutAnswer>(t, practitioner, {
      method: 'POST',
      url: url(id),
      payload: {
        products: [
          { variantId: large(), quantity: 2 },
          { variantId: small(), quantity: 1 },
        ],
        payment: { kind: 'desk', method: 'cash' },
      },
      status: 200,
    });
    expect(answer.invoice).toMatchObject({ status: 'paid', totalCents: 15_600, balanceCents: 0 });
    expect(
      answer.invoice.lineItems.map((line) => [line.description, line.quantity, line.unitPriceCents]),
    ).toEqual([
      [expect.any(String), 1, 9000],
      ['Foam roller — Large', 2, 2400],
      ['Foam roller — Small', 1, 1800],
    ]);
    expect(await store.stockOf(large())).toBe(3);
    expect(await store.stockOf(small())).toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'invoice.products_sold'), eq(activityLog.entityId, answer.invoice.id)),
      );
    expect(entry).toMatchObject({ actorId: practitioner.id });
    expect(entry.details).toMatchObject({
      patientId: patient.id,
      products: '2 × Foam roller — Large; 1 × Foam roller — Small',
    });
  });

  it('refuses a variant not for sale, more than is in stock, bad input and a session not in reach', async () => {
    const hidden = await rollerWith([{ size: 'Hidden', priceCents: 2000, stock: 4 }]);
    await expectStatus(t, 'admin', {
      method: 'PATCH',
      url: `/api/products/${hidden.id}`,
      payload: { active: false },
      status: 200,
    });
    const id = await completed();
    const before = await store.stockOf(large());
    const product = (variantId: string, quantity = 1) => ({
      products: [{ variantId, quantity }],
      payment: { kind: 'account' },
    });
    for (const variantId of [hidden.variants[0].id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await checkOut('staff', id, product(variantId));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ 'products.0.variantId': CHECKOUT_PRODUCT_ERRORS.notForSale });
    }
    const short = await checkOut('staff', id, product(large(), (before ?? 0) + 1));
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(`Only ${before} of Foam roller — Large left in stock`);
    const soldOut = await rollerWith([{ size: 'Medium', priceCents: 2000, stock: 0 }]);
    const gone = await checkOut('staff', id, product(soldOut.variants[0].id));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('Foam roller — Medium is sold out');
    for (const [payload, message] of [
      [product(large(), 0), CHECKOUT_PRODUCT_ERRORS.quantity],
      [product(large(), 100), CHECKOUT_PRODUCT_ERRORS.quantity],
      [product('abc'), CHECKOUT_PRODUCT_ERRORS.variant],
      [{ products: 'x', payment: { kind: 'account' } }, CHECKOUT_PRODUCT_ERRORS.products],
      [
        {
          products: [large(), large()].map((variantId) => ({ variantId, quantity: 1 })),
          payment: { kind: 'account' },
        },
        CHECKOUT_PRODUCT_ERRORS.twice,
      ],
      [
        {
          products: Array.from({ length: 21 }, () => ({ variantId: large(), quantity: 1 })),
          payment: { kind: 'account' },
        },
        CHECKOUT_PRODUCT_ERRORS.tooMany,
      ],
    ] as const) {
      const bad = await checkOut('staff', id, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(message);
    }
    const theirs = await completed({ practitionerId: colleague.id });
    const notMine = await checkOut(practitioner, theirs, product(large()));
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe(BILLING_ERRORS.checkoutNotFound);
    expect([...(await linesBilling(id)), ...(await linesBilling(theirs))]).toEqual([]);
    expect(await store.stockOf(large())).toBe(before);
  });

  it('takes the stock once however many checkouts of the session arrive at once', async () => {
    const bands = await rollerWith([{ size: 'Travel', priceCents: 1500, stock: 3 }]);
    const variantId = bands.variants[0].id;
    const id = await completed();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        checkOut(index % 2 ? 'staff' : practitioner, id, {
          products: [{ variantId, quantity: 2 }],
          payment: { kind: 'desk', method: 'card' },
        }),
      ),
    );
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((response) => response.json<CheckoutAnswer>().invoice.id));
    expect(ids.size).toBe(1);
    const [invoiceId] = ids;
    expect((await linesOf(invoiceId)).filter((line) => line.variantId === variantId)).toHaveLength(1);
    expect(await store.stockOf(variantId)).toBe(1);
    expect((await paymentsOf(invoiceId)).map((payment) => payment.amountCents)).toEqual([9000 + 3000]);
  });

  it('gives the stock back once when the invoice is voided, or a draft loses the line', async () => {
    const before = (await store.stockOf(large())) ?? 0;
    const answer = (
      await checkOut('staff', await completed(), {
        products: [{ variantId: large(), quantity: 2 }],
        payment: { kind: 'account' },
      })
    ).json<CheckoutAnswer>();
    expect(await store.stockOf(large())).toBe(before - 2);
    const voiding = {
      method: 'POST' as const,
      url: `/api/invoices/${answer.invoice.id}/void`,
      payload: { reason: 'Wrong patient' },
    };
    const [first, second] = await Promise.all([call(t, 'staff', voiding), call(t, 'admin', voiding)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await store.stockOf(large())).toBe(before);
    expect((await linesOf(answer.invoice.id)).map((line) => line.stockTaken)).toEqual([false, false]);

    // A draft holding a product (a checkout stopped before sending it): replacing its lines or deleting it.
    const draftWith = async () =>
      (
        await createInvoice(t.ctx, practitioner, {
          input: { patientId: patient.id, lineItems: [] },
          products: await productLines(t.database.db, [{ variantId: large(), quantity: 1 }]),
          meta: { ipAddress: '127.0.0.1' },
        })
      ).invoice.id;
    const edited = await draftWith();
    expect(await store.stockOf(large())).toBe(before - 1);
    await expectStatus(t, practitioner, {
      method: 'PATCH',
      url: `/api/invoices/${edited}`,
      payload: { lineItems: [{ description: 'Exercise band', quantity: 1, unitPriceCents: 750 }] },
      status: 200,
    });
    expect(await store.stockOf(large())).toBe(before);
    const deleted = await draftWith();
    expect(await store.stockOf(large())).toBe(before - 1);
    await expectStatus(t, practitioner, { method: 'DELETE', url: `/api/invoices/${deleted}`, status: 204 });
    expect(await store.stockOf(large())).toBe(before);
  });
});
