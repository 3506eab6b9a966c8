import { gt } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles';
import { DEMO_PASSWORD } from '../db/demo-accounts';
import { activityLog } from '../db/schema';
import { createTestApp, demoAccount, type TestApp } from '../test/app';
import { snapshotTables } from './table-snapshot';

/**
 * Property-based bad input on every API route, on top of the fixed cases of platform/bad-input.test.ts:
 * generated bodies, headers, ids and query strings. Whatever arrives, the answer is below 500, the app keeps
 * serving, and no table changes. Names and titles carrying a line break or another control character are
 * refused on every route that takes one. The seed is fixed so a failure replays; fast-check prints it with
 * the counterexample.
 */
const SEED = 20_261_124;
const BODY_RUNS_PER_ROUTE = 16;
const HEADER_RUNS = 500;
const PARAM_RUNS_PER_ROUTE = 6;
const QUERY_RUNS_PER_ROUTE = 6;
const NAME_RUNS = 120;

/**
 * Reads move a session's last use, so sessions are compared by count; reads of patient data are audited, so
 * the activity log may only have gained read entries. Everything else is compared byte for byte.
 */
const SNAPSHOT = { countOnly: ['sessions'], skip: ['activity_log'] };
const UUID = '00000000-0000-4000-8000-000000000000';
const CALLERS: Array<Role | 'visitor'> = ['visitor', 'admin', 'staff', 'practitioner', 'patient', 'member'];

type Route = { method: string; url: string; caller: Role | 'visitor'; fields: string[] };

let t: TestApp;
let routes: Route[];
let before: Record<string, string>;
let startedAt: Date;
let signOutToken: string;
let serial = 0;

const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, UUID);
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** The names a route's body schema declares, so generated bodies hit real fields with wrong values. */
function bodyFields(doc: Record<string, unknown>, method: string, url: string): string[] {
  const paths = doc.paths as Record<string, Record<string, { requestBody?: unknown }>>;
  const body = paths[openApiPath(url)]?.[method.toLowerCase()]?.requestBody as
    | { content?: Record<string, { schema?: unknown }> }
    | undefined;
  const names = new Set<string>();
  const walk = (schema: unknown, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 3) return;
    const node = schema as Record<string, unknown>;
    for (const key of Object.keys((node.properties as object) ?? {})) names.add(key);
    for (const branch of ['anyOf', 'oneOf', 'allOf'])
      for (const part of (node[branch] as unknown[]) ?? []) walk(part, depth + 1);
  };
  for (const media of Object.values(body?.content ?? {})) walk(media.schema, 0);
  return [...names];
}

const send = (route: Pick<Route, 'caller'>, request: InjectOptions) => t.injectAs(route.caller, request);

/**
 * The first caller the route's guard lets through, found by sending broken JSON (or, for a read, nothing):
 * the parser's 400 comes after the guard, so any answer but 401/403 means the body or query will be read.
 */
async function callerFor(method: string, url: string): Promise<Role | 'visitor'> {
  for (const caller of CALLERS) {
    const request: InjectOptions =
      method === 'GET'
        ? { method: 'GET', url: withIds(url) }
        : {
            method: method as 'POST',
            url: withIds(url),
            headers: { 'content-type': 'application/json' },
            payload: '{',
          };
    const response = await t.injectAs(caller, request);
    if (![401, 403].includes(response.statusCode)) return caller;
  }
  return 'admin';
}

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as unknown as Record<string, unknown>;
  routes = [];
  for (const route of t.routes) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    routes.push({
      ...route,
      caller: await callerFor(route.method, route.url),
      fields: bodyFields(doc, route.method, route.url),
    });
  }
  // A sign-out that wrongly accepted a body would end the shared session, so those get one of their own.
  signOutToken = (await t.login(demoAccount('staff').email, DEMO_PASSWORD)).token;
  before = await snapshotTables(t.database.db, SNAPSHOT);
  startedAt = new Date();
}, 120_000);
afterAll(() => t.close());

// ---------------------------------------------------------------- generators

const hugeString = fc
  .tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 1_000, max: 60_000 }))
  .map(([unit, times]) => unit.repeat(times));
