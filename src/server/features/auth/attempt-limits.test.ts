import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';

// Three tries per address at each account every 15 minutes, thirty a day from all addresses together
// (decision 0021). Injected requests come from 127.0.0.1 unless they name another address, so every account
// registered here has signed in from 127.0.0.1: its owner's address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authAccountFailuresPer15Minutes: 3 });
});
afterAll(() => t.close());

const OWNER = '127.0.0.1';

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

async function statusesOf(times: number, call: () => Promise<{ statusCode: number }>) {
  const statuses = [];
  for (let i = 0; i < times; i++) statuses.push((await call()).statusCode);
  return statuses;
}

describe('sign-in attempt limits', () => {
  it('lock out the address that failed, even for the right password, but not the owner at theirs', async () => {
    const person = await t.register();
    const email = person.user.email;
    const stranger = await statusesOf(12, () => signIn(email, 'wrong-password', '10.7.0.66'));
    expect(stranger).toEqual([401, 401, 401, ...Array(9).fill(429)]);
    const locked = await signIn(email, person.password, '10.7.0.66');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    expect((await signIn(email, person.password, OWNER)).statusCode).toBe(200);
    // A new address of the owner's is served as well: the account as a whole is far from its day's limit.
    expect((await signIn(email, person.password, '10.7.0.2')).statusCode).toBe(200);
  });

  it('stop guessing spread over many addresses once the account’s day runs out, except at the owner’s addresses', async () => {
    const person = await t.register();
    const email = person.user.email;
    for (let i = 1; i <= 10; i++) {
      const statuses = await statusesOf(3, () => signIn(email, 'wrong-password', `10.6.0.${i}`));
      expect(statuses).toEqual([401, 401, 401]);
    }
    const elsewhere = await signIn(email, person.password, '10.6.1.1');
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(15 * 60);

    expect((await signIn(email, 'wrong-password', OWNER)).statusCode).toBe(401);
    expect((await signIn(email, person.password, OWNER)).statusCode).toBe(200);

    // A new password makes the guesses at the old one moot: the account's day starts again.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const [mail] = await t.ctx.mailer.listTo(email);
    const token = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token), newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, 'a-brand-new-password', '10.6.1.1')).statusCode).toBe(200);
  });

  it('count an unknown email per address as well', async () => {
    const email = 'nobody-here@example.test';
    expect(await statusesOf(4, () => signIn(email, 'wrong-password', '10.4.0.1'))).toEqual([
      404, 404, 404, 429,
    ]);
    expect((await signIn(email, 'wrong-password', '10.4.0.2')).statusCode).toBe(404);
  });
});

type Registered = Awaited<ReturnType<TestApp['register']>>;

/** The calls that ask for the current password again. */
const ASKING_AGAIN = [
  {
    name: 'changing the password',
    call: (person: Registered, currentPassword: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(person.token),
        payload: { currentPassword, newPassword: 'another-password-7' },
        remoteAddress,
      }),
  },
  {
    name: 'changing the email',
    call: (person: Registered, currentPassword: string, remoteAddress: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(person.token),
        payload: { email: `moved-${person.user.id}@example.test`, currentPassword },
        remoteAddress,
      }),
  },
];

describe('current password attempt limits', () => {
  it.each(ASKING_AGAIN)(
    '$name counts a wrong current password with failed sign-ins, and answers 429 with Retry-After once they ran out',
    async ({ call }) => {
      const person = await t.register();
      const email = person.user.email;
      expect(await statusesOf(2, () => signIn(email, 'wrong-password', '10.5.0.1'))).toEqual([401, 401]);
      const wrong = await call(person, 'not-my-password', '10.5.0.1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });

      const refused = await call(person, person.password, '10.5.0.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn(email, person.password, '10.5.0.1')).statusCode).toBe(429);
      // The session stands (a 429 is not a 401), and the owner's own address is untouched.
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
      expect(me.json().user.email).toBe(email);
      expect((await call(person, person.password, OWNER)).statusCode).toBe(200);
    },
  );
});
