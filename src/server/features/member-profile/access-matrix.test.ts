import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberProfile } from '../../../shared/member-profile';
import { type Expected, matrixCases, matrixRoutes, servedRoutes } from '../../test/access-matrix';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';

/**
 * Who reaches the member area's profile and onboarding: members alone (every other role 403, a visitor 401),
 * and only ever their own: no route takes an id, so there is nobody else's profile to name, and what one
 * member saves never shows in another's.
 */

let t: TestApp;
let someoneElse: TestPerson;

const interests = { interests: ['community_events', 'fundraising'] };
const support = { supportWays: ['donating'] };
const contact = { newsletter: true, eventAnnouncements: false, phone: '+1 503 555 0100', city: 'Portland' };
const profile = { ...interests, ...support, ...contact, about: 'Walks with the recovery group.' };

beforeAll(async () => {
  t = await createTestApp();
  someoneElse = await createPerson(t, 'member');
  // Every step saved, so that finishing is the member's to do whatever order the cases run in.
  const saved = await t.injectAs('member', { method: 'PUT', url: '/api/member/profile', payload: profile });
  if (saved.statusCode !== 200) throw new Error(saved.body);
});
afterAll(() => t.close());

type Row = { method: 'GET' | 'PUT' | 'POST'; route: string; body?: unknown; expect: Expected };

const membersOnly = (status: number): Expected => ({
  visitor: 401,
  patient: 403,
  practitioner: 403,
  staff: 403,
  admin: 403,
  member: status,
});

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/member/profile', expect: membersOnly(200) },
  { method: 'PUT', route: '/api/member/profile', body: profile, expect: membersOnly(200) },
  { method: 'PUT', route: '/api/member/onboarding/interests', body: interests, expect: membersOnly(200) },
  { method: 'PUT', route: '/api/member/onboarding/support', body: support, expect: membersOnly(200) },
  { method: 'PUT', route: '/api/member/onboarding/contact', body: contact, expect: membersOnly(200) },
  { method: 'POST', route: '/api/member/onboarding/finish', body: {}, expect: membersOnly(200) },
];

const cases = matrixCases(MATRIX);

describe('member profile routes access matrix', () => {
  it('covers every member-area route the app serves, and nothing else', () => {
    expect(servedRoutes(t.routes, '/api/member')).toEqual(matrixRoutes(MATRIX));
  });

  it.for(cases.map((c) => [`${c.row.method} ${c.row.route}`, c.caller, c.status, c] as const))(
    '%s as %s answers %i',
    async ([, caller, status, c]) => {
      const response = await t.injectAs(caller, {
        method: c.row.method,
        url: c.row.route,
        ...(c.row.body === undefined ? {} : { payload: c.row.body as Record<string, unknown> }),
      });
      expect(response.statusCode, response.body).toBe(status);
      if (status >= 400) expect(typeof response.json().message).toBe('string');
      if (status === 200)
        expect(response.json<{ profile: MemberProfile }>().profile.about).toBe(profile.about);
    },
  );

  it("leaves another member's profile as it was", async () => {
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/member/profile',
      headers: bearer(someoneElse.token),
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<{ profile: MemberProfile }>().profile).toMatchObject({
      interests: [],
      about: '',
      stepsDone: [],
      completedAt: null,
    });
  });
});
