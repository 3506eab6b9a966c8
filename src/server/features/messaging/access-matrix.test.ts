import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import {
  type Caller,
  type Expected,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  ownOnly,
  servedRoutes,
  signedIn,
  type Target,
} from '../../test/access-matrix';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { MESSAGE_NOT_FOUND } from './service';

/**
 * Who reaches messages (PRODUCT.md, 'Who may see what': messages are everyone's own conversations): every
 * signed-in person lists, counts and reads their own and nobody else's; a visitor has none (401). Writing
 * follows who-may-write.ts: staff and admin may write to anyone, a practitioner and a patient to each other
 * only on one care team, a member to staff and admin only. Someone out of reach answers as if they did not
 * exist (404), and so does a message between two other people or a conversation the caller neither has nor
 * may start.
 *
 * "own" is a message to the caller from a staff member made for the test (everyone may write to and hear from
 * staff), or a conversation with that staff member; "other" is a message from them to a patient in nobody's
 * care, or a conversation with that patient, whom only staff and admin may reach. Each message is fresh.
 */

let t: TestApp;
let sender: TestPerson;
let stranger: TestPerson;
const people = new Map<Role, TestPerson>();

async function send(from: TestPerson, recipientId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: bearer(from.token),
    payload: { recipientId, content: 'A message for the access matrix' },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: string }>().id;
}

beforeAll(async () => {
  t = await createTestApp();
  sender = await createPerson(t, 'staff');
  stranger = await createPerson(t, 'patient');
  for (const role of ['patient', 'practitioner', 'staff', 'admin', 'member'] as const)
    people.set(role, await demoPerson(t, role));
});
afterAll(() => t.close());

/** A message id, or for a conversation row the other participant's id. */
async function subjectFor(kind: 'message' | 'person', caller: Caller, target: Target) {
  if (target === 'missing') return MISSING_ID;
  if (kind === 'person') return target === 'own' ? sender.id : stranger.id;
  if (target === 'other' || caller === 'visitor') return send(sender, stranger.id);
  return send(sender, people.get(caller)!.id);
}

type Row = {
  method: 'GET' | 'POST' | 'PUT';
  route: string;
  subject?: 'message' | 'person';
  url: (id: string) => string;
  body?: (id: string) => unknown;
  expect: Expected;
};

const signInFirst = { own: 401, other: 401, missing: 401 };
/** Own reachable everywhere; the stranger patient only by staff and admin. */
const reaching = (status: number): Expected => ({
  visitor: signInFirst,
  patient: ownOnly(status),
  practitioner: ownOnly(status),
  staff: { own: status, other: status, missing: 404 },
  admin: { own: status, other: status, missing: 404 },
  member: ownOnly(status),
});

const MATRIX: Row[] = [
  {
    method: 'POST',
    route: '/api/messages',
    subject: 'person',
    url: () => '/api/messages',
    body: (id) => ({ recipientId: id, content: 'Hello from the access matrix' }),
    expect: reaching(201),
  },
  { method: 'GET', route: '/api/messages', url: () => '/api/messages', expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/messages/unread-count',
    url: () => '/api/messages/unread-count',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/messages/conversations',
    url: () => '/api/messages/conversations',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/messages/contacts',
    url: () => '/api/messages/contacts',
    expect: signedIn(200),
  },
  ...(['delivered', 'read'] as const).map(
    (receipt): Row => ({
      method: 'PUT',
      route: `/api/messages/:id/${receipt}`,
      subject: 'message',
      url: (id) => `/api/messages/${id}/${receipt}`,
      expect: {
        visitor: signInFirst,
        patient: ownOnly(200),
        practitioner: ownOnly(200),
        staff: ownOnly(200),
        admin: ownOnly(200),
        member: ownOnly(200),
      },
    }),
  ),
  {
    method: 'PUT',
    route: '/api/messages/conversations/:userId/read',
    subject: 'person',
    url: (id) => `/api/messages/conversations/${id}/read`,
    expect: reaching(200),
  },
];

const cases = matrixCases(MATRIX);

describe('messaging routes access matrix', () => {
  it('covers every messaging route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/messages')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { row, target } = c;
    const id = target && row.subject ? await subjectFor(row.subject, caller, target) : '';
    const body = row.body?.(id);
    const response = await t.injectAs(caller, {
      method: row.method,
      url: row.url(id),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 404 && row.subject === 'message') expect(response.json().message).toBe(MESSAGE_NOT_FOUND);
    if (status === 200 && row.subject === 'message') expect(response.json().id).toBe(id);
  });
});
