import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { assign, isAssigned, linkedPeopleOf, patientsOf, practitionersOf, unassign } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('care team', () => {
  it('has the demo patient in the demo practitioner care after seeding', async () => {
    const patient = await demoPerson(t, 'patient');
    const practitioner = await demoPerson(t, 'practitioner');
    const db = t.database.db;
    expect(await isAssigned(db, practitioner.id, patient.id)).toBe(true);
    expect(await practitionersOf(db, patient.id)).toEqual([practitioner.id]);
    expect(await patientsOf(db, practitioner.id)).toEqual([patient.id]);
    expect(await linkedPeopleOf(db, { id: patient.id, role: 'patient' })).toEqual([practitioner.id]);
    expect(await linkedPeopleOf(db, { id: practitioner.id, role: 'staff' })).toEqual([]);
  });

  it('links and unlinks once, however often asked', async () => {
    const db = t.database.db;
    const practitioner = await createPerson(t, 'practitioner');
    const patient = await createPerson(t, 'patient');
    expect(await isAssigned(db, practitioner.id, patient.id)).toBe(false);
    expect(await assign(db, practitioner.id, patient.id)).toBe(true);
    expect(await assign(db, practitioner.id, patient.id)).toBe(false);
    expect(await isAssigned(db, practitioner.id, patient.id)).toBe(true);
    expect(await isAssigned(db, patient.id, practitioner.id)).toBe(false);
    expect(await unassign(db, practitioner.id, patient.id)).toBe(true);
    expect(await unassign(db, practitioner.id, patient.id)).toBe(false);
    expect(await patientsOf(db, practitioner.id)).toEqual([]);
  });

  it('links only a practitioner to a patient, and only people who exist', async () => {
    const db = t.database.db;
    const staff = await createPerson(t, 'staff');
    const patient = await createPerson(t, 'patient');
    const practitioner = await createPerson(t, 'practitioner');
    await expect(assign(db, staff.id, patient.id)).rejects.toMatchObject({ status: 400 });
    await expect(assign(db, practitioner.id, staff.id)).rejects.toMatchObject({ status: 400 });
    await expect(assign(db, practitioner.id, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
  });
});
