import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_NOT_FOUND } from '../../../shared/scheduling';
import {
  type Expected,
  everywhere,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { createFeed } from './feed';

/**
 * Who reaches the calendar feeds (PRODUCT.md, 'Beyond what peers give': iCal feeds for practitioners and
 * patients): a patient and a practitioner see, make and revoke the address of their own feed; staff, admin
 * and members have none (403), a visitor must sign in (401). The feed itself is read by calendar apps, which
 * cannot sign in: its unguessable token is the key, so whoever holds it gets the feed, signed in or not, and
 * a token that was never issued (or was revoked) is 404.
 *
 * "own" is a feed of the demo patient made just before the case, "other" one of a practitioner no demo
 * account is; "missing" a well-formed token that no feed has.
 */

let t: TestApp;
let stranger: TestPerson;
let strangersFeed = '';
let patient: TestPerson;

const tokenOf = (url: string) => url.split('/').pop()!;

beforeAll(async () => {
  t = await createTestApp();
  patient = await demoPerson(t, 'patient');
  stranger = await createPerson(t, 'practitioner');
  strangersFeed = tokenOf((await createFeed(t.ctx, stranger, { ipAddress: '127.0.0.1' })).url);
});
afterAll(() => t.close());

async function feedFor(target: Target) {
  if (target === 'missing') return `${randomBytes(32).toString('base64url')}.ics`;
  if (target === 'other') return strangersFeed;
  return tokenOf((await createFeed(t.ctx, patient, { ipAddress: '127.0.0.1' })).url);
}

type Row = {
  method: 'GET' | 'POST' | 'DELETE';
  route: string;
  url: (token: string) => string;
  expect: Expected;
};

const owners = (status: number): Expected => ({
  visitor: 401,
  patient: status,
  practitioner: status,
  staff: 403,
  admin: 403,
  member: 403,
});

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/calendar-feed', url: () => '/api/calendar-feed', expect: owners(200) },
  { method: 'POST', route: '/api/calendar-feed', url: () => '/api/calendar-feed', expect: owners(201) },
  { method: 'DELETE', route: '/api/calendar-feed', url: () => '/api/calendar-feed', expect: owners(204) },
  {
    method: 'GET',
    route: '/api/calendar-feeds/:token',
    url: (token) => `/api/calendar-feeds/${token}`,
    expect: {
      visitor: everywhere(200),
      patient: everywhere(200),
      practitioner: everywhere(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: everywhere(200),
    },
  },
];

const cases = matrixCases(MATRIX);

describe('calendar feed routes access matrix', () => {
  it('covers every calendar feed route the app serves', () => {
    const served = new Set([
      ...servedRoutes(t.routes, '/api/calendar-feed'),
      ...servedRoutes(t.routes, '/api/calendar-feeds'),
    ]);
    expect([...served].sort()).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const token = c.target ? await feedFor(c.target) : '';
    const response = await t.injectAs(caller, { method: c.row.method, url: c.row.url(token) });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 404) expect(response.json().message).toBe(CALENDAR_FEED_NOT_FOUND);
    if (status === 200 && c.target) expect(response.body).toContain('BEGIN:VCALENDAR');
  });
});
