import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceListAnswer } from '../../../../shared/billing';
import { activityLog } from '../../../db/schema';
import { addDays, clinicToday } from '../../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../../test/app';
import { careTeam, draft, expectStatus, sentInvoice } from '../testing';

/** Invoice lists: what each role sees, the filters and totals, and each read in the patients' access logs. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('lists', () => {
  it('shows each role what it may see, with totals over the whole filter', async () => {
    const { patient: mine, practitioner: carer } = await careTeam(t);
    const open = await sentInvoice(t, mine.id, { cents: 4000 });
    const hidden = await draft(t, 'staff', { patientId: mine.id });
    const own = await expectStatus<InvoiceListAnswer>(t, mine, {
      method: 'GET',
      url: '/api/invoices',
      status: 200,
    });
    expect(own.invoices.map((item) => item.id)).toEqual([open.id]);
    expect(own.totals).toEqual({ outstandingCents: 4000, overdueCents: 0, overdueCount: 0 });
    const theirs = await expectStatus<InvoiceListAnswer>(t, carer, {
      method: 'GET',
      url: '/api/invoices',
      status: 200,
    });
    expect(theirs.invoices.map((item) => item.id).sort()).toEqual([open.id, hidden.id].sort());
    const clinic = await expectStatus<InvoiceListAnswer>(t, 'staff', {
      method: 'GET',
      url: `/api/invoices?patientId=${mine.id}&status=sent`,
      status: 200,
    });
    expect(clinic.invoices.map((item) => item.id)).toEqual([open.id]);
    const search = await expectStatus<InvoiceListAnswer>(t, 'admin', {
      method: 'GET',
      url: `/api/invoices?search=${open.number}`,
      status: 200,
    });
    expect(search.invoices.map((item) => item.id)).toEqual([open.id]);
    const byName = await expectStatus<InvoiceListAnswer>(t, 'admin', {
      method: 'GET',
      url: `/api/invoices?search=${encodeURIComponent(mine.lastName)}`,
      status: 200,
    });
    expect(byName.total).toBe(2);
    // Days: the issue day, or for a draft the day it was made, in the clinic's zone.
    const today = clinicToday();
    const inDay = await expectStatus<InvoiceListAnswer>(t, 'staff', {
      method: 'GET',
      url: `/api/invoices?patientId=${mine.id}&from=${today}&to=${today}`,
      status: 200,
    });
    expect(inDay.total).toBe(2);
    const before = await expectStatus<InvoiceListAnswer>(t, 'staff', {
      method: 'GET',
      url: `/api/invoices?patientId=${mine.id}&to=${addDays(today, -1)}`,
      status: 200,
    });
    expect(before.total).toBe(0);
    // The patient's access log finds the list read.
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'invoice.listed'), eq(activityLog.actorId, carer.id)));
    expect(logged.map((row) => row.details?.patientId)).toContain(mine.id);
  });
});
