import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../../shared/auth';
import { PASSKEY_NOT_VERIFIED, PASSKEYS_NEED_A_NAME, type Passkey } from '../../../../shared/passkeys';
import { emailOutbox, notifications, passkeyChallenges, passkeys, users } from '../../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import {
  type SoftwareAuthenticator,
  softwareAuthenticator,
  strangerKey,
} from '../../../test/software-authenticator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newAuthenticator = () => softwareAuthenticator({ origin: new URL(t.ctx.config.appUrl).origin });

async function addPasskey(person: TestPerson, authenticator: SoftwareAuthenticator) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/auth/passkeys/registration-options',
    headers: bearer(person.token),
  });
  expect(started.statusCode, started.body).toBe(200);
  const { challengeId, options } = started.json();
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/passkeys',
    headers: bearer(person.token),
    payload: { challengeId, response: authenticator.register(options) },
  });
}

async function signInOptions() {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    challengeId: string;
    options: { challenge: string; allowCredentials?: unknown[] };
  }>();
}

const signIn = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload });

async function personWithPasskey() {
  const person = await createPerson(t, 'patient');
  const authenticator = newAuthenticator();
  const added = await addPasskey(person, authenticator);
  expect(added.statusCode, added.body).toBe(201);
  return { person, authenticator, passkey: added.json<Passkey>() };
}

describe('passkeys', () => {
  it('a person adds a passkey and then signs in with it, without the password', async () => {
    const { person, authenticator, passkey } = await personWithPasskey();
    expect(passkey).toMatchObject({ name: 'Passkey 1', lastUsedAt: null });

    const alert = await t.database.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(alert.map((row) => row.title)).toContain('Passkey added');
    const mail = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, person.email));
    expect(mail.map((row) => row.subject)).toContain('Clinic Portal: Passkey added');

    const { challengeId, options } = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await signIn({ challengeId, response: authenticator.authenticate(options) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AuthResponse>();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user.id).toBe(person.id);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
    expect(me.json().user.email).toBe(person.email);
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it('lists only the caller own passkeys, in the order they were added', async () => {
    const { person } = await personWithPasskey();
    await addPasskey(person, newAuthenticator());
    await personWithPasskey();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/passkeys',
      headers: bearer(person.token),
    });
    expect(list.json<Passkey[]>().map((p) => p.name)).toEqual(['Passkey 1', 'Passkey 2']);
    expect(Object.keys(list.json()[0]).sort()).toEqual(['backedUp', 'createdAt', 'id', 'lastUsedAt', 'name']);
  });

  it('uses a sign-in challenge once: the same answer sent again is refused', async () => {
    const { authenticator } = await personWithPasskey();
    const { challengeId, options } = await signInOptions();
    const answer = authenticator.authenticate(options);
    expect((await signIn({ challengeId, response: answer })).statusCode).toBe(200);
    const replay = await signIn({ challengeId, response: answer });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(PASSKEY_NOT_VERIFIED);
  });

  it('refuses a challenge older than five minutes', async () => {
    const { authenticator } = await personWithPasskey();
    const { challengeId, options } = await signInOptions();
    await t.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.id, challengeId));
    const response = await signIn({ challengeId, response: authenticator.authenticate(options) });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(PASSKEY_NOT_VERIFIED);
  });

  it('refuses a signature made with another key, and a passkey the clinic does not know', async () => {
    const { authenticator } = await personWithPasskey();
    const first = await signInOptions();
    const forged = await signIn({
      challengeId: first.challengeId,
      response: authenticator.authenticate(first.options, { signWith: strangerKey() }),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(PASSKEY_NOT_VERIFIED);

    const second = await signInOptions();
    const unknown = await signIn({
      challengeId: second.challengeId,
      response: newAuthenticator().authenticate(second.options),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(PASSKEY_NOT_VERIFIED);
  });

  it('refuses a registration challenge used to sign in, and one person challenge used by another', async () => {
    const { person } = await personWithPasskey();
    const other = await createPerson(t, 'patient');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/registration-options',
      headers: bearer(person.token),
    });
    const { challengeId, options } = started.json();
    const authenticator = newAuthenticator();
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys',
      headers: bearer(other.token),
      payload: { challengeId, response: authenticator.register(options) },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(PASSKEY_NOT_VERIFIED);
    const asSignIn = await signIn({ challengeId, response: authenticator.authenticate(options) });
    expect(asSignIn.statusCode).toBe(401);
  });

  it('refuses adding the same passkey twice', async () => {
    const { person, authenticator } = await personWithPasskey();
    const again = await addPasskey(person, authenticator);
    expect(again.statusCode).toBe(409);
  });

  it('tells a deactivated account so, after the passkey checks out', async () => {
    const { person, authenticator } = await personWithPasskey();
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));
    const { challengeId, options } = await signInOptions();
    const response = await signIn({ challengeId, response: authenticator.authenticate(options) });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Account is deactivated');
  });

  it('renames only the caller own passkey, to one line of at most 60 characters', async () => {
    const { person, passkey } = await personWithPasskey();
    const { person: other } = await personWithPasskey();
    const rename = (token: string, name: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/auth/passkeys/${passkey.id}`,
        headers: bearer(token),
        payload: { name },
      });
    const renamed = await rename(person.token, '  Work laptop  ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Work laptop');
    expect((await rename(other.token, 'Mine now')).statusCode).toBe(404);
    expect((await rename(person.token, 'x'.repeat(61))).statusCode).toBe(400);
    expect((await rename(person.token, 'two\nlines')).statusCode).toBe(400);
    expect((await rename(person.token, '   ')).json().fields).toHaveProperty('name');
  });

  it('removes a passkey only with the password, and it no longer signs in', async () => {
    const { person, authenticator, passkey } = await personWithPasskey();
    const { person: other } = await personWithPasskey();
    const remove = (token: string, currentPassword: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/auth/passkeys/${passkey.id}`,
        headers: bearer(token),
        payload: { currentPassword },
      });
    expect((await remove(other.token, 'correct-horse-1')).statusCode).toBe(404);
    const wrong = await remove(person.token, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('currentPassword');
    expect((await remove(person.token, 'correct-horse-1')).statusCode).toBe(200);
    expect((await remove(person.token, 'correct-horse-1')).statusCode).toBe(404);

    const { challengeId, options } = await signInOptions();
    expect((await signIn({ challengeId, response: authenticator.authenticate(options) })).statusCode).toBe(
      401,
    );
  });
});

describe('passkeys on a portal reached by an IP address', () => {
  let byAddress: TestApp;
  beforeAll(async () => {
    byAddress = await createTestApp({ appUrl: 'http://127.0.0.1:3000' });
  });
  afterAll(() => byAddress.close());

  it('answers 409 with a clear message instead of failing in the browser', async () => {
    const visitor = await byAddress.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
    expect(visitor.statusCode).toBe(409);
    expect(visitor.json().message).toBe(PASSKEYS_NEED_A_NAME);
    const signedIn = await byAddress.injectAs('patient', {
      method: 'POST',
      url: '/api/auth/passkeys/registration-options',
    });
    expect(signedIn.statusCode).toBe(409);
    expect(signedIn.json().message).toBe(PASSKEYS_NEED_A_NAME);
  });
});