const weirdString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u2066evil',
    '\ud800',
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '1e309',
    'NaN',
    '-0',
    'true',
    'null',
  ),
  hugeString,
);
const wrongValue = fc.oneof(
  weirdString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, 0.1),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Deep nesting written as text, so depth is not limited by the generator's own recursion. */
const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, closed]) => {
    const close = open === '[' ? ']' : '}';
    return `${open.repeat(depth)}1${closed ? close.repeat(depth) : ''}`;
  });

/** A JSON text the route should refuse: never null or {}, which the calls that take no body accept. */
function badBody(fields: string[]) {
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.string({ maxLength: 10 });
  const key = fc.oneof(field, fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 12 }));
  const entries = fc.array(fc.tuple(key, wrongValue), { minLength: 1, maxLength: 6 });
  const asObject = entries.map(
    (pairs) =>
      `{${pairs.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`,
  );
  const pollution = fc
    .tuple(fc.constantFrom(...POLLUTING_KEYS), field)
    .map(([polluting, name]) => `{"${polluting}":{"isAdmin":true,"role":"admin"},${JSON.stringify(name)}:1}`);
  const nestedInField = fc
    .tuple(field, deepNesting)
    .map(([name, nested]) => `{${JSON.stringify(name)}:${nested}}`);
  const anyJson = fc
    .jsonValue({ maxDepth: 4 })
    .filter((value) => value !== null && !(typeof value === 'object' && Object.keys(value).length === 0))
    .map((value) => JSON.stringify(value));
  const brokenJson = fc.oneof(
    asObject.chain((text) =>
      fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => text.slice(0, n)),
    ),
    fc.string({ maxLength: 60 }),
    fc.constantFrom('{"a":1,}', "{'a':1}", '{"a":01}', '{"a":"\\x41"}', '\ufeff{"a":1}', '{"a":1}{"b":2}'),
  );
  return fc.oneof(asObject, asObject, pollution, nestedInField, deepNesting, anyJson, brokenJson);
}

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode),
  maxLength: 80,
});
const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'application/json;charset=bogus',
    'text/plain',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/octet-stream',
    'application/jsonx',
    'json',
    '*/*',
  ),
  headerText,
);

// ---------------------------------------------------------------- the properties

function expectNoServerError(response: { statusCode: number; body: string }, context: string) {
  if (response.statusCode >= 500)
    throw new Error(`${context} answered ${response.statusCode}: ${response.body}`);
}

const bodyRoutes = () => routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
/** Signing out with a body it accepts would end the shared session the other cases use. */
const signsOut = (route: Route) => route.url.startsWith('/api/auth/logout');
/** null and {} are what the calls that take no body accept; everything else must be refused. */
function isAcceptedEmpty(payload: string) {
  try {
    // JSON may open with a byte-order mark, which the parser skips.
    const value = JSON.parse(payload.replace(/^\ufeff/, ''));
    return value === null || (typeof value === 'object' && Object.keys(value).length === 0);
  } catch {
    return false;
  }
}

