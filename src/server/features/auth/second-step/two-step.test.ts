import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECOVERY_CODE_PATTERN, TWO_STEP_MESSAGES } from '../../../../shared/two-step';
import { activityLog, recoveryCodes, signInChallenges, totpCredentials } from '../../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../../test/app';
import { createPerson } from '../../../test/people';
import { CHALLENGE_TTL_MS } from './service';
import { challengeFor, codeAt, enrolTotp, STEP_MS, secondStep } from './testing';

const PASSWORD = 'correct-horse-1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock to the middle of a step, `steps` steps from now, so a code never straddles a boundary. */
function clockAt(steps: number, from = Date.now()) {
  const middle = Math.floor(from / STEP_MS) * STEP_MS + STEP_MS / 2 + steps * STEP_MS;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(middle);
  return middle;
}

const login = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('setting up an authenticator app', () => {
  it('starts with a secret and a QR code, refuses a wrong code on its field, and turns on with the right one', async () => {
    const person = await createPerson(t, 'patient');
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/two-step/setup',
      headers: bearer(person.token),
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Clinic%20Portal:.*secret=/);
    expect(otpauthUri).toContain('algorithm=SHA1&digits=6&period=30');
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const status = () => t.app.inject({ method: 'GET', url: '/api/two-step', headers: bearer(person.token) });
    expect((await status()).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    // The secret is stored sealed: neither the row nor any column holds it.
    const [row] = await t.database.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, person.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row?.enabledAt).toBeNull();

    const wrongCode = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/two-step/setup/confirm',
      headers: bearer(person.token),
      payload: { code: wrongCode },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: TWO_STEP_MESSAGES.wrongCode });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/two-step/setup/confirm',
      headers: bearer(person.token),
      payload: { code: '12ab' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.code).toBe(TWO_STEP_MESSAGES.codeFormat);

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/two-step/setup/confirm',
      headers: bearer(person.token),
      payload: { code: codeAt(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect((await status()).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // Recovery codes are kept as hashes only.
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, person.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);
    // A second set-up is refused while the app is on.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/two-step/setup',
      headers: bearer(person.token),
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('signing in with a second step', () => {
  it('answers the password with a challenge, and the code with the session', async () => {
    const person = await createPerson(t, 'practitioner');
    const { secret } = await enrolTotp(t, person.token);
    const start = clockAt(2);

    const password = await login(person.email);
    expect(password.statusCode).toBe(200);
    const body = password.json();
    expect(body.token).toBeUndefined();
    expect(body.user).toBeUndefined();
    expect(body.secondStep.methods).toEqual(['totp', 'recovery']);
    expect(body.secondStep.enrol).toBeUndefined();

    const done = await secondStep(t, {
      challengeToken: body.secondStep.challengeToken,
      code: codeAt(secret, start),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe(person.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(done.json().token) });
    expect(me.statusCode).toBe(200);

    // The same code again, on a fresh challenge, is refused: each code works once.
    const replay = await secondStep(t, {
      challengeToken: await challengeFor(t, person.email),
      code: codeAt(secret, start),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fields).toEqual({ code: TWO_STEP_MESSAGES.wrongCode });
    // The used challenge is gone for good.
    const reused = await secondStep(t, {
      challengeToken: body.secondStep.challengeToken,
      code: codeAt(secret, start + STEP_MS),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(TWO_STEP_MESSAGES.challengeEnded);

    // Each step wrote its activity row, and no row holds a code.
    const rows = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, person.id));
    const actions = rows.map((row) => `${row.action}:${row.outcome}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'auth.two-step-enabled:success',
        'auth.login-password:success',
        'auth.login:success',
        'auth.second-step:failure',
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain(codeAt(secret, start));
  });

  it('accepts a code one step either side of now and refuses two steps away', async () => {
    const person = await createPerson(t, 'staff');
    const { secret } = await enrolTotp(t, person.token);
    const tryCode = async (at: number) =>
      (await secondStep(t, { challengeToken: await challengeFor(t, person.email), code: codeAt(secret, at) }))
        .statusCode;

    const now = clockAt(10);
    expect(await tryCode(now + 2 * STEP_MS)).toBe(400);
    expect(await tryCode(now - 2 * STEP_MS)).toBe(400);
    expect(await tryCode(now - STEP_MS)).toBe(200);
    const later = clockAt(10);
    expect(await tryCode(later + STEP_MS)).toBe(200);
  });

  it('takes a recovery code once, and of two requests with one code exactly one wins', async () => {
    const person = await createPerson(t, 'patient');
    const { recoveryCodes: codes } = await enrolTotp(t, person.token);
    // Typed in capitals and without the dash, it is the same code.
    const first = await secondStep(t, {
      challengeToken: await challengeFor(t, person.email),
      code: codes[0].toUpperCase().replace('-', ''),
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await secondStep(t, {
      challengeToken: await challengeFor(t, person.email),
      code: codes[0],
    });
    expect(again.statusCode).toBe(400);

    const [a, b] = [await challengeFor(t, person.email), await challengeFor(t, person.email)];
    const both = await Promise.all([
      secondStep(t, { challengeToken: a, code: codes[1] }),
      secondStep(t, { challengeToken: b, code: codes[1] }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const status = await t.app.inject({ method: 'GET', url: '/api/two-step', headers: bearer(person.token) });
    expect(status.json().recoveryCodesLeft).toBe(8);
  });

  it('spends a challenge after five wrong codes, and refuses an expired one', async () => {
    const person = await createPerson(t, 'patient');
    const { secret } = await enrolTotp(t, person.token);
    const now = clockAt(2);
    const challenge = await challengeFor(t, person.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await secondStep(t, { challengeToken: challenge, code: '000000' });
      expect(wrong.json().fields, wrong.body).toEqual({ code: TWO_STEP_MESSAGES.wrongCode });
    }
    const spent = await secondStep(t, { challengeToken: challenge, code: codeAt(secret, now) });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().message).toBe(TWO_STEP_MESSAGES.challengeEnded);

    const late = await challengeFor(t, person.email);
    vi.setSystemTime(now + CHALLENGE_TTL_MS + 1000);
    const expired = await secondStep(t, { challengeToken: late, code: codeAt(secret, Date.now()) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(TWO_STEP_MESSAGES.challengeEnded);
    // An unknown token is refused the same way.
    expect(
      (await secondStep(t, { challengeToken: 'no-such-challenge', code: '123456' })).json().message,
    ).toBe(TWO_STEP_MESSAGES.challengeEnded);
  });

  it('gives a deactivated account no token, even with its challenge', async () => {
    const person = await createPerson(t, 'patient');
    const { secret } = await enrolTotp(t, person.token);
    const now = clockAt(2);
    const challenge = await challengeFor(t, person.email);
    const deactivate = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/users/${person.id}/deactivate`,
    });
    expect(deactivate.statusCode).toBe(200);
    const refused = await secondStep(t, { challengeToken: challenge, code: codeAt(secret, now) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().token).toBeUndefined();
  });

  it('leaves the login answer as it was for an account without a second step', async () => {
    const person = await createPerson(t, 'patient');
    const response = await login(person.email);
    expect(Object.keys(response.json()).sort()).toEqual(['token', 'user']);
  });

  it('still asks for the second step after a password reset', async () => {
    const person = await createPerson(t, 'patient');
    await enrolTotp(t, person.token);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email },
    });
    const [mail] = await t.ctx.mailer.listTo(person.email);
    const token = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token), newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().token).toBeUndefined();
    const after = await login(person.email, 'a-brand-new-password');
    expect(after.statusCode).toBe(200);
    expect(after.json().token).toBeUndefined();
    expect(after.json().secondStep.methods).toEqual(['totp', 'recovery']);
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs the password and a code, and raises a security alert', async () => {
    const person = await createPerson(t, 'member');
    const { secret, recoveryCodes: codes } = await enrolTotp(t, person.token);
    const now = clockAt(2);
    const disable = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/two-step/disable', headers: bearer(person.token), payload });

    const noCode = await disable({ password: PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields.code).toBeDefined();
    const wrongPassword = await disable({ password: 'not-my-password', code: codeAt(secret, now) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toEqual({ password: 'Password is incorrect' });
    const wrongCode = await disable({ password: PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fields).toEqual({ code: TWO_STEP_MESSAGES.wrongCode });

    // New recovery codes need a current code, and replace the old ones.
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/two-step/recovery-codes',
      headers: bearer(person.token),
      payload: { code: codeAt(secret, now) },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes: string[] = fresh.json().recoveryCodes;
    expect(newCodes).toHaveLength(10);
    expect((await disable({ password: PASSWORD, code: codes[0] })).statusCode).toBe(400);

    const off = await disable({ password: PASSWORD, code: newCodes[0] });
    expect(off.statusCode, off.body).toBe(200);
    const [alert] = await t.ctx.mailer.listTo(person.email);
    expect(alert?.subject).toBe('Clinic Portal: Two-step sign-in turned off');
    expect(Object.keys((await login(person.email)).json()).sort()).toEqual(['token', 'user']);
    const rows = await t.database.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, person.id));
    expect(rows).toEqual([]);
  });
});

describe('sign-in attempts at the second step', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ authAccountFailuresPer15Minutes: 3 });
  });
  afterAll(() => limited.close());

  it('are limited per account and address like the password', async () => {
    const person = await createPerson(limited, 'patient');
    const { secret } = await enrolTotp(limited, person.token);
    const address = '10.9.0.7';
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const challenge = await challengeFor(limited, person.email, { address });
      statuses.push(
        (await secondStep(limited, { challengeToken: challenge, code: '000000' }, address)).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Even the right code waits at that address; the owner's own address is served.
    const now = clockAt(2);
    const locked = await secondStep(
      limited,
      { challengeToken: await challengeFor(limited, person.email, { address }), code: codeAt(secret, now) },
      address,
    );
    expect(locked.statusCode).toBe(429);
    const owner = await secondStep(limited, {
      challengeToken: await challengeFor(limited, person.email),
      code: codeAt(secret, now),
    });
    expect(owner.statusCode).toBe(200);
  });
});

