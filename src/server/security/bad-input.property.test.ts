import { gt } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-accounts';
import { activityLog } from '../db/schema';
import { createTestApp, demoAccount, type TestApp } from '../test/app';
import {
  badBody,
  bodyFields,
  callerFor,
  contentType,
  deepNesting,
  expectNoServerError,
  headerText,
  isAcceptedEmpty,
  oneLineFieldRoutes,
  type Route,
  segment,
  withIds,
} from './bad-input-cases';
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

let t: TestApp;
let routes: Route[];
let before: Record<string, string>;
let startedAt: Date;
let signOutToken: string;

const send = (route: Pick<Route, 'caller'>, request: InjectOptions) => t.injectAs(route.caller, request);

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as unknown as Record<string, unknown>;
  routes = [];
  for (const route of t.routes) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    routes.push({
      ...route,
      caller: await callerFor(t, route.method, route.url),
      fields: bodyFields(doc, route.method, route.url),
    });
  }
  // A sign-out that wrongly accepted a body would end the shared session, so those get one of their own.
  signOutToken = (await t.login(demoAccount('staff').email, DEMO_PASSWORD)).token;
  before = await snapshotTables(t.database.db, SNAPSHOT);
  startedAt = new Date();
}, 120_000);
afterAll(() => t.close());

const bodyRoutes = () => routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
/** Signing out with a body it accepts would end the shared session the other cases use. */
const signsOut = (route: Route) => route.url.startsWith('/api/auth/logout');

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
    const NAMED = oneLineFieldRoutes(patient.id);
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
