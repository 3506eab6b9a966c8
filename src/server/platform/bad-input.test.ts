import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BODY_LIMIT_BYTES } from '../../shared/imports';
import { callerFor } from '../security/bad-input-cases';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenOf('admin');
});
afterAll(() => t.close());

const UUID = '00000000-0000-4000-8000-000000000000';
const apiRoutes = () =>
  t.routes
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .map((route) => ({ ...route, url: route.url.replace(/:[A-Za-z]+/g, UUID) }));

/** Calls that take no body accept nothing, null or {}; any other body is refused. */
const TAKES_NO_BODY = new Set([
  '/api/auth/logout',
  '/api/auth/logout-all',
  '/api/auth/activity',
  '/api/two-step/setup',
  '/api/auth/passkeys/registration-options',
  '/api/auth/passkey/options',
  '/api/notifications/mark-all-read',
  '/api/onboarding/complete',
]);

/**
 * The token of the first role whose guard lets the route read its body (recovery notes: practitioners; the
 * onboarding and cards on file: patients; events and quotes: members; the clinic's own calls: admins), found
 * once per route by sending broken JSON.
 */
const callers = new Map<string, string>();
async function bodyCaller(route: { method: string; url: string }) {
  const key = `${route.method} ${route.url}`;
  let found = callers.get(key);
  if (!found) {
    const role = await callerFor(t, route.method, route.url);
    found = role === 'visitor' ? token : await t.tokenOf(role);
    callers.set(key, found);
  }
  return found;
}