describe('generated bad input on every route', () => {
  it('reads the body of every writing route as its allowed caller', () => {
    expect(bodyRoutes().length).toBeGreaterThan(100);
    // Anyone who signs in can reach a call; only a call meant for nobody would be left at 'admin' by default.
    expect(routes.filter((route) => route.caller === 'visitor').map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/health']),
    );
  });

  it('answers every generated body below 500, and refuses it', async () => {
    const failures: string[] = [];
    for (const route of bodyRoutes()) {
      let refusedByValidation = 0;
      const authorization = signsOut(route) ? `Bearer ${signOutToken}` : undefined;
      await fc.assert(
        fc.asyncProperty(badBody(route.fields), async (payload) => {
          fc.pre(!isAcceptedEmpty(payload));
          const headers = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) };
          const request = { method: route.method as 'POST', url: withIds(route.url), headers, payload };
          const response = authorization ? await t.app.inject(request) : await send(route, request);
          const context = `${route.method} ${route.url} with ${payload.slice(0, 200)}`;
          expectNoServerError(response, context);
          if (response.statusCode < 400) failures.push(`${context} → ${response.statusCode}`);
          if (response.statusCode === 400) refusedByValidation++;
        }),
        { seed: SEED, numRuns: BODY_RUNS_PER_ROUTE },
      );
      // A DELETE may take no body at all; every other writing call must have looked at what it got.
      if (route.method !== 'DELETE')
        expect(refusedByValidation, `${route.method} ${route.url} never read a body`).toBeGreaterThan(0);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers lying content types, garbage authorization and cookies below 500', async () => {
    const all = routes.filter((route) => !signsOut(route));
    const garbageAuthorization = fc.oneof(
      headerText,
      fc.constantFrom('Bearer', 'Bearer  ', 'Basic Og==', `Bearer ${'x'.repeat(5000)}`, 'Bearer a b c'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: all.length - 1 }),
        contentType,
        fc.oneof(fc.constant('the caller'), fc.constant(undefined), garbageAuthorization),
        fc.option(headerText, { nil: undefined }),
        fc.oneof(fc.constant('{"a":1}'), fc.string({ minLength: 1, maxLength: 80 }), deepNesting),
        async (index, type, authorization, cookie, payload) => {
          fc.pre(!isAcceptedEmpty(payload));
          const route = all[index];
          const headers: Record<string, string> = { 'content-type': type };
          if (authorization === 'the caller') {
            if (route.caller !== 'visitor') headers.authorization = `Bearer ${await t.tokenOf(route.caller)}`;
          } else if (authorization !== undefined) headers.authorization = authorization;
          if (cookie !== undefined) headers.cookie = cookie;
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: withIds(route.url),
            headers,
            ...(route.method === 'GET' ? {} : { payload }),
          });
          expectNoServerError(
            response,
            `${route.method} ${route.url} as ${JSON.stringify(headers).slice(0, 200)} with ${payload.slice(0, 100)}`,
          );
        },
      ),
      { seed: SEED, numRuns: HEADER_RUNS },
    );
  }, 60_000);

  const segment = fc.oneof(
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
    fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
    fc.constantFrom(
      '..',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '..%5C..%5Cwindows',
      '%00',
      '%ZZ',
      '%E0%A4%A',
      'null',
      'undefined',
      '0',
      '-1',
      '1e999',
      '00000000-0000-0000-0000-00000000000g',
      "'%20or%201%3D1%20--",
      '%F0%9F%92%A9',
      'f'.repeat(199),
      'f'.repeat(400),
    ),
  );

  it('answers malformed ids in every path below 500', async () => {
    for (const route of routes.filter((candidate) => /:[A-Za-z]+/.test(candidate.url))) {
      const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[0]);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...params), segment, async (param, value) => {
          const url = withIds(route.url.replace(param, value));
          const response = await send(route, { method: route.method as 'POST', url });
          expectNoServerError(response, `${route.method} ${url}`);
          if (response.statusCode < 400)
            throw new Error(`${route.method} ${url} answered ${response.statusCode}`);
        }),
        { seed: SEED, numRuns: PARAM_RUNS_PER_ROUTE },
      );
    }
  }, 60_000);

  it('answers malformed query strings on every read below 500', async () => {
    const name = fc.oneof(
      fc.constantFrom(
        'limit',
        'cursor',
        'before',
        'from',
        'to',
        'search',
        'status',
        'patientId',
        'with',
        'page',
      ),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.constantFrom('__proto__', 'constructor', 'a[b]', 'a[]', '%ZZ'),
    );
    const query = fc
      .array(fc.tuple(name, segment), { minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));
    for (const route of routes.filter((candidate) => candidate.method === 'GET')) {
      await fc.assert(
        fc.asyncProperty(query, async (search) => {
          const url = `${withIds(route.url)}?${search}`;
          const response = await send(route, { method: 'GET', url });
          expectNoServerError(response, `GET ${url}`);
        }),
        { seed: SEED, numRuns: QUERY_RUNS_PER_ROUTE },
      );
    }
  }, 60_000);

  it('refuses a name or title that is not one line on every route that takes one, with 400 on the field', async () => {
    const [patient] = (
      await (await send({ caller: 'staff' }, { method: 'GET', url: '/api/patients' })).json()
    ).items;
    const email = () => `one-line-${++serial}@example.test`;
    const soon = (hours: number) => new Date(Date.now() + 10 * 86_400_000 + hours * 3_600_000).toISOString();
    const NAMED: Array<{
      caller: Role | 'visitor';
      method: 'POST' | 'PUT' | 'PATCH';
      url: string;
      field: string;
      body: () => object;
    }> = [
      {
        caller: 'visitor',
        method: 'POST',
        url: '/api/auth/register',
        field: 'firstName',
        body: () => ({ email: email(), password: 'correct-horse-1', lastName: 'Lee' }),
      },
      {
        caller: 'visitor',
        method: 'POST',
        url: '/api/onboarding/account',
        field: 'lastName',
        body: () => ({ email: email(), password: 'correct-horse-1', firstName: 'Ann' }),
      },
      { caller: 'member', method: 'PUT', url: '/api/profile', field: 'firstName', body: () => ({}) },
      {
        caller: 'admin',
        method: 'POST',
        url: '/api/admin/users',
        field: 'lastName',
        body: () => ({ email: email(), role: 'staff', firstName: 'Ann' }),
      },
      {
        caller: 'staff',
        method: 'POST',
        url: '/api/patients',
        field: 'firstName',
        body: () => ({ email: email(), lastName: 'Lee' }),
      },
      {
        caller: 'staff',
        method: 'PATCH',
        url: `/api/patients/${patient.id}`,
        field: 'emergencyContactName',
        body: () => ({}),
      },
      {
        caller: 'admin',
        method: 'POST',
        url: '/api/service-types',
        field: 'name',
        body: () => ({ durationMinutes: 30, priceCents: 0, colour: '#2563eb' }),
      },
      {
        caller: 'admin',
        method: 'POST',
        url: '/api/events',
        field: 'title',
        body: () => ({ place: 'Park', startsAt: soon(0), endsAt: soon(2), capacity: 5, priceCents: 0 }),
      },
      {
        caller: 'member',
        method: 'POST',
        url: '/api/quotes',
        field: 'title',
        body: () => ({ kind: 'custom_merchandise', details: 'Ten caps' }),
      },
      {
        caller: 'admin',
        method: 'POST',
        url: '/api/products',
        field: 'name',
        body: () => ({
          category: 'apparel',
          variants: [{ sku: `one-line-${++serial}`, size: 'M', priceCents: 1500, stock: 3 }],
        }),
      },
      {
        caller: 'visitor',
        method: 'POST',
        url: '/api/donations/create-payment-intent',
        field: 'firstName',
        body: () => ({ amount: 10, email: email() }),
      },
    ];
    const control = fc.oneof(
      fc.constantFrom('\r\n', '\r', '\n', '\t', '\u0007', '\u0085', '\u2028', '\u202e', '\u2066'),
      fc.integer({ min: 0x01, max: 0x1f }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
    );
    const notOneLine = fc
      .tuple(
        fc.constantFrom('Ann', 'Zoë', 'محمد'),
        control,
        fc.constantFrom('Lee', 'ATTENDEE:mailto:x@example.test'),
      )
      .map(([before, character, after]) => `${before}${character}${after}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMED), notOneLine, async (route, name) => {
        const payload = { ...route.body(), [route.field]: name };
        const response = await send(route, { method: route.method, url: route.url, payload });
        const context = `${route.method} ${route.url} with ${JSON.stringify(payload)}`;
        expect(response.statusCode, `${context}: ${response.body}`).toBe(400);
        expect(response.json().fields?.[route.field], context).toMatch(
          /must be one line, without control characters/,
        );
      }),
      { seed: SEED, numRuns: NAME_RUNS },
    );
  }, 60_000);

  it('stored nothing and still serves', async () => {
    expect(await snapshotTables(t.database.db, SNAPSHOT)).toEqual(before);
    const logged = await t.database.db
      .selectDistinct({ action: activityLog.action })
      .from(activityLog)
      .where(gt(activityLog.createdAt, startedAt));
    expect(
      logged.map((entry) => entry.action).filter((action) => !/\.(viewed|listed|exported)$/.test(action)),
    ).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.injectAs('admin', { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});
