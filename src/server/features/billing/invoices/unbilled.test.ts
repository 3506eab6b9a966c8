import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_ERRORS,
  DEFAULT_BILLING_POLICY,
  type InvoiceSessionsAnswer,
  type UnbilledAnswer,
} from '../../../../shared/billing';
import { activityLog, emailOutbox, invoiceLineItems, invoices } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import {
  call,
  careTeam,
  draft,
  eventually,
  expectStatus,
  line,
  notificationsOf,
  send,
  serviceType,
  session,
} from '../testing';

/**
 * Unbilled sessions across patients and "Invoice selected": one issued invoice per patient in one
 * transaction, numbers without gaps, one line per session however many calls race for it.
 */
let t: TestApp;
let practitioner: TestPerson;
let colleague: TestPerson;
let patient: TestPerson;
let other: TestPerson;
let serviceId = '';

const setPolicy = (sessionBilling: boolean) =>
  expectStatus(t, 'admin', {
    method: 'PUT',
    url: '/api/billing/policy',
    payload: { ...DEFAULT_BILLING_POLICY, sessionBilling },
    status: 200,
  });

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const unbilled = (who: Parameters<typeof call>[1], query: string) =>
  expectStatus<UnbilledAnswer>(t, who as TestPerson, {
    method: 'GET',
    url: `/api/invoices/unbilled?from=${day(90)}&to=${day(0)}&${query}`,
    status: 200,
  });

const invoiceSelected = (who: Parameters<typeof call>[1], appointmentIds: string[]) =>
  call(t, who, { method: 'POST', url: '/api/invoices/from-sessions', payload: { appointmentIds } });

const linesFor = (ids: string[]) =>
  t.database.db
    .select({ appointmentId: invoiceLineItems.appointmentId, invoiceId: invoiceLineItems.invoiceId })
    .from(invoiceLineItems)
    .where(inArray(invoiceLineItems.appointmentId, ids));

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  colleague = await createPerson(t, 'practitioner');
  other = await createPerson(t, 'patient');
  serviceId = (await serviceType(t, 9000)).id;
});
afterAll(() => t.close());

describe('while session billing is off', () => {
  it('answers 409 with what turns it on, and the dashboard shows no count', async () => {
    await setPolicy(false);
    const listed = await call(t, 'staff', { method: 'GET', url: '/api/invoices/unbilled' });
    expect(listed.statusCode).toBe(409);
    expect(listed.json().message).toBe(BILLING_ERRORS.sessionBillingOff);
    const made = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const batch = await invoiceSelected('staff', [made.id]);
    expect(batch.statusCode).toBe(409);
    expect(await linesFor([made.id])).toEqual([]);
    const dashboard = await call(t, 'staff', { method: 'GET', url: '/api/dashboard' });
    expect(dashboard.json().billing).not.toHaveProperty('unbilledSessions');
  });
});