describe('the clinic’s second-step policy', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp();
  });
  afterAll(() => p.close());

  const policy = () => p.injectAs('admin', { method: 'GET', url: '/api/admin/sign-in-policy' });
  const setPolicy = (role: 'admin' | 'staff', payload: object) =>
    p.injectAs(role, { method: 'PUT', url: '/api/admin/sign-in-policy', payload });

  it('requires nothing at first, and only admins change it', async () => {
    expect((await policy()).json()).toEqual({
      requireForAdmins: false,
      requireForPractitioners: false,
      requireForStaff: false,
    });
    const body = { requireForAdmins: false, requireForPractitioners: true, requireForStaff: false };
    expect((await setPolicy('staff', body)).statusCode).toBe(403);
    expect(
      (await p.injectAs('practitioner', { method: 'GET', url: '/api/admin/sign-in-policy' })).statusCode,
    ).toBe(403);
    expect((await setPolicy('admin', { requireForAdmins: 'yes' })).statusCode).toBe(400);
    expect((await policy()).json().requireForPractitioners).toBe(false);
  });

  it('turns on for admins when the first admin sets up an app, and leads one without it through enrolment', async () => {
    const other = await createPerson(p, 'admin');
    const first = await createPerson(p, 'admin');
    await enrolTotp(p, first.token);
    expect((await policy()).json().requireForAdmins).toBe(true);

    // The other admin has no second step yet: the password leads to enrolment, and nothing else.
    const password = await p.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: other.email, password: PASSWORD },
    });
    expect(password.json()).toEqual({
      secondStep: { challengeToken: expect.any(String), methods: [], enrol: true },
    });
    const challengeToken = password.json().secondStep.challengeToken;
    // An enrolment challenge is no second step.
    expect((await secondStep(p, { challengeToken: challengeToken, code: '123456' })).statusCode).toBe(400);

    const start = await p.app.inject({
      method: 'POST',
      url: '/api/two-step/enrol/start',
      payload: { challengeToken },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { secret } = start.json();
    const wrong = await p.app.inject({
      method: 'POST',
      url: '/api/two-step/enrol/confirm',
      payload: { challengeToken, code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: TWO_STEP_MESSAGES.wrongCode });
    const confirm = await p.app.inject({
      method: 'POST',
      url: '/api/two-step/enrol/confirm',
      payload: { challengeToken, code: codeAt(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const enrolled = confirm.json();
    expect(enrolled.user.email).toBe(other.email);
    expect(enrolled.recoveryCodes).toHaveLength(10);
    const me = await p.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(enrolled.token) });
    expect(me.statusCode).toBe(200);
    // The challenge is used up.
    const reuse = await p.app.inject({
      method: 'POST',
      url: '/api/two-step/enrol/start',
      payload: { challengeToken },
    });
    expect(reuse.statusCode).toBe(400);
    // From now on the password step asks for the code.
    const next = await p.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: other.email, password: PASSWORD },
    });
    expect(next.json().secondStep.methods).toEqual(['totp', 'recovery']);
  });

  it('keeps an admin’s own choice: a later enrolment does not turn it back on', async () => {
    const body = { requireForAdmins: false, requireForPractitioners: true, requireForStaff: false };
    const saved = await setPolicy('admin', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(body);
    const admin = await createPerson(p, 'admin');
    await enrolTotp(p, admin.token);
    expect((await policy()).json()).toEqual(body);

    // Practitioners are required now; a patient never is.
    const practitioner = await p.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'practitioner@demo.clinic', password: 'ClinicDemo!2026' },
    });
    expect(practitioner.json().secondStep.enrol).toBe(true);
    const patient = await p.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'patient@demo.clinic', password: 'ClinicDemo!2026' },
    });
    expect(typeof patient.json().token).toBe('string');
    const challenges = await p.database.db.select().from(signInChallenges);
    expect(JSON.stringify(challenges)).not.toContain(practitioner.json().secondStep.challengeToken);
  });
});
