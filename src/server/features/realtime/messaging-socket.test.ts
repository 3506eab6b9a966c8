import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, ServerMessagingEvent } from '../../../shared/messaging';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { openSocket, type TestSocket, untilConnections } from '../../test/sockets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function messagingSocket(person: TestPerson) {
  const before = t.ctx.hub.connectionCount;
  const socket = await openSocket(t, `token=${person.token}&userId=${person.id}&channel=messaging`);
  await untilConnections(t, before + 1);
  return socket;
}

const emit = (socket: TestSocket, frame: unknown) =>
  socket.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));

const next = (socket: TestSocket) => socket.nextMessage() as Promise<ServerMessagingEvent>;

async function post(from: TestPerson, to: TestPerson, content: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: bearer(from.token),
    payload: { recipientId: to.id, content },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Message>();
}

describe('messaging socket authentication', () => {
  it('refuses a wrong token and a userId that is not the token owner with 4401', async () => {
    const person = await createPerson(t, 'staff');
    const other = await createPerson(t, 'staff');
    const wrong = await openSocket(t, `token=not-a-token&userId=${person.id}&channel=messaging`);
    expect(await wrong.closed).toEqual({ code: 4401, reason: 'Invalid token' });
    const missing = await openSocket(t, `userId=${person.id}&channel=messaging`);
    expect((await missing.closed).code).toBe(4401);
    const foreign = await openSocket(t, `token=${person.token}&userId=${other.id}&channel=messaging`);
    expect(await foreign.closed).toEqual({ code: 4401, reason: 'Token does not belong to this user' });
    const notifications = await openSocket(
      t,
      `token=${person.token}&userId=${other.id}&channel=notifications`,
    );
    expect((await notifications.closed).code).toBe(4401);
  });
});

describe('pushes on the messaging socket', () => {
  it('brings a POSTed message to the recipient and to the sender own sockets', async () => {
    const sender = await createPerson(t, 'staff');
    const recipient = await createPerson(t, 'staff');
    const bystander = await createPerson(t, 'staff');
    const inbox = await messagingSocket(recipient);
    const otherTab = await messagingSocket(sender);
    const watching = await messagingSocket(bystander);
    const message = await post(sender, recipient, 'Are you free at three?');
    const expected = { type: 'new_message', from: sender.id, to: recipient.id, data: message };
    expect(await next(inbox)).toEqual(expected);
    expect(await next(otherTab)).toEqual(expected);
    expect(watching.messages).toEqual([]);
  });

  it('tells the sender when the recipient confirms delivery and reading, over HTTP or the socket', async () => {
    const sender = await createPerson(t, 'staff');
    const recipient = await createPerson(t, 'staff');
    const senderSocket = await messagingSocket(sender);
    const recipientSocket = await messagingSocket(recipient);
    const first = await post(sender, recipient, 'one');
    const second = await post(sender, recipient, 'two');
    await next(senderSocket);
    await next(senderSocket);

    await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${first.id}/delivered`,
      headers: bearer(recipient.token),
    });
    const delivered = await next(senderSocket);
    expect(delivered).toEqual({
      type: 'message_delivered',
      from: recipient.id,
      to: sender.id,
      data: { messageIds: [first.id], at: expect.any(String) },
    });

    emit(recipientSocket, {
      type: 'message_delivered',
      from: recipient.id,
      to: sender.id,
      data: { messageIds: [first.id, second.id] },
    });
    // The first was already delivered: only the second is news.
    expect(await next(senderSocket)).toMatchObject({
      type: 'message_delivered',
      data: { messageIds: [second.id] },
    });

    emit(recipientSocket, {
      type: 'message_read',
      from: recipient.id,
      to: sender.id,
      data: { messageIds: [first.id, second.id] },
    });
    const read = await next(senderSocket);
    expect(read).toMatchObject({ type: 'message_read', from: recipient.id, to: sender.id });
    expect(read.type === 'message_read' && [...read.data.messageIds].sort()).toEqual(
      [first.id, second.id].sort(),
    );
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/messages?with=${sender.id}`,
      headers: bearer(recipient.token),
    });
    expect(stored.json<Message[]>().map((m) => m.status)).toEqual(['read', 'read']);
  });

  it('ignores receipts from the sender for their own messages', async () => {
    const sender = await createPerson(t, 'staff');
    const recipient = await createPerson(t, 'staff');
    const senderSocket = await messagingSocket(sender);
    const message = await post(sender, recipient, 'mine');
    await next(senderSocket);
    emit(senderSocket, {
      type: 'message_read',
      from: sender.id,
      to: recipient.id,
      data: { messageIds: [message.id] },
    });
    emit(senderSocket, { type: 'typing_start', from: sender.id, to: sender.id });
    // The typing frame to oneself is refused; by then the receipt before it was handled and changed nothing.
    expect(await next(senderSocket)).toMatchObject({ type: 'error' });
    const [row] = (
      await t.app.inject({ method: 'GET', url: '/api/messages', headers: bearer(sender.token) })
    ).json<Message[]>();
    expect(row).toMatchObject({ id: message.id, status: 'unread', deliveryStatus: 'sent' });
  });
});

