import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITABLE_STAFF_MAX,
  type InvitableStaffAnswer,
  TELEHEALTH_ERRORS,
} from '../../../shared/telehealth';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { call, careTeam, hostDoes, sessionUrl, setVideoVisits, videoVisit } from './testing';

/**
 * The host's search of staff to invite (GET …/invitable?q=): active staff only, by name or email, those already
 * invited left out, at most INVITABLE_STAFF_MAX; a bad search 400. Who may ask is the access matrix's.
 */
let t: TestApp;
let host: TestPerson;
let patient: TestPerson;
let visitId = '';
// A word no demo account's name holds, so that searches see only this file's staff.
const tag = `Zq${randomBytes(3).toString('hex')}`;

/** Staff accounts straight into the table (they never sign in here), with the names given. */
async function staffNamed(names: Array<{ firstName: string; lastName: string; isActive?: boolean }>) {
  const rows = names.map((name) => ({
    id: randomUUID(),
    email: `${name.firstName}.${name.lastName}.${randomBytes(3).toString('hex')}@example.test`.toLowerCase(),
    passwordHash: 'not-a-hash',
    role: 'staff' as const,
    isActive: name.isActive ?? true,
    ...name,
  }));
  await t.database.db.insert(users).values(rows);
  return rows;
}

const search = (q: string | undefined, who: TestPerson = host) =>
  call(t, who, {
    method: 'GET',
    url: `${sessionUrl(visitId, 'invitable')}${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
  });

async function found(q: string) {
  const response = await search(q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvitableStaffAnswer>().staff;
}

beforeAll(async () => {
  t = await createTestApp();
  await setVideoVisits(t, true);
  ({ practitioner: host, patient } = await careTeam(t));
  visitId = (await videoVisit(t, { practitionerId: host.id, patientId: patient.id })).id;
});
afterAll(() => t.close());

describe('searching staff to invite to a call', () => {
  it('finds active staff by any part of the name or the email, by name, without the others', async () => {
    const [ada, bo] = await staffNamed([
      { firstName: 'Ada', lastName: `${tag}Lovelace` },
      { firstName: 'Bo', lastName: `${tag}Diddley` },
      { firstName: 'Cy', lastName: `${tag}Gone`, isActive: false },
    ]);
    // A practitioner and a patient of the same name are not staff.
    await createPerson(t, 'practitioner', { firstName: 'Dee', lastName: `${tag}Doctor` });
    await createPerson(t, 'patient', { firstName: 'Eve', lastName: `${tag}Patient` });

    const all = await found(tag);
    expect(all).toEqual([
      { id: bo.id, firstName: 'Bo', lastName: bo.lastName, email: bo.email },
      { id: ada.id, firstName: 'Ada', lastName: ada.lastName, email: ada.email },
    ]);
    expect((await found(`ada ${tag.toUpperCase()}love`)).map((s) => s.id)).toEqual([ada.id]);
    expect((await found(bo.email.slice(0, 12).toUpperCase())).map((s) => s.id)).toEqual([bo.id]);
    expect(await found(`${tag}nobody`)).toEqual([]);
    // The pattern's own characters are text, not wildcards.
    expect(await found(`${tag}%`)).toEqual([]);
    expect(await found(`${tag.slice(0, 2)}_`)).toEqual([]);
  });

  it('leaves out staff already invited, and answers at most 20', async () => {
    const many = await staffNamed(
      Array.from({ length: INVITABLE_STAFF_MAX + 5 }, (_, index) => ({
        firstName: 'Many',
        lastName: `${tag}Many${String(index).padStart(2, '0')}`,
      })),
    );
    const first = await found(`${tag}many`);
    expect(first).toHaveLength(INVITABLE_STAFF_MAX);
    expect(first.map((s) => s.lastName)).toEqual(many.slice(0, INVITABLE_STAFF_MAX).map((s) => s.lastName));

    await hostDoes(t, host, { id: visitId, action: 'invite', userId: many[0].id });
    const after = await found(`${tag}many`);
    expect(after.map((s) => s.id)).not.toContain(many[0].id);
    expect(after[0].id).toBe(many[1].id);
    expect(after).toHaveLength(INVITABLE_STAFF_MAX);
    // With no search text: the first 20 of all the staff who may be invited.
    const none = await search(undefined);
    expect(none.statusCode).toBe(200);
    expect(none.json<InvitableStaffAnswer>().staff.length).toBeLessThanOrEqual(INVITABLE_STAFF_MAX);
    expect(none.json<InvitableStaffAnswer>().staff.map((s) => s.id)).not.toContain(many[0].id);
  });

  it('refuses a bad search with 400 and a clear message', async () => {
    for (const [url, message] of [
      [`${sessionUrl(visitId, 'invitable')}?q=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
      [`${sessionUrl(visitId, 'invitable')}?q=a&q=b`, 'q must be one search text'],
      [`${sessionUrl(visitId, 'invitable')}?search=ada`, undefined],
    ] as const) {
      const response = await call(t, host, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(typeof body.message).toBe('string');
      if (message) expect(body.message).toContain(message);
    }
  });

  it('answers the host only: the patient 403, a stranger practitioner 404', async () => {
    const asPatient = await search('a', patient);
    expect(asPatient.statusCode).toBe(403);
    expect(asPatient.json().message).toBe(TELEHEALTH_ERRORS.hostOnly);
    const stranger = await createPerson(t, 'practitioner');
    expect((await search('a', stranger)).statusCode).toBe(404);
  });
});