describe('the unbilled view', () => {
  beforeAll(() => setPolicy(true));

  it('lists completed sessions no invoice claims, with totals of the whole filter, newest first', async () => {
    const mine = [
      await session(t, {
        patientId: patient.id,
        practitionerId: practitioner.id,
        serviceTypeId: serviceId,
        daysAgo: 5,
      }),
      await session(t, {
        patientId: other.id,
        practitionerId: practitioner.id,
        serviceTypeId: serviceId,
        daysAgo: 6,
      }),
    ];
    await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
      daysAgo: 4,
      status: 'no_show',
    });
    const billed = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
      daysAgo: 7,
    });
    await draft(t, 'staff', {
      patientId: patient.id,
      lineItems: [{ description: 'x', quantity: 1, unitPriceCents: 0, appointmentId: billed.id }],
    });
    const theirs = await session(t, {
      patientId: other.id,
      practitionerId: colleague.id,
      serviceTypeId: serviceId,
      daysAgo: 5,
    });

    const listed = await unbilled('staff', `practitionerId=${practitioner.id}`);
    const ids = listed.sessions.map((row) => row.appointmentId);
    expect(ids).toEqual(expect.arrayContaining(mine.map((row) => row.id)));
    expect(ids).not.toContain(billed.id);
    expect(ids).not.toContain(theirs.id);
    expect(listed.total).toBe(ids.length);
    expect(listed.totalCents).toBe(9000 * ids.length);
    const starts = listed.sessions.map((row) => row.startsAt);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(listed.sessions.find((row) => row.appointmentId === mine[1].id)).toMatchObject({
      patientId: other.id,
      patientName: `${other.firstName} ${other.lastName}`,
      practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
      priceCents: 9000,
    });

    // Staff see every practitioner's; a practitioner only their own, whoever they name.
    const everyone = await unbilled('staff', '');
    expect(everyone.sessions.map((row) => row.appointmentId)).toContain(theirs.id);
    const asColleague = await unbilled(colleague, `practitionerId=${practitioner.id}`);
    expect(asColleague.sessions.map((row) => row.appointmentId)).toEqual([theirs.id]);

    // A window that ends before the sessions holds none of them.
    const before = await expectStatus<UnbilledAnswer>(t, 'staff', {
      method: 'GET',
      url: `/api/invoices/unbilled?from=${day(90)}&to=${day(60)}&practitionerId=${practitioner.id}`,
      status: 200,
    });
    expect(before.total).toBe(0);

    const log = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'invoice.unbilled_listed'));
    expect(log.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a reversed or too long range with a 400 naming from', async () => {
    for (const query of [`from=${day(1)}&to=${day(2)}`, `from=${day(400)}&to=${day(0)}`]) {
      const response = await call(t, 'staff', { method: 'GET', url: `/api/invoices/unbilled?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.from).toBe(BILLING_ERRORS.unbilledRange);
    }
  });

  it("counts the last 30 days on the staff dashboard, not on a practitioner's", async () => {
    const staff = await call(t, 'staff', { method: 'GET', url: '/api/dashboard' });
    expect(staff.json().billing.unbilledSessions).toBeGreaterThanOrEqual(3);
    const own = await call(t, practitioner, { method: 'GET', url: '/api/dashboard' });
    expect(JSON.stringify(own.json())).not.toContain('unbilledSessions');
  });
  it('shows a session again whenever its claim goes: lines replaced, draft deleted, invoice voided', async () => {
    const gone = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
      daysAgo: 40,
    });
    const listed = async () =>
      (await unbilled('staff', `practitionerId=${practitioner.id}`)).sessions.some(
        (row) => row.appointmentId === gone.id,
      );
    const claim = () =>
      draft(t, 'staff', {
        patientId: patient.id,
        lineItems: [line({ quantity: 1, unitPriceCents: 9000, appointmentId: gone.id })],
      });
    expect(await listed()).toBe(true);

    const first = await claim();
    expect(await listed()).toBe(false);
    await expectStatus(t, 'staff', {
      method: 'PATCH',
      url: `/api/invoices/${first.id}`,
      payload: { lineItems: [line()] },
      status: 200,
    });
    expect(await listed()).toBe(true);
    await expectStatus(t, 'staff', { method: 'DELETE', url: `/api/invoices/${first.id}`, status: 204 });

    const second = await claim();
    expect(await listed()).toBe(false);
    await expectStatus(t, 'staff', { method: 'DELETE', url: `/api/invoices/${second.id}`, status: 204 });
    expect(await listed()).toBe(true);

    const third = await send(t, 'staff', (await claim()).id);
    expect(await listed()).toBe(false);
    await expectStatus(t, 'admin', {
      method: 'POST',
      url: `/api/invoices/${third.id}/void`,
      payload: { reason: 'Raised in error' },
      status: 200,
    });
    expect(await listed()).toBe(true);
  });
});

describe('invoice selected', () => {
  beforeAll(() => setPolicy(true));

  it('issues one numbered invoice per patient in one go, emailed and notified', async () => {
    const a1 = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const a2 = await session(t, {
      patientId: patient.id,
      practitionerId: colleague.id,
      serviceTypeId: serviceId,
    });
    const b1 = await session(t, {
      patientId: other.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const response = await invoiceSelected('staff', [a1.id, a2.id, b1.id, a1.id]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<InvoiceSessionsAnswer>();
    expect(body.sessions).toBe(3);
    expect(body.skipped).toEqual([]);
    expect(body.invoices).toHaveLength(2);
    const [first, second] = body.invoices;
    expect(Number(second.number?.slice(4))).toBe(Number(first.number?.slice(4)) + 1);
    const ofPatient = body.invoices.find((row) => row.patientId === patient.id);
    expect(ofPatient).toMatchObject({ status: 'sent', totalCents: 18_000, practitionerId: null });
    expect(body.invoices.find((row) => row.patientId === other.id)).toMatchObject({
      totalCents: 9000,
      practitionerId: practitioner.id,
    });
    expect((await linesFor([a1.id, a2.id, b1.id])).length).toBe(3);
    const log = await t.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          inArray(
            activityLog.entityId,
            body.invoices.map((row) => row.id),
          ),
        ),
      );
    expect(log.map((row) => row.action).sort()).toEqual([
      'invoice.created',
      'invoice.created',
      'invoice.sent',
      'invoice.sent',
    ]);
    await eventually(async () =>
      expect(await notificationsOf(t, other.id, 'invoice_created')).toHaveLength(1),
    );
    const numberOfOther = body.invoices.find((row) => row.patientId === other.id)?.number ?? '';
    await eventually(async () =>
      expect(
        await t.database.db
          .select()
          .from(emailOutbox)
          .where(
            and(
              eq(emailOutbox.recipient, other.email),
              eq(emailOutbox.subject, `Your invoice ${numberOfOther}`),
            ),
          ),
      ).toHaveLength(1),
    );
  });

  it('skips and reports a session billed a moment ago, and answers 409 when none is left', async () => {
    const billed = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const fresh = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    expect((await invoiceSelected('staff', [billed.id])).statusCode).toBe(201);
    const response = await invoiceSelected('staff', [billed.id, fresh.id]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<InvoiceSessionsAnswer>()).toMatchObject({ sessions: 1, skipped: [billed.id] });
    const none = await invoiceSelected('staff', [billed.id, fresh.id]);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(BILLING_ERRORS.nothingUnbilled);
  });

  it("lets a practitioner invoice only their own sessions: anyone else's is a 404 for the whole batch", async () => {
    const own = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const theirs = await session(t, {
      patientId: patient.id,
      practitionerId: colleague.id,
      serviceTypeId: serviceId,
    });
    const refused = await invoiceSelected(practitioner, [own.id, theirs.id]);
    expect(refused.statusCode).toBe(404);
    expect(await linesFor([own.id, theirs.id])).toEqual([]);
    const missing = await invoiceSelected('staff', ['00000000-0000-4000-8000-000000000000']);
    expect(missing.statusCode).toBe(404);
    const made = await invoiceSelected(practitioner, [own.id]);
    expect(made.statusCode).toBe(201);
    expect(made.json<InvoiceSessionsAnswer>().invoices[0].practitionerId).toBe(practitioner.id);
    for (const role of ['patient', 'member'] as const)
      expect((await invoiceSelected(role, [theirs.id])).statusCode).toBe(403);
  });

  it('refuses an empty or too large batch with a 400 naming appointmentIds', async () => {
    for (const appointmentIds of [[], Array.from({ length: 501 }, () => crypto.randomUUID())]) {
      const response = await invoiceSelected('staff', appointmentIds);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields ?? {}).join()).toContain('appointmentIds');
    }
  });

  it('makes one line per session when a double click, a retry and two staff race for the same sessions', async () => {
    const patients = [patient, other];
    const made = [];
    for (let index = 0; index < 12; index++)
      made.push(
        await session(t, {
          patientId: patients[index % 2].id,
          practitionerId: practitioner.id,
          serviceTypeId: serviceId,
        }),
      );
    const ids = made.map((row) => row.id);
    const [before] = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(isNotNull(invoices.number));
    const single = draft(t, 'staff', {
      patientId: patient.id,
      lineItems: [{ description: 'x', quantity: 1, unitPriceCents: 0, appointmentId: ids[0] }],
    }).catch(() => null);
    const answers = await Promise.all([
      invoiceSelected('staff', ids),
      invoiceSelected('staff', ids),
      invoiceSelected('admin', [...ids].reverse()),
      invoiceSelected(practitioner, ids.slice(0, 6)),
    ]);
    await single;
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    const lines = await linesFor(ids);
    expect(lines).toHaveLength(12);
    expect(new Set(lines.map((row) => row.appointmentId)).size).toBe(12);
    const invoiced = answers
      .filter((answer) => answer.statusCode === 201)
      .reduce((sum, answer) => sum + answer.json<InvoiceSessionsAnswer>().sessions, 0);
    // Every session ended on exactly one invoice: one of the batches' or the single draft's.
    const onDraft = lines.filter(
      (row) =>
        !answers.some(
          (answer) =>
            answer.statusCode === 201 &&
            answer.json<InvoiceSessionsAnswer>().invoices.some((invoice) => invoice.id === row.invoiceId),
        ),
    ).length;
    expect(invoiced + onDraft).toBe(12);
    // Numbers stay gap-free: every number from the first to the last is taken once.
    const numbers = (
      await t.database.db.select({ number: invoices.number }).from(invoices).where(isNotNull(invoices.number))
    )
      .map((row) => Number(row.number?.slice(4)))
      .sort((x, y) => x - y);
    expect(before).toBeDefined();
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => numbers[0] + index));
  });
});
