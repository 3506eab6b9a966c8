import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/roles';
import { hashToken } from '../../../platform/sessions';
import {
  adminsOnly,
  type Caller,
  type Expected,
  everyone,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  signedIn,
} from '../../../test/access-matrix';
import { bearer, createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { insertChallenge } from './repository';
import { CHALLENGE_TTL_MS } from './service';
import { codeAt, enrolTotp, STEP_MS } from './testing';

/**
 * Who reaches two-step sign-in. Everyone signed in manages their own authenticator app (a visitor has none:
 * 401); no route names another person, so the caller is the record. Enrolment during sign-in is a visitor's
 * call, authorised by its challenge alone, answered alike whoever else sends it. The clinic's policy is the
 * admins' (others 403). Each case runs as a fresh account of the role, so one case's set-up is not another's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Saved by hand, so an admin's enrolment below leaves the other admins signing in with the password alone.
  const policy = { requireForAdmins: false, requireForPractitioners: false, requireForStaff: false };
  await t.injectAs('admin', { method: 'PUT', url: '/api/admin/sign-in-policy', payload: policy });
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST' | 'PUT';
  route: string;
  /** The body, made for the caller's fresh account (signed-in routes) or for a visitor's challenge. */
  body?: (person: TestPerson | null) => Promise<unknown> | unknown;
  /** Signed-in routes run as a fresh account of the caller's role. */
  fresh?: boolean;
  expect: Expected;
};

async function setUp(person: TestPerson) {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/two-step/setup',
    headers: bearer(person.token),
  });
  return setup.json<{ secret: string }>().secret;
}

/** An enrolment challenge for a fresh practitioner, as the policy would hand out. */
async function enrolChallenge() {
  const person = await createPerson(t, 'practitioner');
  const challengeToken = `matrix-${crypto.randomUUID()}`;
  await insertChallenge(t.database.db, {
    userId: person.id,
    tokenHash: hashToken(challengeToken),
    purpose: 'enrol',
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return challengeToken;
}

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/two-step', fresh: true, expect: signedIn(200) },
  { method: 'POST', route: '/api/two-step/setup', fresh: true, expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/two-step/setup/confirm',
    fresh: true,
    body: async (person) => ({ code: person ? codeAt(await setUp(person)) : '123456' }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/two-step/disable',
    fresh: true,
    body: async (person) => ({
      password: 'correct-horse-1',
      code: person ? (await enrolTotp(t, person.token)).recoveryCodes[0] : '123456',
    }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/two-step/recovery-codes',
    fresh: true,
    body: async (person) => ({
      code: person ? codeAt((await enrolTotp(t, person.token)).secret, Date.now() + STEP_MS) : '123456',
    }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/two-step/enrol/start',
    body: async () => ({ challengeToken: await enrolChallenge() }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/two-step/enrol/confirm',
    body: async () => {
      const challengeToken = await enrolChallenge();
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/two-step/enrol/start',
        payload: { challengeToken },
      });
      return { challengeToken, code: codeAt(start.json<{ secret: string }>().secret) };
    },
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/admin/sign-in-policy', expect: adminsOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/sign-in-policy',
    body: () => ({ requireForAdmins: false, requireForPractitioners: false, requireForStaff: false }),
    expect: adminsOnly(200),
  },
];

const cases = matrixCases(MATRIX);

async function callerOf(caller: Caller, row: Row) {
  if (caller === 'visitor') return { headers: {}, person: null };
  if (!row.fresh) return { headers: bearer(await t.tokenOf(caller as Role)), person: null };
  const person = await createPerson(t, caller as Role);
  return { headers: bearer(person.token), person };
}

describe('two-step sign-in routes access matrix', () => {
  it('covers every two-step route and the sign-in policy', () => {
    expect(
      [
        ...servedRoutes(t.routes, '/api/two-step'),
        ...servedRoutes(t.routes, '/api/admin/sign-in-policy'),
      ].sort(),
    ).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { headers, person } = await callerOf(caller, c.row);
    const body = await c.row.body?.(person);
    const response = await t.app.inject({
      method: c.row.method,
      url: c.row.route,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
