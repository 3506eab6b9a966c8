import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientRecord } from '../../../shared/patients';
import type { Role } from '../../../shared/roles';
import { activityLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { createPatient as createPatientAs } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createPatient = (fields: Record<string, unknown> = {}, as: Role = 'staff') =>
  createPatientAs(t, fields, as);

const activityOf = (entityId: string) =>
  t.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.entityType, 'patient'), eq(activityLog.entityId, entityId)));

describe('creating a patient', () => {
  it('makes the account and the record, and emails a link to choose a password', async () => {
    const created = await createPatient({
      firstName: 'Jordan',
      lastName: 'Okafor',
      email: 'Jordan.Okafor@Example.test',
      dateOfBirth: '1984-03-09',
      phone: '+1 555 0100',
      allergies: 'Penicillin',
      city: 'Leeds',
    });
    expect(created).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Okafor',
      email: 'jordan.okafor@example.test',
      dateOfBirth: '1984-03-09',
      phone: '+1 555 0100',
      allergies: 'Penicillin',
      city: 'Leeds',
      status: 'active',
      isAccountActive: true,
      practitioners: [],
    });

    const [email] = await t.ctx.mailer.listTo('jordan.okafor@example.test');
    const token = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(email?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(email.body).toContain('Forgot password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token!), newPassword: 'chosen-by-jordan-1' },
    });
    expect(reset.statusCode).toBe(200);
    const { user } = await t.login('jordan.okafor@example.test', 'chosen-by-jordan-1');
    expect(user).toMatchObject({ id: created.id, role: 'patient' });

    const entries = await activityOf(created.id);
    const staff = await demoPerson(t, 'staff');
    expect(entries.map((entry) => entry.action)).toContain('patient.created');
    expect(entries.find((entry) => entry.action === 'patient.created')?.actorId).toBe(staff.id);
  });

  it('refuses an email already in use, with the field named', async () => {
    const response = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/patients',
      payload: { firstName: 'Again', lastName: 'Demo', email: 'patient@demo.clinic' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toMatch(/already exists/);
  });

  it('refuses bad input with a message per field', async () => {
    const response = await t.injectAs('staff', {
      method: 'POST',
      url: '/api/patients',
      payload: {
        firstName: ' ',
        lastName: 'L',
        email: 'not-an-email',
        dateOfBirth: '2999-01-01',
        phone: 'call me',
        medicalHistory: 'x'.repeat(5001),
        status: 'active',
      },
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining(['firstName', 'email', 'dateOfBirth', 'phone', 'medicalHistory']),
    );
    expect(fields.medicalHistory).toMatch(/5000/);
    const impossible = await t.injectAs('staff', {
      method: 'POST',
      url: '/api/patients',
      payload: { firstName: 'A', lastName: 'B', email: 'ab@example.test', dateOfBirth: '2001-02-30' },
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().fields.dateOfBirth).toMatch(/real date/);
  });
});

describe('reading and changing a record', () => {
  it('shows the whole record with the care team, and logs the read', async () => {
    const patient = await demoPerson(t, 'patient');
    const practitioner = await demoPerson(t, 'practitioner');
    const response = await t.injectAs('practitioner', { method: 'GET', url: `/api/patients/${patient.id}` });
    expect(response.statusCode).toBe(200);
    const record = response.json<PatientRecord>();
    expect(record.practitioners.map((p) => p.id)).toEqual([practitioner.id]);
    const viewed = (await activityOf(patient.id)).filter((entry) => entry.action === 'patient.viewed');
    expect(viewed.map((entry) => entry.actorId)).toContain(practitioner.id);

    const me = await t.injectAs('patient', { method: 'GET', url: '/api/patients/me' });
    expect(me.json().id).toBe(patient.id);
  });

  it('updates names and fields, clears with null or empty text, and logs the field names only', async () => {
    const created = await createPatient({ insuranceProvider: 'Acme Health', region: 'North' });
    const response = await t.injectAs('admin', {
      method: 'PATCH',
      url: `/api/patients/${created.id}`,
      payload: {
        lastName: 'Renamed',
        medications: 'Ibuprofen 200 mg',
        insuranceProvider: null,
        region: '',
        status: 'discharged',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      lastName: 'Renamed',
      medications: 'Ibuprofen 200 mg',
      insuranceProvider: null,
      region: null,
      status: 'discharged',
    });
    const updated = (await activityOf(created.id)).find((entry) => entry.action === 'patient.updated');
    expect(String(updated?.details?.fields).split(',').sort()).toEqual([
      'insuranceProvider',
      'lastName',
      'medications',
      'region',
      'status',
    ]);
    expect(JSON.stringify(updated)).not.toContain('Ibuprofen');
  });

  it('refuses an empty change, unknown fields and unknown statuses', async () => {
    const created = await createPatient();
    for (const payload of [{}, { password: 'x' }, { status: 'gone' }, { email: 'new@example.test' }]) {
      const response = await t.injectAs('staff', {
        method: 'PATCH',
        url: `/api/patients/${created.id}`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('deactivates the record and leaves the portal account as it is', async () => {
    const created = await createPatient();
    const response = await t.injectAs('staff', {
      method: 'POST',
      url: `/api/patients/${created.id}/deactivate`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'inactive', isAccountActive: true });
    expect((await activityOf(created.id)).map((entry) => entry.action)).toContain('patient.deactivated');
  });

  it('assigns and unassigns practitioners through the care team, once however often asked', async () => {
    const created = await createPatient();
    const practitioner = await createPerson(t, 'practitioner');
    const url = `/api/patients/${created.id}/practitioners/${practitioner.id}`;
    for (let i = 0; i < 2; i += 1) {
      const assigned = await t.injectAs('staff', { method: 'POST', url });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json<PatientRecord>().practitioners.map((p) => p.id)).toEqual([practitioner.id]);
    }
    // The new practitioner now reaches the record; the demo practitioner still does not.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${created.id}`,
      headers: { authorization: `Bearer ${practitioner.token}` },
    });
    expect(seen.statusCode).toBe(200);
    expect(
      (await t.injectAs('practitioner', { method: 'GET', url: `/api/patients/${created.id}` })).statusCode,
    ).toBe(404);

    const removed = await t.injectAs('admin', { method: 'DELETE', url });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<PatientRecord>().practitioners).toEqual([]);
    const actions = (await activityOf(created.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'patient.practitioner-assigned')).toHaveLength(2);
    expect(actions).toContain('patient.practitioner-unassigned');

    const staff = await createPerson(t, 'staff');
    const notPractitioner = await t.injectAs('staff', {
      method: 'POST',
      url: `/api/patients/${created.id}/practitioners/${staff.id}`,
    });
    expect(notPractitioner.statusCode).toBe(400);
    const nobody = await t.injectAs('staff', {
      method: 'POST',
      url: `/api/patients/${created.id}/practitioners/00000000-0000-4000-8000-000000000000`,
    });
    expect(nobody.statusCode).toBe(404);
  });
});
