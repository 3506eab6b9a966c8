import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PractitionerOption } from '../../../shared/practitioners';
import type { Role } from '../../../shared/roles';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { setAccountFields } from '../accounts/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (role: Role | 'visitor') => t.injectAs(role, { method: 'GET', url: '/api/practitioners' });

describe('GET /api/practitioners', () => {
  it.each(['practitioner', 'staff', 'admin'] as const)(
    'answers %s with the active practitioners',
    async (role) => {
      const response = await list(role);
      expect(response.statusCode).toBe(200);
      const body = response.json<PractitionerOption[]>();
      expect(body.length).toBeGreaterThan(0);
      for (const entry of body) expect(Object.keys(entry).sort()).toEqual(['firstName', 'id', 'lastName']);
    },
  );

  it.each(['patient', 'member'] as const)('refuses %s', async (role) => {
    expect((await list(role)).statusCode).toBe(403);
  });

  it('refuses a visitor', async () => {
    expect((await list('visitor')).statusCode).toBe(401);
  });

  it('sorts by last then first name and leaves out deactivated practitioners and other roles', async () => {
    const early = await createPerson(t, 'practitioner', { firstName: 'Zoe', lastName: 'Aaronson' });
    const same = await createPerson(t, 'practitioner', { firstName: 'Adam', lastName: 'Aaronson' });
    const gone = await createPerson(t, 'practitioner', { firstName: 'Gone', lastName: 'Aaaway' });
    const staff = await createPerson(t, 'staff', { firstName: 'Not', lastName: 'Aaapractitioner' });
    await setAccountFields(t.database.db, gone.id, { isActive: false });

    const body = (await list('staff')).json<PractitionerOption[]>();
    const ids = body.map((entry) => entry.id);
    expect(ids.slice(0, 2)).toEqual([same.id, early.id]);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(staff.id);
  });
});
