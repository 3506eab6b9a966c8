import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/messaging';
import { activityLog, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';

let t: TestApp;
let patient: TestPerson;
let practitioner: TestPerson;
let staff: TestPerson;
beforeAll(async () => {
  t = await createTestApp();
  patient = await demoPerson(t, 'patient');
  practitioner = await demoPerson(t, 'practitioner');
  staff = await demoPerson(t, 'staff');
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const send = (from: TestPerson, recipientId: string, content: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: bearer(from.token),
    payload: { recipientId, content },
  });

async function sent(from: TestPerson, to: TestPerson, content = 'Hello there') {
  const response = await send(from, to.id, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Message>();
}

const call = (who: TestPerson, method: 'GET' | 'PUT', url: string) =>
  t.app.inject({ method, url, headers: bearer(who.token) });

describe('POST /api/messages', () => {
  it('stores the trimmed text and answers 201 with the message as both sides see it', async () => {
    const response = await send(patient, practitioner.id, '  How are you today?  \n');
    expect(response.statusCode).toBe(201);
    const message = response.json<Message>();
    expect(message).toMatchObject({
      senderId: patient.id,
      recipientId: practitioner.id,
      senderName: `${patient.firstName} ${patient.lastName}`,
      content: 'How are you today?',
      status: 'unread',
      readAt: null,
      deliveryStatus: 'sent',
      deliveredAt: null,
    });
    expect(Date.parse(message.createdAt)).not.toBeNaN();
  });

  it('keeps markup as text', async () => {
    const message = await sent(staff, patient, '<img src=x onerror=alert(1)> & "quotes"');
    expect(message.content).toBe('<img src=x onerror=alert(1)> & "quotes"');
  });

  it('logs who wrote to whom without the content', async () => {
    const message = await sent(staff, practitioner, 'A private matter');
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'message.sent'), eq(activityLog.entityId, message.id)));
    expect(entry).toMatchObject({ actorId: staff.id, entityType: 'message', outcome: 'success' });
    expect(entry.details).toEqual({ recipientId: practitioner.id });
    expect(JSON.stringify(entry)).not.toContain('private');
  });

  it('accepts exactly 5000 characters and refuses 5001, empty and blank content with 400', async () => {
    expect((await send(patient, staff.id, 'x'.repeat(5000))).statusCode).toBe(201);
    for (const content of ['x'.repeat(5001), '', '   \n\t ', null, 42]) {
      const response = await send(patient, staff.id, content);
      expect(response.statusCode, JSON.stringify(content).slice(0, 20)).toBe(400);
      expect(response.json().fields).toHaveProperty('content');
    }
  });

  it('refuses bad ids and unknown fields with 400', async () => {
    expect((await send(patient, 'not-an-id', 'Hi')).statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(patient.token),
      payload: { recipientId: staff.id, content: 'Hi', senderId: staff.id },
    });
    expect(extra.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(patient.token),
      payload: { content: 'Hi' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses writing to yourself with 400', async () => {
    const response = await send(staff, staff.id, 'Note to self');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot send a message to yourself');
  });

  it('answers 404 Recipient not found for someone the role may not reach, unknown or inactive', async () => {
    const otherPatient = await createPerson(t, 'patient');
    const strangerPractitioner = await createPerson(t, 'practitioner');
    const member = await demoPerson(t, 'member');
    const inactive = await createPerson(t, 'staff');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    const refusals: Array<[TestPerson, string]> = [
      [patient, otherPatient.id],
      [patient, strangerPractitioner.id],
      [strangerPractitioner, patient.id],
      [patient, member.id],
      [member, practitioner.id],
      [practitioner, member.id],
      [patient, UNKNOWN],
      [patient, inactive.id],
    ];
    for (const [from, to] of refusals) {
      const response = await send(from, to, 'Hello');
      expect(response.statusCode, `${from.role} to ${to}`).toBe(404);
      expect(response.json().message).toBe('Recipient not found');
    }
  });

  it('lets every allowed pair write, and the recipient always reply', async () => {
    const admin = await demoPerson(t, 'admin');
    const member = await demoPerson(t, 'member');
    const otherPractitioner = await createPerson(t, 'practitioner');
    const pairs: Array<[TestPerson, TestPerson]> = [
      [patient, practitioner],
      [patient, staff],
      [practitioner, otherPractitioner],
      [member, staff],
      [member, admin],
      [admin, patient],
    ];
    for (const [a, b] of pairs) {
      expect((await send(a, b.id, 'Hello')).statusCode, `${a.role} to ${b.role}`).toBe(201);
      expect((await send(b, a.id, 'Hello back')).statusCode, `${b.role} to ${a.role}`).toBe(201);
    }
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: staff.id, content: 'Hi' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sends of one moment (group commit)', () => {
  it('stores every one with its audit row and notification, in one order both sides list', async () => {
    const a = await createPerson(t, 'staff');
    const b = await createPerson(t, 'staff');
    const c = await createPerson(t, 'staff');
    // Sent together: they share statements and commits, and each still answers its own 201.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(i % 3 === 2 ? b : a, (i % 3 === 2 ? c : b).id, `burst ${i}`)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const messages = answers.map((answer) => answer.json<Message>());
    expect(messages.map((m) => m.content)).toEqual(Array.from({ length: 12 }, (_, i) => `burst ${i}`));

    // Listed newest first by the stored time, the ids of each side's list are its messages, none twice.
    const ofB = (await call(b, 'GET', '/api/messages?limit=100')).json<Message[]>();
    expect(new Set(ofB.map((m) => m.id))).toEqual(new Set(messages.map((m) => m.id)));
    const times = ofB.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const audited = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'message.sent'), eq(activityLog.actorId, a.id)));
    expect(audited.map((row) => row.entityId).sort()).toEqual(
      messages
        .filter((m) => m.senderId === a.id)
        .map((m) => m.id)
        .sort(),
    );
    expect(audited.every((row) => !JSON.stringify(row.details).includes('burst'))).toBe(true);

    // Each recipient is told of each message once, by a notification of its own.
    await expect
      .poll(
        async () => (await call(b, 'GET', '/api/notifications/unread-count')).json<{ count: number }>().count,
      )
      .toBe(8);
    await expect
      .poll(
        async () => (await call(c, 'GET', '/api/notifications/unread-count')).json<{ count: number }>().count,
      )
      .toBe(4);
  });
});

