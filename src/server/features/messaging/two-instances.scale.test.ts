import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../shared/auth';
import type { Message, ServerMessagingEvent } from '../../../shared/messaging';
import type { NotificationSocketEvent } from '../../../shared/notifications';
import { DEMO_PASSWORD } from '../../db/demo-accounts';
import { bearer } from '../../test/app';
import { openSocket, untilConnections } from '../../test/sockets';
import { type Instance, twoInstances } from '../../test/two-instances';

// Included only when both TEST_DATABASE_URL and REDIS_URL are set (vitest.config.ts): two instances of the
// clinic, each with its own connection pool, on one PostgreSQL database and one Redis.
let instances: Awaited<ReturnType<typeof twoInstances>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  instances = await twoInstances();
  ({ a, b } = instances);
  await Promise.all([a.app.ready(), b.app.ready()]);
});

afterAll(() => instances?.close());

async function login(instance: Instance, email: string) {
  const response = await instance.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json<AuthResponse>();
}

/** Waits until a delivery published on A reaches B through Redis, so the test does not race B's subscription. */
async function untilBusConnected() {
  const probe = `probe-${Math.random()}`;
  let seen = false;
  b.ctx.bus.onDelivery((delivery) => {
    if (delivery.userId === probe) seen = true;
  });
  for (let i = 0; i < 100 && !seen; i++) {
    await a.ctx.hub.send({ userId: probe, channel: 'probe' });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(seen).toBe(true);
}

describe('two instances on one PostgreSQL and Redis', () => {
  it('brings a message POSTed on instance A, and its notification, to the recipient sockets on instance B', async () => {
    expect(a.ctx.bus.kind).toBe('redis');
    const sender = await login(a, 'patient@demo.clinic');
    const recipient = await login(b, 'practitioner@demo.clinic');
    const query = `token=${recipient.token}&userId=${recipient.user.id}`;
    const messaging = await openSocket(b, `${query}&channel=messaging`);
    const notifications = await openSocket(b, `${query}&channel=notifications`);
    await untilConnections(b, 2);
    expect(a.ctx.hub.connectionCount).toBe(0);
    await untilBusConnected();

    const response = await a.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(sender.token),
      payload: { recipientId: recipient.user.id, content: 'Sent through instance A' },
    });
    expect(response.statusCode).toBe(201);
    const message = response.json<Message>();

    expect((await messaging.nextMessage()) as ServerMessagingEvent).toEqual({
      type: 'new_message',
      from: sender.user.id,
      to: recipient.user.id,
      data: message,
    });
    const notification = (await notifications.nextMessage()) as NotificationSocketEvent;
    expect(notification).toMatchObject({
      type: 'notification',
      data: { type: 'message_received', title: 'New Message', message: 'Pat Morgan sent you a new message' },
      delivery: { desktop: false, sound: true },
    });

    // B reads what A wrote, and the read receipt travels back to the sender's socket on A.
    const senderSocket = await openSocket(
      a,
      `token=${sender.token}&userId=${sender.user.id}&channel=messaging`,
    );
    await untilConnections(a, 1);
    const read = await b.app.inject({
      method: 'PUT',
      url: `/api/messages/${message.id}/read`,
      headers: bearer(recipient.token),
    });
    expect(read.json()).toMatchObject({ status: 'read', deliveryStatus: 'read' });
    expect(await senderSocket.nextMessage()).toEqual({
      type: 'message_read',
      from: recipient.user.id,
      to: sender.user.id,
      data: { messageIds: [message.id], at: read.json().readAt },
    });
  });
});
