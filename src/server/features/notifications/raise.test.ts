import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSocketEvent } from '../../../shared/notifications';
import { notifications } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { openSocket, untilConnections } from '../../test/sockets';
import { raise } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ appUrl: 'https://portal.clinic.test' });
});
afterAll(() => t.close());

async function notificationSocket(person: TestPerson) {
  const before = t.ctx.hub.connectionCount;
  const socket = await openSocket(t, `token=${person.token}&userId=${person.id}&channel=notifications`);
  await untilConnections(t, before + 1);
  return socket;
}

const prefer = (person: TestPerson, entries: unknown[]) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/notification-preferences',
    headers: bearer(person.token),
    payload: entries,
  });

const storedFor = (person: TestPerson) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, person.id));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

const alert = { title: 'Sign-in from a new device', message: 'Was it you?', actionUrl: '/settings' } as const;

describe('a new message raises message_received', () => {
  it('stores it for the recipient and pushes it live with the delivery the preferences decide', async () => {
    const sender = await createPerson(t, 'staff', { firstName: 'Riley', lastName: 'Chen' });
    const recipient = await createPerson(t, 'staff');
    const socket = await notificationSocket(recipient);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(sender.token),
      payload: { recipientId: recipient.id, content: 'Your results are in' },
    });
    expect(sent.statusCode).toBe(201);

    const pushed = (await socket.nextMessage()) as NotificationSocketEvent;
    expect(pushed).toEqual({
      type: 'notification',
      data: {
        id: expect.any(String),
        type: 'message_received',
        title: 'New Message',
        message: 'Riley Chen sent you a new message',
        priority: 'medium',
        isRead: false,
        createdAt: expect.any(String),
        actionUrl: '/messages',
      },
      // Medium priority is not shown on the desktop; the sound is on by default.
      delivery: { desktop: false, sound: true },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(recipient.token),
    });
    expect(list.json()).toEqual([pushed.data]);
    // Message notifications are not emailed by default.
    expect(await t.ctx.mailer.listTo(recipient.email)).toEqual([]);
  });

  it('emails a pointer to the portal without the message when the recipient asked for email', async () => {
    const sender = await createPerson(t, 'staff', { firstName: 'Dr', lastName: 'Okafor' });
    const recipient = await createPerson(t, 'staff');
    expect((await prefer(recipient, [{ type: 'message_received', email: true }])).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(sender.token),
      payload: { recipientId: recipient.id, content: 'Your blood test shows anaemia' },
    });
    const [email] = await until(
      () => t.ctx.mailer.listTo(recipient.email),
      (emails) => emails.length > 0,
    );
    expect(email.body).toContain('You have a new message from Dr Okafor.');
    expect(email.body).toContain('https://portal.clinic.test/messages');
    expect(email.body).not.toContain('anaemia');
    expect(email.subject).not.toContain('anaemia');
  });
});

describe('raise honours the person preferences', () => {
  it('shows urgent and high priority on the desktop unless turned off, and the sound as chosen', async () => {
    const person = await createPerson(t, 'practitioner');
    const socket = await notificationSocket(person);
    await raise(t.ctx, person.id, { type: 'security_alert', priority: 'high', ...alert });
    expect(((await socket.nextMessage()) as NotificationSocketEvent).delivery).toEqual({
      desktop: true,
      sound: true,
    });
    await raise(t.ctx, person.id, { type: 'security_alert', priority: 'urgent', ...alert });
    expect(((await socket.nextMessage()) as NotificationSocketEvent).delivery).toEqual({
      desktop: true,
      sound: true,
    });
    await raise(t.ctx, person.id, { type: 'security_alert', priority: 'low', ...alert });
    expect(((await socket.nextMessage()) as NotificationSocketEvent).delivery).toEqual({
      desktop: false,
      sound: true,
    });

    await prefer(person, [{ type: 'security_alert', desktop: false, sound: false }]);
    await raise(t.ctx, person.id, { type: 'security_alert', priority: 'urgent', ...alert });
    expect(((await socket.nextMessage()) as NotificationSocketEvent).delivery).toEqual({
      desktop: false,
      sound: false,
    });
  });

  it('stores and pushes nothing when in-app is off, yet still emails when email is on', async () => {
    const person = await createPerson(t, 'patient');
    const socket = await notificationSocket(person);
    await prefer(person, [{ type: 'invoice_overdue', inApp: false, email: true }]);
    const result = await raise(t.ctx, person.id, {
      type: 'invoice_overdue',
      priority: 'high',
      title: 'Invoice overdue',
      message: 'Invoice 42 for physiotherapy is overdue',
      actionUrl: '/billing',
    });
    expect(result).toBeNull();
    expect(await storedFor(person)).toEqual([]);
    const emails = await t.ctx.mailer.listTo(person.email);
    expect(emails).toHaveLength(1);
    expect(emails[0].body).toContain('Invoice overdue');
    expect(emails[0].body).not.toContain('physiotherapy');
    expect(emails[0].body).toContain('https://portal.clinic.test/billing');

    // The next push the socket sees is a later notification: the muted one never went out.
    const later = await raise(t.ctx, person.id, { type: 'system_update', priority: 'low', ...alert });
    expect(((await socket.nextMessage()) as NotificationSocketEvent).data.id).toBe(later?.id);
  });

  it('sends no email when email is off, and nothing at all when every channel is off', async () => {
    const person = await createPerson(t, 'patient');
    await prefer(person, [
      { type: 'appointment_created', email: false },
      { type: 'appointment_cancelled', inApp: false, email: false },
    ]);
    const stored = await raise(t.ctx, person.id, {
      type: 'appointment_created',
      priority: 'medium',
      ...alert,
    });
    expect(stored?.type).toBe('appointment_created');
    expect(
      await raise(t.ctx, person.id, { type: 'appointment_cancelled', priority: 'medium', ...alert }),
    ).toBeNull();
    expect((await storedFor(person)).map((row) => row.type)).toEqual(['appointment_created']);
    expect(await t.ctx.mailer.listTo(person.email)).toEqual([]);
  });

  it('emails by default for the types a person would expect a letter for', async () => {
    const person = await createPerson(t, 'patient');
    await raise(t.ctx, person.id, { type: 'appointment_reminder', priority: 'medium', ...alert });
    expect(await t.ctx.mailer.listTo(person.email)).toHaveLength(1);
    expect(await storedFor(person)).toHaveLength(1);
  });
});