const BAD_BODIES: Array<[string, unknown]> = [
  ['wrong types', { email: 42, password: false, firstName: [], theme: 7, token: {}, dataUrl: 1 }],
  ['missing fields', {}],
  [
    'unknown fields',
    { email: 'a@b.test', password: 'long-enough-1', isAdmin: true, role: 'admin', extra: 'x' },
  ],
  ['an array', [1, 2, 3]],
  ['a string', 'hello'],
  ['null', null],
  ['deep nesting', JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`)],
];

describe('bad input on every route', () => {
  it('finds the routes to try', () => {
    const methods = new Set(apiRoutes().map((route) => route.method));
    expect(apiRoutes().length).toBeGreaterThan(10);
    expect([...methods]).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    const urls = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/messages',
        `PUT /api/messages/${UUID}/read`,
        `PUT /api/messages/conversations/${UUID}/read`,
        'PATCH /api/notifications/mark-all-read',
        `PATCH /api/notifications/${UUID}/archive`,
        'PUT /api/notification-preferences',
        'POST /api/patients',
        `PATCH /api/patients/${UUID}`,
        `POST /api/patients/${UUID}/deactivate`,
        `DELETE /api/patients/${UUID}/practitioners/${UUID}`,
        'POST /api/recovery-notes',
        `PATCH /api/recovery-notes/${UUID}`,
        `POST /api/recovery-notes/${UUID}/amendments`,
        `POST /api/recovery-notes/${UUID}/share`,
      ]),
    );
  });

  it('answers 4xx with a readable message, never 5xx, for malformed bodies', async () => {
    for (const route of apiRoutes().filter((candidate) =>
      ['POST', 'PUT', 'PATCH'].includes(candidate.method),
    )) {
      for (const [label, body] of BAD_BODIES) {
        // Signing out with an acceptable body would end the shared session, so those get their own.
        const signsOut = route.url.startsWith('/api/auth/logout');
        const caller = signsOut
          ? (await t.login('staff@demo.clinic', 'ClinicDemo!2026')).token
          : await bodyCaller(route);
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { authorization: `Bearer ${caller}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const context = `${route.method} ${route.url} with ${label}`;
        expect(response.statusCode, context).toBeLessThan(500);
        if (['missing fields', 'null'].includes(label) && TAKES_NO_BODY.has(route.url)) continue;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(typeof response.json().message, context).toBe('string');
      }
    }
  });

  it('answers 400 for invalid JSON, 415 for a wrong content type and 413 for a body over the limit', async () => {
    for (const route of apiRoutes().filter((candidate) =>
      ['POST', 'PUT', 'PATCH'].includes(candidate.method),
    )) {
      const headers = { authorization: `Bearer ${await bodyCaller(route)}` };
      const invalid = await t.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(invalid.statusCode, `${route.url} invalid JSON`).toBe(400);
      const wrongType = await t.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: { ...headers, 'content-type': 'application/xml' },
        payload: '<email/>',
      });
      expect(wrongType.statusCode, `${route.url} xml`).toBe(415);
      const huge = await t.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: { ...headers, 'content-type': 'application/json' },
        // The import takes a whole CSV file, under a larger limit of its own.
        payload: JSON.stringify({
          email: 'x'.repeat(
            route.url.startsWith('/api/admin/imports') ? IMPORT_BODY_LIMIT_BYTES : 2 * 1024 * 1024,
          ),
        }),
      });
      expect(huge.statusCode, `${route.url} huge`).toBe(413);
      expect(huge.json().message).toBe('Request body is too large');
    }
  });

  it('answers 400 for strings far beyond their limits', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: `${'a'.repeat(300)}@x.test`,
        password: 'p'.repeat(500),
        firstName: 'f'.repeat(500),
        lastName: 'L',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName']),
    );
  });

  it('answers 400, never 5xx, for malformed query strings on every list', async () => {
    const queries = [
      'limit=abc',
      'limit=-1',
      'limit=1e9',
      'before=%27%20or%201=1',
      'with=..%2F..',
      `cursor=${'c'.repeat(500)}`,
      `search=${'%25'.repeat(150)}`,
      'unexpected=1',
    ];
    const lists = apiRoutes().filter(
      (route) =>
        route.method === 'GET' &&
        (/^\/api\/(messages|notifications)/.test(route.url) ||
          ['/api/patients', '/api/recovery-notes', '/api/recovery-notes/progress'].includes(route.url)),
    );
    expect(lists.length).toBeGreaterThanOrEqual(7);
    expect(lists.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/patients', '/api/recovery-notes', '/api/recovery-notes/progress']),
    );
    expect(lists.filter((route) => !route.url.endsWith('unread-count')).length).toBeGreaterThanOrEqual(4);
    for (const route of lists) {
      for (const query of queries) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${route.url}?${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const context = `GET ${route.url}?${query}`;
        expect(response.statusCode, context).toBeLessThan(500);
        // The counts take no query at all, so there is nothing in one to refuse.
        if (route.url.endsWith('unread-count')) continue;
        expect(response.statusCode, context).toBe(400);
        expect(typeof response.json().message, context).toBe('string');
      }
    }
  });

  it('answers 400 for ids that are not ids on the messaging, notification, patient and recovery-note routes', async () => {
    for (const [method, url] of [
      ['PUT', '/api/messages/1/delivered'],
      ['PUT', `/api/messages/${'f'.repeat(150)}/read`],
      ['PUT', '/api/messages/conversations/%00/read'],
      ['PATCH', "/api/notifications/'%3B--/read"],
      ['PATCH', '/api/notifications/null/archive'],
      ['GET', '/api/patients/1'],
      ['PATCH', `/api/patients/${'f'.repeat(150)}`],
      ['POST', '/api/patients/%00/deactivate'],
      ['POST', `/api/patients/${UUID}/practitioners/'%3B--`],
      ['DELETE', '/api/patients/null/practitioners/null'],
      ['GET', '/api/recovery-notes/1'],
      ['PATCH', `/api/recovery-notes/${'f'.repeat(150)}`],
      ['POST', '/api/recovery-notes/%00/sign'],
      ['POST', "/api/recovery-notes/'%3B--/amendments"],
      ['POST', '/api/recovery-notes/null/unshare'],
      ['GET', '/api/recovery-notes/progress?patientId=1'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('answers 401, never 5xx, for malformed authorization headers and ids', async () => {
    for (const authorization of ['Bearer', `Bearer ${'x'.repeat(5000)}`, 'Basic abc', 'bearer \u0000', '']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(response.statusCode, JSON.stringify(authorization)).toBe(401);
    }
    const badId = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${'9'.repeat(150)}/deactivate`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(badId.statusCode).toBe(400);
    const badPhoto = await t.app.inject({ method: 'GET', url: "/api/photos/'%20or%201=1" });
    expect(badPhoto.statusCode).toBe(400);
  });
});
