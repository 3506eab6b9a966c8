import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BOOKING_ERRORS } from '../../../shared/public-booking';
import { publicBookingRequests } from '../../db/schema';
import {
  type Expected,
  everywhere,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  ownOnly,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { demoPerson } from '../../test/people';
import { openAllWeek } from '../appointments/testing';
import { REQUEST_NOT_FOUND } from './access';
import {
  book,
  bookablePractitioner,
  dayAhead,
  details,
  expectStatus,
  hourOf,
  publicService,
} from './testing';

/**
 * Who reaches public booking (PRODUCT.md, 'Public booking'). Under /api/public anyone may call, signed in or
 * not, and the caller makes no difference: a practitioner's booking page, its free times, a request and a
 * rehearsal are open to every visitor, and the signed manage link is the visitor's only key to see, cancel or
 * move their booking; a page or link that does not hold is 404. Under /api/public-bookings practitioners
 * handle the requests made to them and staff and admin everyone's; another practitioner's request answers as
 * if it did not exist (404); patients and members are refused (403) and a visitor must sign in (401).
 *
 * "own" is the demo practitioner's page, or a request or booking made to them; "other" the same of a
 * practitioner no demo account is; "missing" a page, a manage link or a request id that is nobody's. Every
 * request a case changes is made fresh for it, each at a time of its own.
 */

let t: TestApp;
let serviceId = '';
const links: Record<Target, string> = { own: '', other: '', missing: 'nobody-books-here' };
const standing: Partial<Record<Target, string>> = {};

let slot = 0;
/** A time of its own on each call: an hour from 01:00 to 20:00 UTC, three days ahead and on. */
const nextTime = () => {
  slot += 1;
  return hourOf(3 + Math.floor(slot / 20), 1 + (slot % 20));
};

async function bookingTo(target: Exclude<Target, 'missing'>) {
  return book(t, links[target], { ...details(), serviceTypeId: serviceId, startsAt: nextTime() });
}

async function requestTo(target: Target) {
  if (target === 'missing') return MISSING_ID;
  const { reference } = await bookingTo(target);
  const [row] = await t.database.db
    .select({ id: publicBookingRequests.id })
    .from(publicBookingRequests)
    .where(eq(publicBookingRequests.reference, reference));
  return row!.id;
}

/** A manage token that names a request nobody made, signed with nothing. */
const FORGED = `${Buffer.from(MISSING_ID.replaceAll('-', ''), 'hex').toString('base64url')}.${'A'.repeat(43)}`;

async function tokenTo(target: Target, fresh: boolean) {
  if (target === 'missing') return FORGED;
  if (!fresh) return standing[target]!;
  return (await bookingTo(target)).manageToken!;
}

beforeAll(async () => {
  t = await createTestApp();
  serviceId = (await publicService(t)).id;
  const own = await demoPerson(t, 'practitioner');
  links.own = 'matrix-own-page';
  await openAllWeek(t, own.id);
  await expectStatus(t, 'staff', {
    method: 'PATCH',
    url: `/api/practitioners/${own.id}/schedule`,
    payload: {
      bookingLink: links.own,
      timeZone: 'UTC',
      autoConfirm: false,
      bufferMinutes: 0,
      minNoticeMinutes: 0,
      horizonDays: 60,
    },
    status: 200,
  });
  links.other = (await bookablePractitioner(t)).bookingLink;
  standing.own = (await bookingTo('own')).manageToken!;
  standing.other = (await bookingTo('other')).manageToken!;
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST';
  route: string;
  /** What the target names: a booking page, a manage link (made fresh when the case changes it), a request. */
  subject?: 'page' | 'link' | 'fresh-link' | 'request';
  url: (key: string) => string;
  body?: () => unknown;
  expect: Expected;
};

const anyone: Expected = {
  visitor: everywhere(200),
  patient: everywhere(200),
  practitioner: everywhere(200),
  staff: everywhere(200),
  admin: everywhere(200),
  member: everywhere(200),
};
const anyoneWith = (status: number): Expected =>
  Object.fromEntries(
    Object.keys(anyone).map((caller) => [caller, { own: status, other: status, missing: 404 }]),
  ) as Expected;
const refused = (status: number) => ({ own: status, other: status, missing: status });
const handlers = (status: number): Expected => ({
  visitor: refused(401),
  patient: refused(403),
  practitioner: ownOnly(status),
  staff: everywhere(status),
  admin: everywhere(status),
  member: refused(403),
});
const request = () => ({ ...details(), serviceTypeId: serviceId, startsAt: nextTime() });

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/public/booking/:bookingLink',
    subject: 'page',
    url: (link) => `/api/public/booking/${link}`,
    expect: anyone,
  },
  {
    method: 'GET',
    route: '/api/public/booking/:bookingLink/slots',
    subject: 'page',
    url: (link) =>
      `/api/public/booking/${link}/slots?serviceTypeId=${serviceId}&from=${dayAhead(5)}&to=${dayAhead(5)}`,
    expect: anyone,
  },
  {
    method: 'POST',
    route: '/api/public/booking/:bookingLink/requests',
    subject: 'page',
    url: (link) => `/api/public/booking/${link}/requests`,
    body: request,
    expect: anyoneWith(201),
  },
  {
    method: 'POST',
    route: '/api/public/booking/:bookingLink/rehearsal',
    subject: 'page',
    url: (link) => `/api/public/booking/${link}/rehearsal`,
    body: request,
    expect: anyone,
  },
  {
    method: 'GET',
    route: '/api/public/bookings/:token',
    subject: 'link',
    url: (token) => `/api/public/bookings/${token}`,
    expect: anyone,
  },
  {
    method: 'POST',
    route: '/api/public/bookings/:token/cancel',
    subject: 'fresh-link',
    url: (token) => `/api/public/bookings/${token}/cancel`,
    body: () => ({ reason: 'Feeling better' }),
    expect: anyone,
  },
  {
    method: 'POST',
    route: '/api/public/bookings/:token/reschedule',
    subject: 'fresh-link',
    url: (token) => `/api/public/bookings/${token}/reschedule`,
    body: () => ({ startsAt: nextTime() }),
    expect: anyone,
  },
  {
    method: 'GET',
    route: '/api/public-bookings',
    url: () => '/api/public-bookings',
    expect: { visitor: 401, patient: 403, practitioner: 200, staff: 200, admin: 200, member: 403 },
  },
  {
    method: 'POST',
    route: '/api/public-bookings/:id/confirm',
    subject: 'request',
    url: (id) => `/api/public-bookings/${id}/confirm`,
    expect: handlers(200),
  },
  {
    method: 'POST',
    route: '/api/public-bookings/:id/decline',
    subject: 'request',
    url: (id) => `/api/public-bookings/${id}/decline`,
    body: () => ({ message: 'That week is fully booked, sorry' }),
    expect: handlers(200),
  },
];

