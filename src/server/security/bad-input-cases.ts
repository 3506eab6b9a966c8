import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { Role } from '../../shared/roles';
import type { TestApp } from '../test/app';

/**
 * The routes, callers and generated input the property-based bad-input test sends; kept apart from the
 * test so it reads as its properties.
 */

const UUID = '00000000-0000-4000-8000-000000000000';
const CALLERS: Array<Role | 'visitor'> = ['visitor', 'admin', 'staff', 'practitioner', 'patient', 'member'];

export type Route = { method: string; url: string; caller: Role | 'visitor'; fields: string[] };

export const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, UUID);
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** The names a route's body schema declares, so generated bodies hit real fields with wrong values. */
export function bodyFields(doc: Record<string, unknown>, method: string, url: string): string[] {
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

/**
 * The first caller the route's guard lets through, found by sending broken JSON (or, for a read, nothing):
 * the parser's 400 comes after the guard, so any answer but 401/403 means the body or query will be read.
 */
export async function callerFor(t: TestApp, method: string, url: string): Promise<Role | 'visitor'> {
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
export const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, closed]) => {
    const close = open === '[' ? ']' : '}';
    return `${open.repeat(depth)}1${closed ? close.repeat(depth) : ''}`;
  });

/** A JSON text the route should refuse: never null or {}, which the calls that take no body accept. */
export function badBody(fields: string[]) {
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

export const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode),
  maxLength: 80,
});
export const contentType = fc.oneof(
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

export function expectNoServerError(response: { statusCode: number; body: string }, context: string) {
  if (response.statusCode >= 500)
    throw new Error(`${context} answered ${response.statusCode}: ${response.body}`);
}

/** null and {} are what the calls that take no body accept; everything else must be refused. */
export function isAcceptedEmpty(payload: string) {
  try {
    // JSON may open with a byte-order mark, which the parser skips.
    const value = JSON.parse(payload.replace(/^\ufeff/, ''));
    return value === null || (typeof value === 'object' && Object.keys(value).length === 0);
  } catch {
    return false;
  }
}

/** A path segment or query value that is not what the route expects. */
export const segment = fc.oneof(
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

let serial = 0;
const exerciseItem = {
  exerciseId: UUID,
  sets: 3,
  reps: 10,
  holdSeconds: null,
  timesPerDay: 1,
  daysPerWeek: 7,
  notes: '',
};

/** Every route that takes a name or title, with a body that is valid apart from that field. */
export function oneLineFieldRoutes(patientId: string) {
  const email = () => `one-line-${++serial}@example.test`;
  const soon = (hours: number) => new Date(Date.now() + 10 * 86_400_000 + hours * 3_600_000).toISOString();
  const named: Array<{
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
      caller: 'patient',
      method: 'PATCH',
      url: `/api/auth/passkeys/${UUID}`,
      field: 'name',
      body: () => ({}),
    },
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
      url: `/api/patients/${patientId}`,
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
      caller: 'practitioner',
      method: 'POST',
      url: '/api/exercises',
      field: 'name',
      body: () => ({ bodyRegion: 'knee' }),
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
    {
      caller: 'practitioner',
      method: 'POST',
      url: '/api/exercise-programmes',
      field: 'title',
      body: () => ({ patientId, startDate: '2026-01-05', reviewDate: null, items: [exerciseItem] }),
    },
    {
      caller: 'practitioner',
      method: 'POST',
      url: '/api/exercise-programmes/templates',
      field: 'name',
      body: () => ({ items: [exerciseItem] }),
    },
  ];
  return named;
}
