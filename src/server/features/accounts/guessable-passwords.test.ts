import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/demo-accounts';
import { users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { GUESSABLE_PASSWORD_ERRORS } from './guessable-passwords';

/** A password long enough but among the first an attacker tries is refused wherever one is chosen. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const newEmail = () => `guess-${Math.random().toString(36).slice(2)}@example.test`;
const accountsWith = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email))).length;

const REFUSED: Array<[string, string]> = [
  ['password', GUESSABLE_PASSWORD_ERRORS.common],
  ['12345678', GUESSABLE_PASSWORD_ERRORS.common],
  ['Password1', GUESSABLE_PASSWORD_ERRORS.common],
  ['iloveyou', GUESSABLE_PASSWORD_ERRORS.common],
  ['aaaaaaaa', GUESSABLE_PASSWORD_ERRORS.repeated],
  ['abcabcabc', GUESSABLE_PASSWORD_ERRORS.repeated],
  ['Robin.Hale', GUESSABLE_PASSWORD_ERRORS.personal],
];

describe('passwords that are easy to guess', () => {
  it('are refused at registration on the password field, and no account is made', async () => {
    for (const [password, message] of REFUSED) {
      const email = newEmail();
      const response = await post('/api/auth/register', {
        email,
        password,
        firstName: 'Robin',
        lastName: 'Hale',
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toMatchObject({ message, fields: { password: message } });
      expect(await accountsWith(email), password).toBe(0);
    }
  });

  it("are refused when they are the email's own name", async () => {
    const email = newEmail();
    const response = await post('/api/auth/register', {
      email,
      password: email.split('@')[0],
      firstName: 'Robin',
      lastName: 'Hale',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe(GUESSABLE_PASSWORD_ERRORS.personal);
  });

  it("are refused by onboarding's account step on its password field", async () => {
    const email = newEmail();
    const response = await post('/api/onboarding/account', {
      email,
      password: '12345678',
      firstName: 'Robin',
      lastName: 'Hale',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe(GUESSABLE_PASSWORD_ERRORS.common);
    expect(await accountsWith(email)).toBe(0);
  });

  it('are refused by a password change on newPassword, and the old password still signs in', async () => {
    const person = await t.register();
    for (const newPassword of ['password', 'aaaaaaaa', 'robinhale']) {
      const response = await post(
        '/api/auth/change-password',
        { currentPassword: person.password, newPassword },
        bearer(person.token),
      );
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json().fields.newPassword, newPassword).toMatch(/harder to guess/);
    }
    await expect(t.login(person.user.email, person.password)).resolves.toBeTruthy();
  });

  it('are refused by a password reset, and the same link then takes a better one', async () => {
    const person = await t.register();
    expect((await post('/api/auth/forgot-password', { email: person.user.email })).statusCode).toBe(200);
    const [mail] = await t.ctx.mailer.listTo(person.user.email);
    const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.body)?.[1] ?? '');

    const refused = await post('/api/auth/reset-password', { token, newPassword: 'qwertyuiop' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ newPassword: GUESSABLE_PASSWORD_ERRORS.common });
    await expect(t.login(person.user.email, person.password)).resolves.toBeTruthy();

    expect(
      (await post('/api/auth/reset-password', { token, newPassword: 'a-fine-password-1' })).statusCode,
    ).toBe(200);
    await expect(t.login(person.user.email, 'a-fine-password-1')).resolves.toBeTruthy();
  });

  it('leave the demo password and ordinary choices alone', async () => {
    for (const password of [
      DEMO_PASSWORD,
      'correct-horse-1',
      'Throwaway!2026',
      'a-long-password',
      'Zz9!Zz9?',
    ]) {
      const response = await post('/api/auth/register', {
        email: newEmail(),
        password,
        firstName: 'Robin',
        lastName: 'Hale',
      });
      expect(response.statusCode, password).toBe(201);
    }
  });
});
