import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Invoice, invoiceUrl } from '../../../../shared/billing';
import { type Database, openDatabase } from '../../../db/client';
import { invoices } from '../../../db/schema';
import { addDays, clinicToday } from '../../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { openSocket, untilConnections } from '../../../test/sockets';
import { careTeam, eventually, expectStatus, notificationsOf, pay, sentInvoice } from '../testing';
import { overdueSweeper, sweepOverdue } from './overdue';

/**
 * The overdue sweep: one statement moves what fell due, and only what it moved is announced, so two
 * instances sweeping one database at once tell each patient once. On PostgreSQL the second instance has a
 * connection pool of its own. Also: invoice changes reach open lists and dashboards over the socket.
 */
let t: TestApp;
let second: Database | null = null;

beforeAll(async () => {
  t = await createTestApp();
  if (t.database.url) second = await openDatabase({ url: t.database.url });
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

describe('the overdue sweep', () => {
  it('moves sent and partly paid invoices past their due date to overdue once, with two instances racing', async () => {
    const patients: TestPerson[] = await Promise.all(
      Array.from({ length: 6 }, () => createPerson(t, 'patient')),
    );
    const today = clinicToday();
    const made: Invoice[] = [];
    for (const [i, person] of patients.entries()) {
      const invoice = await sentInvoice(t, person.id, { cents: 5000, dueDate: addDays(today, 1 + (i % 2)) });
      if (i % 3 === 0) await pay(t, 'staff', { id: invoice.id, amountCents: 1000 });
      made.push(invoice);
    }
    const paidOff = await sentInvoice(t, patients[0].id, { cents: 1000, dueDate: addDays(today, 1) });
    await pay(t, 'staff', { id: paidOff.id, amountCents: 1000 });

    // Two days on, every one of them has passed its due date.
    const later = addDays(today, 3);
    const [a, b] = await Promise.all([
      sweepOverdue(t.ctx, later),
      sweepOverdue({ ...t.ctx, db: (second ?? t.database).db }, later),
    ]);
    const mine = new Set(made.map((invoice) => invoice.id));
    const moved = [...a, ...b].filter((id) => mine.has(id));
    expect(moved.sort()).toEqual([...mine].sort());
    expect(await sweepOverdue(t.ctx, later)).toEqual([]);

    const rows = await t.database.db
      .select()
      .from(invoices)
      .where(inArray(invoices.id, [...mine]));
    for (const row of rows) {
      expect(row.status).toBe('overdue');
      expect(row.overdueAt).not.toBeNull();
    }
    const [stillPaid] = await t.database.db.select().from(invoices).where(eq(invoices.id, paidOff.id));
    expect(stillPaid.status).toBe('paid');

    for (const [i, person] of patients.entries())
      await eventually(async () => {
        const raised = await notificationsOf(t, person.id, 'invoice_overdue');
        expect(raised).toHaveLength(1);
        expect(raised[0]).toMatchObject({ actionUrl: invoiceUrl(made[i].id), priority: 'high' });
        expect(raised[0].message).toContain(made[i].number);
      });
  });

  it('leaves invoices not yet due alone and counts overdue ones in the list totals', async () => {
    const person = await createPerson(t, 'patient');
    const today = clinicToday();
    const due = await sentInvoice(t, person.id, { cents: 2000, dueDate: today });
    expect(await sweepOverdue(t.ctx, today)).not.toContain(due.id);
    await sweepOverdue(t.ctx, addDays(today, 1));
    const list = await expectStatus<{ totals: { overdueCents: number; overdueCount: number } }>(t, person, {
      method: 'GET',
      url: '/api/invoices',
      status: 200,
    });
    expect(list.totals).toMatchObject({ overdueCents: 2000, overdueCount: 1 });
    // A payment on an overdue invoice keeps it overdue until it is paid in full.
    const part = await pay(t, 'staff', { id: due.id, amountCents: 500 });
    expect(part.json().invoice.status).toBe('overdue');
  });
});

describe('the overdue worker', () => {
  it('sweeps as soon as it starts and on its period, and stops with a sweep in hand finished', async () => {
    const person = await createPerson(t, 'patient');
    const invoice = await sentInvoice(t, person.id, { cents: 3000, dueDate: clinicToday() });
    // Due yesterday, as if the day had turned since it was sent.
    await t.database.db
      .update(invoices)
      .set({ dueDate: addDays(clinicToday(), -1) })
      .where(eq(invoices.id, invoice.id));
    const worker = overdueSweeper(t.ctx, 50);
    worker.start();
    await eventually(async () => {
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row.status).toBe('overdue');
    });
    await worker.stop();
    await eventually(async () => {
      expect(await notificationsOf(t, person.id, 'invoice_overdue')).toHaveLength(1);
    });
  });
});

describe('the app', () => {
  it('starts the overdue worker when it listens, and stops it when it closes', async () => {
    const person = await createPerson(t, 'patient');
    const invoice = await sentInvoice(t, person.id, { cents: 1200, dueDate: clinicToday() });
    await t.database.db
      .update(invoices)
      .set({ dueDate: addDays(clinicToday(), -2) })
      .where(eq(invoices.id, invoice.id));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await eventually(async () => {
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row.status).toBe('overdue');
    });
  });
});

describe('pushes', () => {
  it("tell the patient, the invoice's practitioner and the clinic that invoices changed", async () => {
    const { patient, practitioner } = await careTeam(t);
    const sockets = await Promise.all(
      [patient.token, practitioner.token, await t.tokenOf('staff'), await t.tokenOf('admin')].map((token) =>
        openSocket(t, `token=${token}&channel=notifications`, { withDashboardChanges: true }),
      ),
    );
    await untilConnections(t, sockets.length);
    const made = await expectStatus(t, practitioner, {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        patientId: patient.id,
        lineItems: [{ description: 'Band', quantity: 1, unitPriceCents: 900 }],
      },
      status: 201,
    });
    for (const socket of sockets)
      await eventually(async () => {
        expect(socket.messages).toContainEqual({ type: 'invoices_changed', invoiceId: made.invoice.id });
      });
    // The patient's and the clinic's dashboards show billing figures; the practitioner's does not.
    for (const socket of [sockets[0], sockets[2], sockets[3]])
      expect(socket.messages).toContainEqual({ type: 'dashboard_changed' });
    expect(sockets[1].messages).not.toContainEqual({ type: 'dashboard_changed' });
    for (const socket of sockets) socket.socket.close();
  });
});
