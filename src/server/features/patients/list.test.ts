import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientPage } from '../../../shared/patients';
import type { Role } from '../../../shared/roles';
import { activityLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { createPatient as createPatientAs, listPatients } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createPatient = (fields: Record<string, unknown> = {}, as: Role = 'staff') =>
  createPatientAs(t, fields, as);
const list = (query: string, as: Role = 'staff') => listPatients(t, query, as);

describe('the patient list', () => {
  let ids: Record<string, string>;
  let practitioner: Awaited<ReturnType<typeof createPerson>>;

  beforeAll(async () => {
    ids = {};
    for (const [key, fields] of Object.entries({
      aalto: { firstName: 'Mika', lastName: 'Aalto', email: 'mika@list.test', phone: '0113 496 0001' },
      brook: { firstName: 'ada', lastName: 'brook', email: 'ada.b@list.test', phone: '0113 496 0002' },
      cyr: { firstName: 'Louis', lastName: 'Cyr', email: 'strong_man@list.test', phone: '020 7946 0999' },
      percent: { firstName: 'Hundred', lastName: '100% Well', email: 'hw@list.test' },
    })) {
      ids[key] = (await createPatient(fields)).id;
    }
    practitioner = await createPerson(t, 'practitioner');
    await t.injectAs('staff', {
      method: 'POST',
      url: `/api/patients/${ids.cyr}/practitioners/${practitioner.id}`,
    });
    await t.injectAs('staff', { method: 'POST', url: `/api/patients/${ids.brook}/deactivate` });
  });

  it('searches by any part of the name, email or phone, ignoring case', async () => {
    const found = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}&limit=100`)).items.map((item) => item.id);
    expect(await found('AALT')).toEqual([ids.aalto]);
    expect(await found('ada BROOK')).toEqual([ids.brook]);
    expect(await found('ada.b@list')).toEqual([ids.brook]);
    expect(await found('7946')).toEqual([ids.cyr]);
    expect(await found('496 000')).toEqual([ids.aalto, ids.brook]);
    expect(await found('nobody-by-this-name')).toEqual([]);
  });

  it('takes the wildcards of a search literally', async () => {
    const found = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}&limit=100`)).items.map((item) => item.id);
    expect(await found('100%')).toEqual([ids.percent]);
    expect(await found('%')).toEqual([ids.percent]);
    expect(await found('strong_')).toEqual([ids.cyr]);
    expect(await found('Aal_o')).toEqual([]);
  });

  it('filters by status and by practitioner', async () => {
    const inactive = (await list('status=inactive&limit=100')).items;
    expect(inactive.map((item) => item.id)).toContain(ids.brook);
    expect(inactive.map((item) => item.id)).not.toContain(ids.aalto);
    expect(inactive.every((item) => item.status === 'inactive')).toBe(true);
    const active = (await list('status=active&limit=100')).items.map((item) => item.id);
    expect(active).toContain(ids.aalto);
    expect(active).not.toContain(ids.brook);
    expect((await list(`practitionerId=${practitioner.id}`)).items.map((item) => item.id)).toEqual([ids.cyr]);
  });

  it('shows a practitioner only their own patients, whatever the filters', async () => {
    const patient = await demoPerson(t, 'patient');
    expect((await list('limit=100', 'practitioner')).items.map((item) => item.id)).toEqual([patient.id]);
    expect((await list(`practitionerId=${practitioner.id}`, 'practitioner')).items).toEqual([]);
    expect((await list('search=Cyr', 'practitioner')).items).toEqual([]);
    const asNew = await t.app.inject({
      method: 'GET',
      url: '/api/patients',
      headers: { authorization: `Bearer ${practitioner.token}` },
    });
    expect(asNew.json<PatientPage>().items.map((item) => item.id)).toEqual([ids.cyr]);
  });

  it('sorts by name either way, ignoring case', async () => {
    const names = (page: PatientPage) => page.items.map((item) => item.lastName);
    const ascending = names(await list('sort=name&limit=100'));
    const sorted = [...ascending].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(ascending).toEqual(sorted);
    expect(ascending.indexOf('Aalto')).toBeLessThan(ascending.indexOf('brook'));
    expect(ascending.indexOf('brook')).toBeLessThan(ascending.indexOf('Cyr'));
    expect(names(await list('sort=name&direction=desc&limit=100'))).toEqual([...ascending].reverse());
  });

  it('sorts by date added, newest first unless asked otherwise', async () => {
    const newest = (await list('sort=created&limit=100')).items;
    const times = newest.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(newest.findIndex((item) => item.id === ids.percent)).toBeLessThan(
      newest.findIndex((item) => item.id === ids.aalto),
    );
    const oldest = (await list('sort=created&direction=asc&limit=100')).items.map((item) => item.id);
    expect(oldest).toEqual(newest.map((item) => item.id).reverse());
  });

  it('pages with a cursor, 25 by default, without gaps or repeats, in each sort', async () => {
    for (let i = 0; i < 24; i += 1) await createPatient({ lastName: i % 2 ? 'Twin' : 'twin' });
    const whole = await list('limit=100');
    expect(whole.items.length).toBeGreaterThan(25);
    expect((await list('')).items).toHaveLength(25);
    for (const order of [
      'sort=name',
      'sort=name&direction=desc',
      'sort=created',
      'sort=created&direction=asc',
    ]) {
      const all = (await list(`${order}&limit=100`)).items.map((item) => item.id);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: PatientPage = await list(`${order}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(7);
        walked.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked, order).toEqual(all);
    }
  });

  it('refuses a cursor outside the caller’s list and malformed queries', async () => {
    const other = await createPatient();
    const response = await t.injectAs('practitioner', {
      method: 'GET',
      url: `/api/patients?cursor=${other.id}`,
    });
    expect(response.statusCode).toBe(400);
    for (const query of [
      'limit=0',
      'limit=101',
      'sort=age',
      'status=gone',
      'direction=up',
      'practitionerId=7',
    ]) {
      const bad = await t.injectAs('staff', { method: 'GET', url: `/api/patients?${query}` });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('logs each list read with its reader and size', async () => {
    const staff = await demoPerson(t, 'staff');
    const page = await list('limit=3');
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'patient.listed'), eq(activityLog.actorId, staff.id)))
      .orderBy(activityLog.id);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.at(-1)?.details).toEqual({ count: page.items.length });
  });
});
