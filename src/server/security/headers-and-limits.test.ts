import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityDirectives, permissionAllowlists } from '../app';
import { loadConfig, testConfig } from '../config';
import type { TestApp } from '../test/app';
import { FOREIGN, PAGE, startApps } from './deployed-apps';

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

function directives(policy: string) {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

/** Stripe as configured by its two keys. */
const STRIPE = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).stripe;

describe('security headers', () => {
  it('send a script policy without inline script, no framing, no sniffing and no referrer on every kind of answer', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.injectAs('admin', { method: 'GET', url: '/api/auth/me' }),
      t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 1 } }),
      t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      t.app.inject({ method: 'GET', url: '/' }),
      t.app.inject({ method: 'GET', url: '/patients/some/page' }),
    ]);
    for (const response of answers) {
      const context = `${response.raw.req.method} ${response.raw.req.url} → ${response.statusCode}`;
      const policy = directives(String(response.headers['content-security-policy']));
      expect(policy.get('script-src'), context).toEqual(["'self'"]);
      expect(policy.get('script-src-attr'), context).toEqual(["'none'"]);
      expect(policy.get('object-src'), context).toEqual(["'none'"]);
      expect(policy.get('base-uri'), context).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), context).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], context).toBe('DENY');
      expect(response.headers['x-content-type-options'], context).toBe('nosniff');
      expect(response.headers['referrer-policy'], context).toBe('no-referrer');
      expect(response.headers['set-cookie'], context).toBeUndefined();
    }
  });

  it('lets the page open sockets to the clinic only, not to any host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const sockets = directives(String(response.headers['content-security-policy'])).get('connect-src');
    expect(sockets).toEqual(["'self'", 'ws://localhost:3000']);
    for (const [appUrl, socket] of [
      ['https://clinic.example', 'wss://clinic.example'],
      ['http://10.0.0.5:8080/', 'ws://10.0.0.5:8080'],
    ]) {
      expect(contentSecurityDirectives({ appUrl, stripe: undefined })['connect-src']).toEqual([
        "'self'",
        socket,
      ]);
      // Stripe.js talks to Stripe's API from the page; nothing else is added.
      expect(contentSecurityDirectives({ appUrl, stripe: STRIPE })['connect-src']).toEqual([
        "'self'",
        socket,
        'https://api.stripe.com',
      ]);
    }
  });

  it('denies the page the browser features the clinic does not use, and keeps the camera and microphone its own', async () => {
    for (const url of ['/', '/patients/some/page']) {
      const page = await proxied.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.body, url).toBe(PAGE);
      const features = new Map(
        String(page.headers['permissions-policy'])
          .split(', ')
          .map((entry) => entry.split('=') as [string, string]),
      );
      for (const denied of ['geolocation', 'usb', 'serial', 'hid', 'midi', 'payment', 'accelerometer'])
        expect(features.get(denied), `${url} ${denied}`).toBe('()');
      for (const own of ['camera', 'microphone', 'display-capture', 'fullscreen', 'autoplay'])
        expect(features.get(own), `${url} ${own}`).toBe('(self)');
    }
    // Under Stripe, its card frame may offer the browser's wallet.
    expect(permissionAllowlists({ stripe: STRIPE }).payment).toEqual(['self', 'https://js.stripe.com']);
  });

  it('keeps every API answer out of browser and proxy caches, signed in or not, found or not', async () => {
    const answers = await Promise.all([
      t.injectAs('admin', { method: 'GET', url: '/api/auth/me' }),
      t.injectAs('patient', { method: 'GET', url: '/api/notifications' }),
      t.injectAs('practitioner', { method: 'GET', url: '/api/patients' }),
      t.injectAs('admin', { method: 'GET', url: '/api/no-such-call' }),
      // The router decodes the path, so a spelling that does not start with /api/ still reaches the API.
      t.injectAs('admin', { method: 'GET', url: '/%61pi/auth/me' }),
      t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 1 } }),
    ]);
    expect(answers.slice(0, 3).map((response) => response.statusCode)).toEqual([200, 200, 200]);
    for (const response of answers) {
      const context = `${response.raw.req.method} ${response.raw.req.url} → ${response.statusCode}`;
      expect(response.headers['cache-control'], context).toBe('no-store');
    }
  });

  it('keeps the two-step secrets and recovery codes out of caches, with the same headers', async () => {
    const person = await t.register();
    const headers = { authorization: `Bearer ${person.token}` };
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/two-step/setup', headers }),
      await t.app.inject({
        method: 'POST',
        url: '/api/two-step/setup/confirm',
        headers,
        payload: { code: '1' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/two-step', headers }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/second-step',
        payload: { challengeToken: 'none', code: '123456' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/two-step/enrol/start',
        payload: { challengeToken: 'x' },
      }),
      await t.injectAs('admin', { method: 'GET', url: '/api/admin/sign-in-policy' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 400, 200, 400, 400, 200]);
    for (const response of answers) {
      const context = `${response.raw.req.method} ${response.raw.req.url} → ${response.statusCode}`;
      expect(response.headers['cache-control'], context).toBe('no-store');
      expect(response.headers['x-content-type-options'], context).toBe('nosniff');
      expect(response.headers['referrer-policy'], context).toBe('no-referrer');
      expect(response.headers['set-cookie'], context).toBeUndefined();
    }
  });

  it('keeps inline and evaluated script out of the policy under Stripe too', () => {
    for (const stripe of [undefined, STRIPE]) {
      const policy = contentSecurityDirectives({ stripe, appUrl: testConfig().appUrl });
      const scripts = policy['script-src'] ?? ["'self'"];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts.every((source) => source === "'self'" || source.startsWith('https://'))).toBe(true);
    }
  });

  it('sends HSTS behind a trusted TLS proxy, and not on plain HTTP or to a client that only claims TLS', async () => {
    const overTls = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const hsts = String(overTls.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');

    const plain = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is the client's word, not the connection's.
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('credentials and cross-origin calls', () => {
  it('signs in without cookies: the token travels in the body and the Authorization header only', async () => {
    const person = await t.register();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.user.email, password: person.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    expect(typeof login.json().token).toBe('string');
    // A cookie is never taken for a session, so a forged cross-site request carries no credentials.
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `token=${login.json().token}; session=${login.json().token}` },
    });
    expect(byCookie.statusCode).toBe(401);
  });

  it('grants no foreign origin a read and refuses its preflight', async () => {
    const read = await t.injectAs('admin', {
      method: 'GET',
      url: '/api/auth/me',
      headers: { origin: FOREIGN },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    for (const url of ['/api/auth/login', '/api/patients', `/api/messages`]) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: FOREIGN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.statusCode, url).toBeGreaterThanOrEqual(400);
      for (const header of Object.keys(preflight.headers))
        expect(header.startsWith('access-control-'), `${url} ${header}`).toBe(false);
    }
  });
});
