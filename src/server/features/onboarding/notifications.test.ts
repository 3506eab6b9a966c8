import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { completeAll, startAsVisitor } from './testing';

let t: TestApp;
let staff: TestPerson;
let secondStaff: TestPerson;
let admin: TestPerson;
let practitioner: TestPerson;
let outsider: TestPerson;
beforeAll(async () => {
  t = await createTestApp();
  staff = await demoPerson(t, 'staff');
  admin = await demoPerson(t, 'admin');
  secondStaff = await createPerson(t, 'staff');
  practitioner = await createPerson(t, 'practitioner');
  outsider = await createPerson(t, 'practitioner');
});
afterAll(() => t.close());

const stored = (userId: string, patientId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .then((rows) => rows.filter((row) => row.data?.patientId === patientId));

async function assign(patientId: string) {
  const response = await t.injectAs('staff', {
    method: 'POST',
    url: `/api/patients/${patientId}/practitioners/${practitioner.id}`,
  });
  expect(response.statusCode).toBe(200);
}

describe('completing onboarding', () => {
  it('tells every staff account and the care team about a new patient, and nobody else', async () => {
    const { token, user } = await startAsVisitor(t, { firstName: 'Noor', lastName: 'Haddad' });
    await assign(user.id);
    await completeAll(t, token, 'Noor Haddad');
    for (const person of [staff, secondStaff, practitioner]) {
      const [only, ...rest] = await stored(person.id, user.id);
      expect(rest).toEqual([]);
      expect(only).toMatchObject({
        type: 'patient_registered',
        title: 'New patient registered',
        message: 'Noor Haddad completed onboarding as a new patient',
        actionUrl: `/clients?patient=${user.id}`,
        priority: 'medium',
      });
    }
    expect(await stored(admin.id, user.id)).toEqual([]);
    expect(await stored(outsider.id, user.id)).toEqual([]);
    expect(await stored(user.id, user.id)).toEqual([]);
    // No answer of the intake travels in a notification.
    expect(JSON.stringify(await stored(staff.id, user.id))).not.toContain('Penicillin');
  });

  it('raises patient_updated when the patient goes through it again', async () => {
    const { token, user } = await startAsVisitor(t, { firstName: 'Ravi', lastName: 'Menon' });
    await completeAll(t, token, 'Ravi Menon');
    await assign(user.id);
    const again = await completeAll(t, token, 'Ravi Menon');
    expect(again.complete).toBe(true);
    expect((await stored(staff.id, user.id)).map((row) => row.type).sort()).toEqual([
      'patient_registered',
      'patient_updated',
    ]);
    const [toPractitioner] = await stored(practitioner.id, user.id);
    expect(toPractitioner).toMatchObject({
      type: 'patient_updated',
      message: 'Ravi Menon updated their onboarding details',
    });
  });

  it('counts an account registered in the last day as new, and an older one as updated', async () => {
    const fresh = await t.register({ firstName: 'Iris', lastName: 'Lund' });
    await completeAll(t, fresh.token, 'Iris Lund');
    expect((await stored(staff.id, fresh.user.id)).map((row) => row.type)).toEqual(['patient_registered']);

    const older = await t.register({ firstName: 'Tom', lastName: 'Berg' });
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(users.id, older.user.id));
    await completeAll(t, older.token, 'Tom Berg');
    expect((await stored(staff.id, older.user.id)).map((row) => row.type)).toEqual(['patient_updated']);
  });
});