describe('events from the browser', () => {
  it('relays typing to the other person only when they may write to each other', async () => {
    const patient = await demoPerson(t, 'patient');
    const practitioner = await demoPerson(t, 'practitioner');
    const stranger = await createPerson(t, 'practitioner');
    const patientSocket = await messagingSocket(patient);
    const practitionerSocket = await messagingSocket(practitioner);
    const strangerSocket = await messagingSocket(stranger);

    emit(practitionerSocket, { type: 'typing_start', from: practitioner.id, to: patient.id, data: {} });
    expect(await next(patientSocket)).toEqual({
      type: 'typing_start',
      from: practitioner.id,
      to: patient.id,
      data: {},
    });
    emit(practitionerSocket, { type: 'typing_stop', from: practitioner.id, to: patient.id });
    expect(await next(patientSocket)).toMatchObject({ type: 'typing_stop', from: practitioner.id });

    emit(strangerSocket, { type: 'typing_start', from: stranger.id, to: patient.id });
    expect(await next(strangerSocket)).toEqual({
      type: 'error',
      from: 'server',
      to: stranger.id,
      data: { message: 'Recipient not found' },
    });
    emit(practitionerSocket, { type: 'typing_stop', from: practitioner.id, to: patient.id });
    // The next thing the patient sees is the practitioner's; the stranger's typing never arrived.
    expect(await next(patientSocket)).toMatchObject({ type: 'typing_stop', from: practitioner.id });
    expect(patientSocket.messages).toEqual([]);
  });

  it('rejects a frame whose from is not the socket user, and does not relay it', async () => {
    const a = await createPerson(t, 'staff');
    const b = await createPerson(t, 'staff');
    const aSocket = await messagingSocket(a);
    const bSocket = await messagingSocket(b);
    emit(aSocket, { type: 'typing_start', from: b.id, to: b.id });
    emit(aSocket, { type: 'new_message', from: b.id, to: a.id, data: { content: 'forged' } });
    for (let i = 0; i < 2; i++)
      expect(await next(aSocket)).toEqual({
        type: 'error',
        from: 'server',
        to: a.id,
        data: { message: 'Event sender does not match this connection' },
      });
    emit(aSocket, { type: 'typing_start', from: a.id, to: b.id });
    expect(await next(bSocket)).toMatchObject({ type: 'typing_start', from: a.id });
    expect(bSocket.messages).toEqual([]);
    const list = await t.app.inject({ method: 'GET', url: '/api/messages', headers: bearer(b.token) });
    expect(list.json()).toEqual([]);
  });

  it('sends a new_message through the same path as POST', async () => {
    const a = await createPerson(t, 'staff', { firstName: 'Sky', lastName: 'Writer' });
    const b = await createPerson(t, 'staff');
    const aSocket = await messagingSocket(a);
    const bSocket = await messagingSocket(b);
    emit(aSocket, { type: 'new_message', from: a.id, to: b.id, data: { content: '  over the socket  ' } });
    const arrived = await next(bSocket);
    expect(arrived).toMatchObject({
      type: 'new_message',
      from: a.id,
      to: b.id,
      data: { content: 'over the socket', senderName: 'Sky Writer', deliveryStatus: 'sent' },
    });
    // The sending socket gets the stored message back, which tells it the id.
    expect(await next(aSocket)).toEqual(arrived);
    const list = await t.app.inject({ method: 'GET', url: '/api/messages', headers: bearer(b.token) });
    expect(list.json<Message[]>().map((m) => m.content)).toEqual(['over the socket']);

    emit(aSocket, { type: 'new_message', from: a.id, to: b.id, data: { content: 'x'.repeat(5001) } });
    expect(await next(aSocket)).toMatchObject({
      type: 'error',
      data: { message: expect.stringContaining('5000') },
    });
    emit(aSocket, { type: 'new_message', from: a.id, to: a.id, data: { content: 'me' } });
    expect(await next(aSocket)).toMatchObject({
      type: 'error',
      data: { message: 'You cannot send a message to yourself' },
    });
  });

  it('answers invalid JSON, unknown types and bad shapes with an error frame and stays open', async () => {
    const a = await createPerson(t, 'staff');
    const socket = await messagingSocket(a);
    for (const frame of [
      '{not json',
      { type: 'delete_everything', from: a.id, to: a.id },
      { type: 'message_read', from: a.id, to: a.id, data: { messageIds: [] } },
      { type: 'typing_start', from: a.id, to: 'not-an-id' },
      { type: 'typing_start', from: 'x'.repeat(65), to: a.id },
      { type: 'message_read', from: a.id, to: a.id, data: { messageIds: ['x'.repeat(65)] } },
      { type: 'message_read', from: a.id, to: a.id, data: { messageIds: [a.id], at: 'x'.repeat(41) } },
      [1, 2, 3],
      'null',
    ]) {
      emit(socket, frame);
      const answer = await next(socket);
      expect(answer.type, JSON.stringify(frame)).toBe('error');
      expect(answer.type === 'error' && answer.data.message).toMatch(/^Invalid event/);
    }
    emit(socket, { type: 'message_read', from: a.id, to: a.id, data: { messageIds: ['junk'] } });
    emit(socket, { type: 'typing_stop', from: a.id, to: a.id });
    expect(await next(socket)).toMatchObject({ type: 'error', data: { message: 'Recipient not found' } });
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });
});