async function keyFor(subject: NonNullable<Row['subject']>, target: Target) {
  if (subject === 'page') return links[target];
  if (subject === 'request') return requestTo(target);
  return tokenTo(target, subject === 'fresh-link');
}

const NOT_FOUND: Record<NonNullable<Row['subject']>, string> = {
  page: PUBLIC_BOOKING_ERRORS.pageNotFound,
  link: PUBLIC_BOOKING_ERRORS.linkInvalid,
  'fresh-link': PUBLIC_BOOKING_ERRORS.linkInvalid,
  request: REQUEST_NOT_FOUND,
};

const cases = matrixCases(MATRIX);

describe('public booking routes access matrix', () => {
  it('covers every public booking route the app serves', () => {
    const served = new Set([
      ...servedRoutes(t.routes, '/api/public'),
      ...servedRoutes(t.routes, '/api/public-bookings'),
    ]);
    expect([...served].sort()).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { row, target } = c;
    const key = target && row.subject ? await keyFor(row.subject, target) : '';
    const body = row.body?.();
    const response = await t.injectAs(caller, {
      method: row.method,
      url: row.url(key),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 404 && row.subject) expect(response.json().message).toBe(NOT_FOUND[row.subject]);
    if (status === 200 && row.subject === 'request') expect(response.json().id).toBe(key);
  });
});
