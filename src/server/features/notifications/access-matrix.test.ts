import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import {
  type Caller,
  type Expected,
  injectCase,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  ownOnly,
  servedRoutes,
  signedIn,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, demoAccount, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { findAccountByEmail } from '../accounts/service';
import { NOTIFICATION_NOT_FOUND, raise } from './service';

/**
 * Who reaches notifications and their preferences: everyone signed in has their own (every role is told
 * things), reads, marks and archives them and chooses how each type reaches them; nobody reaches another
 * person's (404, as if it did not exist); a visitor has none (401). "own" is a notification raised for the
 * caller, "other" one raised for a person no demo account is; each case gets a fresh one.
 */

let t: TestApp;
let stranger: TestPerson;
const ids = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp();
  stranger = await createPerson(t, 'patient');
  for (const role of ['patient', 'practitioner', 'staff', 'admin', 'member'] as const)
    ids.set(role, (await findAccountByEmail(t.database.db, demoAccount(role).email))!.id);
});
afterAll(() => t.close());

async function notificationFor(caller: Caller, target: Target) {
  if (target === 'missing') return MISSING_ID;
  const userId = target === 'own' && caller !== 'visitor' ? ids.get(caller)! : stranger.id;
  const made = await raise(t.ctx, userId, {
    type: 'system_update',
    title: 'Matrix',
    message: 'A notification for the access matrix',
    priority: 'low',
  });
  if (!made) throw new Error('notification not raised');
  return made.id;
}

type Row = {
  method: 'GET' | 'PUT' | 'PATCH';
  route: string;
  url: (id: string) => string;
  body?: () => unknown;
  expect: Expected;
};

const ownOf = (status: number): Expected => ({
  visitor: { own: 401, other: 401, missing: 401 },
  patient: ownOnly(status),
  practitioner: ownOnly(status),
  staff: ownOnly(status),
  admin: ownOnly(status),
  member: ownOnly(status),
});

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/notifications', url: () => '/api/notifications', expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/notifications/unread-count',
    url: () => '/api/notifications/unread-count',
    expect: signedIn(200),
  },
  {
    method: 'PATCH',
    route: '/api/notifications/mark-all-read',
    url: () => '/api/notifications/mark-all-read',
    expect: signedIn(200),
  },
  {
    method: 'PATCH',
    route: '/api/notifications/:id/read',
    url: (id) => `/api/notifications/${id}/read`,
    expect: ownOf(200),
  },
  {
    method: 'PATCH',
    route: '/api/notifications/:id/archive',
    url: (id) => `/api/notifications/${id}/archive`,
    expect: ownOf(200),
  },
  {
    method: 'GET',
    route: '/api/notification-preferences',
    url: () => '/api/notification-preferences',
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/notification-preferences',
    url: () => '/api/notification-preferences',
    body: () => [{ type: 'system_update', email: false }],
    expect: signedIn(200),
  },
];

const cases = matrixCases(MATRIX);

describe('notification routes access matrix', () => {
  it('covers every notification route the app serves', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/notifications'),
      ...servedRoutes(t.routes, '/api/notification-preferences'),
    ];
    expect(served.sort()).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const id = c.target ? await notificationFor(caller, c.target) : '';
    const response = await injectCase(t, caller, c.row, id);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 404) expect(response.json().message).toBe(NOTIFICATION_NOT_FOUND);
    if (status < 300 && c.target) expect(response.json().id).toBe(id);
  });
});
