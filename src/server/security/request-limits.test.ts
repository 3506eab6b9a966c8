import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import { testConfig } from '../config';
import { DEMO_PASSWORD } from '../db/demo-accounts';
import { bearer, demoAccount, type TestApp } from '../test/app';
import { FOREIGN, startApps } from './deployed-apps';

/**
 * What the server promises every browser and every attacker, each asserted: the security headers, no cookies,
 * no cross-origin reads, no stored answers, a bounded JSON body, brute-force limits on sign-in and password
 * reset, sockets only from the clinic's own pages, and the API's description only where it is wanted. Fixed bad input lives in platform/bad-input.test.ts, generated bad input in
 * bad-input.property.test.ts.
 */

let t: TestApp;
/** An instance as deployed (see startApps). */
let proxied: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, proxied, close } = await startApps());
});
afterAll(() => close());

describe('request size and type', () => {
  const post = (payload: string | Readable, length?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'content-type': 'application/json',
        ...(length ? { 'content-length': String(length) } : {}),
      },
      payload,
    });
  const bodyOf = (bytes: number) => `{"email":"${'x'.repeat(bytes - 12)}"}`;

  const TOO_LARGE = { code: 'BODY_TOO_LARGE', message: 'Request body is too large' };

  it('reads a body up to the limit and refuses one byte more with a 413', async () => {
    const atLimit = await post(bodyOf(BODY_LIMIT_BYTES));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().code).toBe('VALIDATION_FAILED');
    const over = await post(bodyOf(BODY_LIMIT_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual(TOO_LARGE);
  });

  it('stops reading a streamed body without a length once it passes the limit, with a 413', async () => {
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 'x'));
    const streamed = await post(Readable.from([Buffer.from('{"email":"'), ...chunks, Buffer.from('"}')]));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual(TOO_LARGE);
  });

  it('refuses a body longer than its declared length with a 400, and a declared length past the limit with a 413', async () => {
    const lying = await post('{"email":"a@b.test","password":"long-enough-1"}', 10);
    expect(lying.statusCode).toBe(400);
    expect(lying.json().code).toBe('MALFORMED_REQUEST');
    const declared = await post('{}', BODY_LIMIT_BYTES * 50);
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual(TOO_LARGE);
  });

  it('refuses a body in any type but JSON with a 415 that says what to send, after the sign-in check', async () => {
    for (const type of [
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/jsonx',
    ]) {
      const response = await t.injectAs('admin', {
        method: 'PUT',
        url: '/api/user-preferences',
        headers: { 'content-type': type },
        payload: '{"theme":"dark"}',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json(), type).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Unsupported content type; send application/json',
      });
    }
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/user-preferences',
      headers: { 'content-type': 'text/plain' },
      payload: '{"theme":"dark"}',
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('brute-force limits', () => {
  const call = (url: string, payload: object, remoteAddress: string) =>
    proxied.app.inject({ method: 'POST', url, payload, remoteAddress });

  it('locks an address out of an account after its failed sign-ins, even for the right password, and only that address', async () => {
    const email = demoAccount('practitioner').email;
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await call('/api/auth/login', { email, password: 'wrong-password' }, '10.1.0.1')).statusCode,
      );
    const locked = await call('/api/auth/login', { email, password: DEMO_PASSWORD }, '10.1.0.1');
    expect([...statuses, locked.statusCode]).toEqual([401, 401, 401, 429]);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The account's owner, elsewhere, is not locked out by it (decision 0021).
    const owner = await call('/api/auth/login', { email, password: DEMO_PASSWORD }, '10.1.0.4');
    expect(owner.statusCode).toBe(200);
  });

  it('limits reset requests per account and address', async () => {
    const email = demoAccount('patient').email;
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call('/api/auth/forgot-password', { email }, '10.2.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The owner, asking from elsewhere, still gets a link.
    expect((await call('/api/auth/forgot-password', { email }, '10.2.0.9')).statusCode).toBe(200);
  });

  it('limits reset requests and reset attempts per address', async () => {
    const requests = [];
    for (let i = 0; i < 6; i++)
      requests.push(
        (await call('/api/auth/forgot-password', { email: `nobody-${i}@example.test` }, '10.3.0.1'))
          .statusCode,
      );
    expect(requests.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(requests[5]).toBe(429);

    const guesses = [];
    for (let i = 0; i < 6; i++)
      guesses.push(
        (
          await call(
            '/api/auth/reset-password',
            { token: `guessed-token-${i}-${'x'.repeat(32)}`, newPassword: 'another-horse-2' },
            '10.3.0.2',
          )
        ).statusCode,
      );
    expect(guesses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(guesses[5]).toBe(429);
    const refused = await call(
      '/api/auth/reset-password',
      { token: 'x'.repeat(43), newPassword: 'another-horse-2' },
      '10.3.0.2',
    );
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the socket upgrade', () => {
  // The handshake arrives from the proxy's address (injectWS gives none of its own).
  const fromProxy = { remoteAddress: '10.0.0.2' } as Socket;
  const open = (app: TestApp, headers: Record<string, string>) =>
    app.app.injectWS('/ws?channel=account-status', { headers, socket: fromProxy });

  it('refuses a page of a foreign origin before the upgrade', async () => {
    await expect(open(t, { origin: FOREIGN, host: 'localhost:3000' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    await expect(open(t, { origin: 'null', host: 'localhost:3000' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    await expect(
      open(t, { origin: 'http://localhost:3000.evil.example', host: 'localhost:3000' }),
    ).rejects.toThrow('Unexpected server response: 403');
  });

  it('upgrades for the clinic’s own pages, behind a proxy, and for clients that are not browsers', async () => {
    const sockets = await Promise.all([
      open(t, { origin: 'http://localhost:3000', host: 'localhost:3000' }),
      // APP_URL names the clinic's public address even when the Host header names an internal one.
      open(t, { origin: testConfig().appUrl, host: 'portal-internal:8080' }),
      open(t, { origin: 'https://clinic.example', host: 'clinic.example' }),
      open(proxied, {
        origin: 'https://clinic.example',
        host: '10.0.0.5:3000',
        'x-forwarded-host': 'clinic.example',
      }),
      open(t, {}),
    ]);
    for (const socket of sockets) socket.terminate();
  });

  it('closes a socket that sends a frame over 64 KiB, and keeps serving', async () => {
    const socket = await t.app.injectWS(`/ws?channel=account-status&token=${await t.tokenOf('patient')}`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send('x'.repeat(64 * 1024 + 1));
    expect(await closed).toBe(1009);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the API description', () => {
  it('is not served where it is off, to a visitor or to anyone signed in', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      for (const response of [
        await proxied.app.inject({ method: 'GET', url }),
        await proxied.app.inject({ method: 'GET', url, headers: bearer(await proxied.tokenOf('admin')) }),
      ]) {
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ message: `No route for GET ${url}`, code: 'NOT_FOUND' });
      }
    }
  });

  it('is served where it is on', async () => {
    const description = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(description.statusCode).toBe(200);
    expect(Object.keys(description.json().paths)).toContain('/api/auth/login');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
