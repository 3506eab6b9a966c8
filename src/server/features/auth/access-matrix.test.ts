import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import { DEMO_PASSWORD } from '../../db/demo-accounts';
import { sessions } from '../../db/schema';
import { hashToken } from '../../platform/sessions';
import {
  adminsOnly,
  type Caller,
  type Expected,
  everyone,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
} from '../../test/access-matrix';
import { bearer, createTestApp, demoAccount, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { challengeFor, codeAt, enrolTotp, STEP_MS } from './second-step/testing';
import { createResetLink } from './service';

/**
 * Who reaches the sign-in routes: signing in, registering, asking for a reset link and using one are what a
 * visitor does, and a signed-in caller sending a valid body is answered the same (the body, not the bearer,
 * names the account); everything about the current session (who am I, sign out here or everywhere, change
 * the password, list the signed-in devices, report activity, read the idle limit) needs one (401 for a
 * visitor) and acts on the caller alone. The one record is a session: a caller ends their own (200), never
 * another's or a missing one (404). The clinic's idle sign-out setting is an admin's alone.
 *
 * The session routes run as a fresh session of the demo account ("session") or as a fresh account of the
 * role ("person"), never on the demo account's shared token, which signing out everywhere would end.
 */

let t: TestApp;
let someone: TestPerson;
beforeAll(async () => {
  t = await createTestApp();
  someone = await createPerson(t, 'patient');
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT';
  route: string;
  body?: () => Promise<unknown> | unknown;
  /** Whose bearer a signed-in caller sends: the demo account's shared one, a fresh session of it, or a new account's. */
  as?: 'session' | 'person';
  password?: string;
  expect: Expected;
};

const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 });

const MATRIX: Row[] = [
  {
    method: 'POST',
    route: '/api/auth/login',
    body: () => ({ email: someone.email, password: 'correct-horse-1' }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/register',
    body: () => ({
      email: `matrix-${randomBytes(5).toString('hex')}@example.test`,
      password: 'correct-horse-1',
      firstName: 'Matrix',
      lastName: 'Row',
    }),
    expect: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    body: () => ({ email: someone.email }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    body: async () => {
      const person = await createPerson(t, 'patient');
      const link = await createResetLink(t.database.db, t.ctx.config.appUrl, person.id);
      return { token: new URL(link).searchParams.get('token'), newPassword: 'correct-horse-2' };
    },
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/login/second-step',
    body: async () => {
      const person = await createPerson(t, 'patient');
      const { secret } = await enrolTotp(t, person.token);
      return {
        challengeToken: await challengeFor(t, person.email),
        code: codeAt(secret, Date.now() + STEP_MS),
      };
    },
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/auth/me', expect: signedIn(200) },
  { method: 'POST', route: '/api/auth/logout', as: 'session', expect: signedIn(200) },
  { method: 'POST', route: '/api/auth/logout-all', as: 'person', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/auth/change-password',
    as: 'person',
    body: () => ({ currentPassword: 'correct-horse-1', newPassword: 'correct-horse-2' }),
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/auth/sessions', expect: signedIn(200) },
  {
    method: 'DELETE',
    route: '/api/auth/sessions/:id',
    expect: {
      ...Object.fromEntries(
        (['patient', 'practitioner', 'staff', 'admin', 'member'] as const).map((role) => [
          role,
          { own: 200, other: 404, missing: 404 },
        ]),
      ),
      visitor: 401,
    } as Expected,
  },
  { method: 'POST', route: '/api/auth/activity', expect: signedIn(200) },
  { method: 'GET', route: '/api/auth/session-policy', expect: signedIn(200) },
];

/** The clinic's idle sign-out setting: read and written by admins alone. */
const ADMIN_MATRIX: Row[] = [
  { method: 'GET', route: '/api/admin/idle-sign-out', expect: adminsOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/idle-sign-out',
    body: () => ({ staffIdleMinutes: 30, patientIdleMinutes: null }),
    expect: adminsOnly(200),
  },
];

async function sessionIdOf(token: string) {
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row?.id ?? MISSING_ID;
}

/** The session a DELETE names: a second session of the caller's own account, someone else's, or none. */
async function sessionTarget(caller: Caller, target: string | null) {
  if (target === 'missing' || caller === 'visitor')
    return { id: MISSING_ID, headers: await bearerOf(caller, {} as Row) };
  const person = await createPerson(t, caller as Role);
  if (target === 'other') return { id: await sessionIdOf(someone.token), headers: bearer(person.token) };
  const second = await t.login(person.email, 'correct-horse-1');
  return { id: await sessionIdOf(second.token), headers: bearer(person.token) };
}

async function bearerOf(caller: Caller, row: Row) {
  if (caller === 'visitor') return {};
  const role = caller as Role;
  if (row.as === 'session') return bearer((await t.login(demoAccount(role).email, DEMO_PASSWORD)).token);
  if (row.as === 'person') return bearer((await createPerson(t, role)).token);
  return bearer(await t.tokenOf(role));
}

const cases = matrixCases(MATRIX);

describe('auth routes access matrix', () => {
  it('covers every auth route the app serves', () => {
    // Passkeys have a matrix of their own (passkeys/access-matrix.test.ts).
    const served = servedRoutes(t.routes, '/api/auth').filter(
      (route) => !route.includes('/api/auth/passkey'),
    );
    expect(served).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, target, status, c) => {
    const body = await c.row.body?.();
    const named = c.row.route.includes(':id') ? await sessionTarget(caller, target) : null;
    const response = await t.app.inject({
      method: c.row.method,
      url: named ? c.row.route.replace(':id', named.id) : c.row.route,
      headers: named ? named.headers : await bearerOf(caller, c.row),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });

  it.each(matrixTable(matrixCases(ADMIN_MATRIX)))(
    '%s as %s on %s answers %i',
    async (_route, caller, _target, status, c) => {
      const body = await c.row.body?.();
      const response = await t.app.inject({
        method: c.row.method,
        url: c.row.route,
        headers: await bearerOf(caller, c.row),
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(response.statusCode, response.body).toBe(status);
    },
  );

  it('covers the idle sign-out setting the app serves', () => {
    expect(servedRoutes(t.routes, '/api/admin/idle-sign-out')).toEqual(matrixRoutes(ADMIN_MATRIX));
  });

  it('leaves the demo accounts signed in after every case above', async () => {
    for (const role of ['patient', 'practitioner', 'staff', 'admin', 'member'] as const)
      expect((await t.injectAs(role, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});
