import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/roles';
import {
  type Caller,
  type Expected,
  everyone,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  ownOnly,
  servedRoutes,
  type Target,
} from '../../../test/access-matrix';
import { bearer, createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { softwareAuthenticator } from '../../../test/software-authenticator';

/**
 * Who reaches passkeys: a person's own passkeys are theirs alone, whatever their role (another's or a missing
 * one answers 404, a visitor 401); signing in with a passkey is what a visitor does, and a signed-in caller
 * sending a valid answer is treated the same (the passkey, not the bearer, names the account). Each case
 * runs as a fresh account of the role, so adding and removing never touch the demo accounts.
 */

let t: TestApp;
let stranger: { person: TestPerson; passkeyId: string; credentialOf: () => ReturnType<typeof signer> };
beforeAll(async () => {
  t = await createTestApp();
  stranger = await personWithPasskey('patient');
});
afterAll(() => t.close());

const origin = () => new URL(t.ctx.config.appUrl).origin;
const signer = () => softwareAuthenticator({ origin: origin() });

async function personWithPasskey(role: Role) {
  const person = await createPerson(t, role);
  const authenticator = signer();
  const { challengeId, options } = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/registration-options',
      headers: bearer(person.token),
    })
  ).json();
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/auth/passkeys',
    headers: bearer(person.token),
    payload: { challengeId, response: authenticator.register(options) },
  });
  if (added.statusCode !== 201) throw new Error(`adding a passkey failed: ${added.body}`);
  return { person, passkeyId: added.json().id as string, credentialOf: () => authenticator };
}

type Call = { caller: Caller; target: Target | null };
type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  route: string;
  request: (call: Call) => Promise<InjectOptions>;
  expect: Expected;
};

const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 });
const ownRecords: Expected = {
  visitor: 401,
  patient: ownOnly(200),
  practitioner: ownOnly(200),
  staff: ownOnly(200),
  admin: ownOnly(200),
  member: ownOnly(200),
};

/** The caller's headers: a fresh account of the role (with a passkey of its own), or none for a visitor. */
async function callerOf({ caller }: Call) {
  if (caller === 'visitor') return { headers: {}, own: null };
  const own = await personWithPasskey(caller);
  return { headers: bearer(own.person.token), own };
}

async function recordRequest(
  call: Call,
  method: 'PATCH' | 'DELETE',
  payload: object,
): Promise<InjectOptions> {
  const { headers, own } = await callerOf(call);
  const id =
    call.target === 'own' ? own?.passkeyId : call.target === 'other' ? stranger.passkeyId : MISSING_ID;
  return { method, url: `/api/auth/passkeys/${id ?? stranger.passkeyId}`, headers, payload };
}

const MATRIX: Row[] = [
  {
    method: 'POST',
    route: '/api/auth/passkeys/registration-options',
    request: async (call) => ({
      method: 'POST',
      url: '/api/auth/passkeys/registration-options',
      headers: (await callerOf(call)).headers,
    }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/auth/passkeys',
    request: async (call) => {
      if (call.caller === 'visitor')
        return {
          method: 'POST',
          url: '/api/auth/passkeys',
          payload: { challengeId: MISSING_ID, response: {} },
        };
      const person = await createPerson(t, call.caller as Role);
      const { challengeId, options } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/passkeys/registration-options',
          headers: bearer(person.token),
        })
      ).json();
      return {
        method: 'POST',
        url: '/api/auth/passkeys',
        headers: bearer(person.token),
        payload: { challengeId, response: signer().register(options) },
      };
    },
    expect: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/auth/passkeys',
    request: async (call) => ({
      method: 'GET',
      url: '/api/auth/passkeys',
      headers: (await callerOf(call)).headers,
    }),
    expect: signedIn(200),
  },
  {
    method: 'PATCH',
    route: '/api/auth/passkeys/:id',
    request: (call) => recordRequest(call, 'PATCH', { name: 'Renamed' }),
    expect: ownRecords,
  },
  {
    method: 'DELETE',
    route: '/api/auth/passkeys/:id',
    request: (call) => recordRequest(call, 'DELETE', { currentPassword: 'correct-horse-1' }),
    expect: ownRecords,
  },
  {
    method: 'POST',
    route: '/api/auth/passkey/options',
    request: async (call) => ({
      method: 'POST',
      url: '/api/auth/passkey/options',
      headers: (await callerOf(call)).headers,
    }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/passkey/login',
    request: async (call) => {
      const { headers } = await callerOf(call);
      const { challengeId, options } = (
        await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })
      ).json();
      return {
        method: 'POST',
        url: '/api/auth/passkey/login',
        headers,
        payload: { challengeId, response: stranger.credentialOf().authenticate(options) },
      };
    },
    expect: everyone(200),
  },
];

const cases = matrixCases(MATRIX);

describe('passkey routes access matrix', () => {
  it('covers every passkey route the app serves', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/auth/passkeys'),
      ...servedRoutes(t.routes, '/api/auth/passkey/'),
    ];
    expect(served.sort()).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const response = await t.app.inject(await c.row.request({ caller, target: c.target }));
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
