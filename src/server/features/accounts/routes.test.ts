import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const putProfile = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload });

describe('PUT /api/profile', () => {
  it('updates name, email and phone, records it, and tells the old address', async () => {
    const person = await t.register();
    const response = await putProfile(person.token, {
      firstName: 'Robyn',
      email: 'Robyn.New@Example.test',
      phone: '+44 20 7946 0000',
      currentPassword: person.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { firstName: 'Robyn', lastName: 'Hale', email: 'robyn.new@example.test' },
      profile: { phone: '+44 20 7946 0000' },
    });
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, person.user.id));
    const updated = entries.find((entry) => entry.action === 'account.profile-updated');
    expect(updated?.details).toEqual({ fields: 'firstName,email,phone' });
    const [told] = await t.ctx.mailer.listTo(person.user.email);
    expect(told?.subject).toBe('The email address of your clinic portal account was changed');
    expect(told?.body).toContain('robyn.new@example.test');
    expect(await t.ctx.mailer.listTo('robyn.new@example.test')).toEqual([]);
  });

  it('asks for the current password to change the email, with a 400 on the field, never a 401', async () => {
    const person = await t.register();
    const change = (extra: object) =>
      putProfile(person.token, { email: 'taken-over@example.test', ...extra });
    const missing = await change({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      currentPassword: 'Enter your current password to change your email',
    });
    const wrong = await change({ currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(me.json().user.email).toBe(person.user.email);
    expect(await t.ctx.mailer.listTo(person.user.email)).toEqual([]);
  });

  it('keeps the email it is sent when it is the same, without asking for the password', async () => {
    const person = await t.register();
    const response = await putProfile(person.token, {
      firstName: 'Robin',
      email: person.user.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(person.user.email);
    expect(await t.ctx.mailer.listTo(person.user.email)).toEqual([]);
  });

  it("refuses another account's email with 400", async () => {
    const person = await t.register();
    const response = await putProfile(person.token, {
      email: 'admin@demo.clinic',
      currentPassword: person.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('already exists');
  });

  it('refuses a current password alone: there is nothing to change', async () => {
    const person = await t.register();
    const response = await putProfile(person.token, { currentPassword: person.password });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a role change: role is not a profile field', async () => {
    const person = await t.register();
    const response = await putProfile(person.token, { role: 'admin' });
    expect(response.statusCode).toBe(400);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(me.json().user.role).toBe('patient');
  });
});

describe('profile photo', () => {
  it('stores a PNG, serves it at profileImage, and removes it', async () => {
    const person = await t.register();
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/photo',
      headers: bearer(person.token),
      payload: { dataUrl: `data:image/png;base64,${PNG}` },
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().user.profileImage;
    expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}$/);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/photo',
      headers: bearer(person.token),
    });
    expect(removed.json().user.profileImage).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a file that is not what its type says', async () => {
    const person = await t.register();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/photo',
      headers: bearer(person.token),
      payload: {
        dataUrl: `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`,
      },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses other types and oversized photos', async () => {
    const person = await t.register();
    const svg = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/photo',
      headers: bearer(person.token),
      payload: { dataUrl: 'data:image/svg+xml;base64,PHN2Zz4=' },
    });
    expect(svg.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/photo',
      headers: bearer(person.token),
      payload: { dataUrl: `data:image/png;base64,${'A'.repeat(800_000)}` },
    });
    expect(huge.statusCode).toBe(400);
  });
});

describe('profile names and time zone', () => {
  const meOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();

  it('refuses a name holding a line break or a control character with 400 on the field', async () => {
    const person = await t.register();
    for (const firstName of [
      'Ann\r\nATTENDEE:mailto:x@example.test',
      'Ann\u0007',
      'Ann\u0085Lee',
      'Ann\u202eeeL',
    ]) {
      const response = await putProfile(person.token, { firstName });
      expect(response.statusCode, JSON.stringify(firstName)).toBe(400);
      expect(response.json().fields.firstName).toBe(
        'First name must be one line, without control characters',
      );
    }
    expect((await meOf(person.token)).user.firstName).toBe('Robin');
  });

  it('takes an IANA time zone and refuses anything else with 400 on the field', async () => {
    const person = await t.register();
    expect((await putProfile(person.token, { timeZone: 'America/New_York' })).statusCode).toBe(200);
    for (const timeZone of ['Mars/Olympus', 'not a zone', '<script>', 'EST']) {
      const response = await putProfile(person.token, { timeZone });
      expect(response.statusCode, timeZone).toBe(400);
      expect(response.json().fields.timeZone).toBe(
        'Time zone must be an IANA time zone such as Europe/London',
      );
    }
    expect((await meOf(person.token)).profile.timeZone).toBe('America/New_York');
    expect((await putProfile(person.token, { timeZone: 'UTC' })).statusCode).toBe(200);
    expect((await putProfile(person.token, { timeZone: null })).json().profile.timeZone).toBeNull();
  });
});