describe('GET /api/messages', () => {
  it('lists only the caller messages, newest first, narrowed with `with` and paged with `before`', async () => {
    const a = await createPerson(t, 'staff');
    const b = await createPerson(t, 'staff');
    const c = await createPerson(t, 'staff');
    const toB: Message[] = [];
    for (let i = 0; i < 5; i++) toB.push(await sent(i % 2 ? b : a, i % 2 ? a : b, `ab ${i}`));
    const toC = await sent(a, c, 'ac');
    await sent(b, c, 'bc, not for a');

    const all = await call(a, 'GET', '/api/messages');
    expect(all.statusCode).toBe(200);
    expect(all.json<Message[]>().map((m) => m.content)).toEqual([
      'ac',
      'ab 4',
      'ab 3',
      'ab 2',
      'ab 1',
      'ab 0',
    ]);

    const withB = (await call(a, 'GET', `/api/messages?with=${b.id}&limit=2`)).json<Message[]>();
    expect(withB.map((m) => m.id)).toEqual([toB[4].id, toB[3].id]);
    const older = (await call(a, 'GET', `/api/messages?with=${b.id}&limit=2&before=${withB[1].id}`)).json<
      Message[]
    >();
    expect(older.map((m) => m.id)).toEqual([toB[2].id, toB[1].id]);
    const last = (await call(a, 'GET', `/api/messages?with=${b.id}&limit=2&before=${older[1].id}`)).json<
      Message[]
    >();
    expect(last.map((m) => m.id)).toEqual([toB[0].id]);
    expect((await call(a, 'GET', `/api/messages?with=${b.id}&before=${toB[0].id}`)).json()).toEqual([]);

    // A message of someone else's is no cursor: it is not found, as every other door to it.
    const foreign = await call(a, 'GET', `/api/messages?before=${(await sent(b, c, 'bc 2')).id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call(a, 'GET', `/api/messages?before=${UNKNOWN}`)).statusCode).toBe(404);
    expect(toC.recipientId).toBe(c.id);
  });

  it('refuses bad query values with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'with=nope', 'before=1', 'page=2']) {
      const response = await call(staff, 'GET', `/api/messages?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('unread count, delivered and read', () => {
  it('answers each caller their own count when several ask at the same moment (one shared query)', async () => {
    const sender = await createPerson(t, 'staff');
    const recipients = await Promise.all([0, 1, 2].map(() => createPerson(t, 'staff')));
    for (const [i, recipient] of recipients.entries())
      for (let n = 0; n < i; n++) await sent(sender, recipient, `note ${n}`);
    const answers = await Promise.all(
      [...recipients, sender, ...recipients].map((who) => call(who, 'GET', '/api/messages/unread-count')),
    );
    expect(answers.map((answer) => answer.json())).toEqual([0, 1, 2, 0, 0, 1, 2].map((count) => ({ count })));
  });

  it('counts unread messages to the caller and marks delivered, then read, once each', async () => {
    const sender = await createPerson(t, 'staff');
    const recipient = await createPerson(t, 'staff');
    const count = async () => (await call(recipient, 'GET', '/api/messages/unread-count')).json().count;
    expect(await count()).toBe(0);
    const first = await sent(sender, recipient, 'one');
    const second = await sent(sender, recipient, 'two');
    expect(await count()).toBe(2);
    expect((await call(sender, 'GET', '/api/messages/unread-count')).json()).toEqual({ count: 0 });

    const delivered = await call(recipient, 'PUT', `/api/messages/${first.id}/delivered`);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ id: first.id, deliveryStatus: 'delivered', status: 'unread' });
    const deliveredAt = delivered.json().deliveredAt;
    expect(deliveredAt).toEqual(expect.any(String));
    const again = await call(recipient, 'PUT', `/api/messages/${first.id}/delivered`);
    expect(again.json().deliveredAt).toBe(deliveredAt);

    const read = await call(recipient, 'PUT', `/api/messages/${first.id}/read`);
    expect(read.json()).toMatchObject({ status: 'read', deliveryStatus: 'read', deliveredAt });
    const readAt = read.json().readAt;
    expect(readAt).toEqual(expect.any(String));
    expect((await call(recipient, 'PUT', `/api/messages/${first.id}/read`)).json().readAt).toBe(readAt);
    // Delivery after reading changes nothing.
    expect((await call(recipient, 'PUT', `/api/messages/${first.id}/delivered`)).json().deliveryStatus).toBe(
      'read',
    );
    expect(await count()).toBe(1);

    // Reading implies delivery: a message read straight away gets a delivery time too.
    const direct = (await call(recipient, 'PUT', `/api/messages/${second.id}/read`)).json<Message>();
    expect(direct.deliveredAt).toEqual(expect.any(String));
    expect(direct.deliveryStatus).toBe('read');
    expect(await count()).toBe(0);
  });

  it('lets only the recipient confirm: the sender gets 403, anyone else 404', async () => {
    const sender = await createPerson(t, 'staff');
    const recipient = await createPerson(t, 'staff');
    const stranger = await createPerson(t, 'staff');
    const message = await sent(sender, recipient);
    for (const receipt of ['delivered', 'read']) {
      const own = await call(sender, 'PUT', `/api/messages/${message.id}/${receipt}`);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('Only the recipient of a message can confirm it');
      const foreign = await call(stranger, 'PUT', `/api/messages/${message.id}/${receipt}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Message not found');
      expect((await call(stranger, 'PUT', `/api/messages/${UNKNOWN}/${receipt}`)).statusCode).toBe(404);
      expect((await call(stranger, 'PUT', `/api/messages/not-an-id/${receipt}`)).statusCode).toBe(400);
    }
    const [row] = (await call(recipient, 'GET', `/api/messages?with=${sender.id}`)).json<Message[]>();
    expect(row).toMatchObject({ status: 'unread', deliveryStatus: 'sent' });
  });

  it('marks a whole conversation read and answers how many changed', async () => {
    const sender = await createPerson(t, 'staff');
    const other = await createPerson(t, 'staff');
    const recipient = await createPerson(t, 'staff');
    await sent(sender, recipient, 'one');
    await sent(sender, recipient, 'two');
    await sent(other, recipient, 'from someone else');
    await sent(recipient, sender, 'mine stays as it is');
    const response = await call(recipient, 'PUT', `/api/messages/conversations/${sender.id}/read`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
    expect((await call(recipient, 'PUT', `/api/messages/conversations/${sender.id}/read`)).json()).toEqual({
      count: 0,
    });
    expect((await call(recipient, 'GET', '/api/messages/unread-count')).json()).toEqual({ count: 1 });
    expect((await call(sender, 'GET', '/api/messages/unread-count')).json()).toEqual({ count: 1 });
    expect((await call(recipient, 'PUT', `/api/messages/conversations/${UNKNOWN}/read`)).statusCode).toBe(
      404,
    );
    expect((await call(recipient, 'PUT', '/api/messages/conversations/nope/read')).statusCode).toBe(400);
  });
});
