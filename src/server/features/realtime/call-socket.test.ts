import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_FRAME_MAX_BYTES } from '../../../shared/realtime';
import type { TelehealthSession } from '../../../shared/telehealth';
import {
  jsonTextBytes,
  SIGNAL_SDP_MAX_BYTES,
  SIGNAL_SDP_TOO_LONG,
  TELEHEALTH_ERRORS,
  telehealthSessionPath,
} from '../../../shared/telehealth';
import { activityLog, notifications, telehealthPresence } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { openNetworkSocket, type TestSocket, untilConnections } from '../../test/sockets';
import { PRESENCE_FRESH_SECONDS } from '../telehealth/service';
import {
  careTeam,
  errorFrame,
  frameWhere,
  hostDoes,
  personIn,
  sessionUrl,
  setVideoVisits,
  stateWhere,
  videoVisit,
} from '../telehealth/testing';
import { CALL_FRAMES_BURST } from './call-socket';

let t: TestApp;
let origin = '';
beforeAll(async () => {
  t = await createTestApp();
  await setVideoVisits(t, true);
  // Over the network, as browsers connect: a socket's close (its page left, its session ended) completes
  // its closing handshake and reaches the server as it does in production.
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function callSocket(person: TestPerson): Promise<TestSocket> {
  const before = t.ctx.hub.connectionCount;
  const socket = await openNetworkSocket(
    origin,
    `token=${person.token}&userId=${person.id}&channel=telehealth`,
  );
  await untilConnections(t, before + 1);
  return socket;
}

const emit = (socket: TestSocket, frame: unknown) =>
  socket.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));

/** What a read answers once it satisfies the check, asked again every 50 ms for up to five seconds. */
async function settled<T>(read: () => Promise<T>, check: (value: T) => boolean) {
  let value = await read();
  for (let tries = 0; tries < 100 && !check(value); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

async function aCall() {
  const { practitioner: host, patient } = await careTeam(t);
  const visit = await videoVisit(t, { practitionerId: host.id, patientId: patient.id });
  return { host, patient, id: visit.id };
}

const activityOf = (id: string) =>
  t.database.db
    .select({ action: activityLog.action, actorId: activityLog.actorId, details: activityLog.details })
    .from(activityLog)
    .where(and(eq(activityLog.entityId, id), eq(activityLog.entityType, 'appointment')))
    .orderBy(asc(activityLog.createdAt));

describe('a video visit over the telehealth socket', () => {
  it('waits, starts, admits, relays signals, media and chat between the two, and ends', async () => {
    const { host, patient, id } = await aCall();
    const hostSocket = await callSocket(host);
    const patientSocket = await callSocket(patient);

    // The patient comes first: the waiting room, before the call has started.
    emit(patientSocket, { type: 'join', appointmentId: id });
    const waiting = await stateWhere(patientSocket, (s) => personIn(s, patient.id)?.present === true);
    expect(waiting).toMatchObject({ appointmentId: id, state: 'not_started', role: 'patient' });
    expect(personIn(waiting, patient.id)).toMatchObject({ role: 'patient', admitted: false });
    // The host's page hears of it too (their own part in it).
    const seenByHost = await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === true);
    expect(seenByHost.role).toBe('host');

    emit(patientSocket, { type: 'chat', appointmentId: id, text: 'hello?' });
    expect(await errorFrame(patientSocket)).toEqual({
      type: 'error',
      appointmentId: id,
      message: TELEHEALTH_ERRORS.notLive,
    });

    await hostDoes(t, host, { id: id, action: 'start' });
    await stateWhere(patientSocket, (s) => s.state === 'live');
    // Live, but the patient still waits until admitted: nothing they send is relayed.
    emit(patientSocket, { type: 'signal', appointmentId: id, to: host.id, data: { candidate: null } });
    expect(await errorFrame(patientSocket)).toMatchObject({ message: TELEHEALTH_ERRORS.notAdmitted });

    emit(hostSocket, { type: 'join', appointmentId: id });
    await stateWhere(hostSocket, (s) => personIn(s, host.id)?.present === true);
    await hostDoes(t, host, { id: id, action: 'admit', userId: patient.id });
    const admitted = await stateWhere(patientSocket, (s) => personIn(s, patient.id)?.admitted === true);
    expect(personIn(admitted, host.id)).toMatchObject({ present: true, admitted: true });

    const offer = { description: { type: 'offer', sdp: 'v=0 offer' } };
    emit(hostSocket, { type: 'signal', appointmentId: id, to: patient.id, data: offer });
    expect(await frameWhere(patientSocket, (f) => f.type === 'signal')).toEqual({
      type: 'signal',
      appointmentId: id,
      from: host.id,
      data: offer,
    });
    const candidate = {
      candidate: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0' },
    };
    emit(patientSocket, { type: 'signal', appointmentId: id, to: host.id, data: candidate });
    expect(await frameWhere(hostSocket, (f) => f.type === 'signal')).toEqual({
      type: 'signal',
      appointmentId: id,
      from: patient.id,
      data: candidate,
    });

    emit(patientSocket, {
      type: 'media',
      appointmentId: id,
      data: { audio: false, video: true, screen: false },
    });
    expect(await frameWhere(hostSocket, (f) => f.type === 'media')).toEqual({
      type: 'media',
      appointmentId: id,
      from: patient.id,
      data: { audio: false, video: true, screen: false },
    });

    emit(patientSocket, { type: 'chat', appointmentId: id, text: '  My knee is better  ' });
    const line = await frameWhere(hostSocket, (f) => f.type === 'chat');
    expect(line).toEqual({
      type: 'chat',
      appointmentId: id,
      from: patient.id,
      fromName: `${patient.firstName} ${patient.lastName}`,
      text: 'My knee is better',
      sentAt: expect.any(String),
    });
    // The sender's own page gets the same line back (its time and order).
    expect(await frameWhere(patientSocket, (f) => f.type === 'chat')).toEqual(line);

    await hostDoes(t, host, { id: id, action: 'end' });
    const ended = await stateWhere(patientSocket, (s) => s.state === 'ended');
    expect(ended.endedAt).not.toBeNull();
    // Admissions lapse with the call: a restarted call admits again.
    expect(personIn(ended, patient.id)?.admitted).toBe(false);
    emit(patientSocket, { type: 'chat', appointmentId: id, text: 'still there?' });
    expect(await errorFrame(patientSocket)).toMatchObject({ message: TELEHEALTH_ERRORS.notLive });

    // The patient was told the call started, with the way in, and that it ended.
    const toldPatient = async () =>
      (
        await t.database.db
          .select({
            type: notifications.type,
            actionUrl: notifications.actionUrl,
            message: notifications.message,
          })
          .from(notifications)
          .where(eq(notifications.userId, patient.id))
          .orderBy(asc(notifications.createdAt))
      ).filter((n) => n.type.startsWith('telehealth'));
    // Notifications follow the change's event, a moment after its answer.
    expect(await settled(toldPatient, (rows) => rows.length === 2)).toEqual([
      {
        type: 'telehealth_session_started',
        actionUrl: telehealthSessionPath(id),
        message: `${host.firstName} ${host.lastName} started your video visit. Join when you are ready.`,
      },
      {
        type: 'telehealth_session_ended',
        actionUrl: `/appointments?appointment=${id}`,
        message: `Your video visit with ${host.firstName} ${host.lastName} has ended.`,
      },
    ]);

    // The log holds who joined, the start, the admission and the end; never a word of the chat.
    const log = await activityOf(id);
    const actions = log.map((entry) => entry.action);
    for (const action of [
      'telehealth.joined',
      'telehealth.call_started',
      'telehealth.admitted',
      'telehealth.call_ended',
    ])
      expect(actions).toContain(action);
    expect(
      log
        .filter((entry) => entry.action === 'telehealth.joined')
        .map((e) => e.actorId)
        .sort(),
    ).toEqual([host.id, patient.id].sort());
    expect(JSON.stringify(log)).not.toMatch(/knee|hello|still there/);

    // Leaving by closing the page: presence clears, the host sees it, and it is logged.
    patientSocket.socket.close();
    await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === false);
    const logged = await settled(
      () => activityOf(id),
      (rows) => rows.some((row) => row.action === 'telehealth.left'),
    );
    expect(logged.map((entry) => entry.action)).toContain('telehealth.left');
    const left = await t.database.db
      .select()
      .from(telehealthPresence)
      .where(eq(telehealthPresence.userId, patient.id));
    expect(left).toEqual([]);
  });

  it('answers a stranger’s join with an error frame that reveals nothing, and relays nothing to them', async () => {
    const { host, patient, id } = await aCall();
    const stranger = await createPerson(t, 'patient');
    const strangerSocket = await callSocket(stranger);
    const patientSocket = await callSocket(patient);
    for (const appointmentId of [id, '00000000-0000-4000-8000-000000000000']) {
      emit(strangerSocket, { type: 'join', appointmentId });
      expect(await errorFrame(strangerSocket)).toEqual({
        type: 'error',
        appointmentId,
        message: 'Appointment not found',
      });
    }
    emit(strangerSocket, { type: 'signal', appointmentId: id, to: host.id, data: { candidate: null } });
    expect(await errorFrame(strangerSocket)).toMatchObject({ message: 'Appointment not found' });

    await hostDoes(t, host, { id: id, action: 'start' });
    emit(patientSocket, { type: 'join', appointmentId: id });
    await stateWhere(patientSocket, (s) => personIn(s, patient.id)?.present === true);
    // Nothing of the call reached the stranger's socket: no state, no signal.
    expect(strangerSocket.messages).toEqual([]);
    // Present people are only the call's.
    const session = (
      await t.app.inject({ method: 'GET', url: sessionUrl(id), headers: bearer(host.token) })
    ).json<TelehealthSession>();
    expect(session.people.map((person) => person.userId).sort()).toEqual([host.id, patient.id].sort());
  });

  it('lets an invited staff member wait and be admitted, and refuses to invite anyone but staff', async () => {
    const { host, patient, id } = await aCall();
    const staff = await createPerson(t, 'staff', { firstName: 'Front', lastName: 'Desk' });
    const before = await t.app.inject({ method: 'GET', url: sessionUrl(id), headers: bearer(staff.token) });
    expect(before.statusCode).toBe(404);

    const refused = await t.app.inject({
      method: 'POST',
      url: sessionUrl(id, 'invite'),
      headers: bearer(host.token),
      payload: { userId: patient.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TELEHEALTH_ERRORS.inviteStaffOnly);

    const invited = await hostDoes(t, host, { id: id, action: 'invite', userId: staff.id });
    expect(personIn(invited, staff.id)).toMatchObject({ role: 'guest', name: 'Front Desk', admitted: false });
    const [told] = await settled(
      () =>
        t.database.db
          .select({ type: notifications.type, actionUrl: notifications.actionUrl })
          .from(notifications)
          .where(eq(notifications.userId, staff.id)),
      (rows) => rows.length > 0,
    );
    expect(told).toEqual({ type: 'telehealth_session_started', actionUrl: telehealthSessionPath(id) });

    const staffSocket = await callSocket(staff);
    await hostDoes(t, host, { id: id, action: 'start' });
    emit(staffSocket, { type: 'join', appointmentId: id });
    const waiting = await stateWhere(staffSocket, (s) => personIn(s, staff.id)?.present === true);
    expect(waiting.role).toBe('guest');
    // The host's actions stay the host's.
    const start = await t.app.inject({
      method: 'POST',
      url: sessionUrl(id, 'end'),
      headers: bearer(staff.token),
    });
    expect(start.statusCode).toBe(403);
    expect(start.json().message).toBe(TELEHEALTH_ERRORS.hostOnly);
    await hostDoes(t, host, { id: id, action: 'admit', userId: staff.id });
    await stateWhere(staffSocket, (s) => personIn(s, staff.id)?.admitted === true);
    emit(staffSocket, { type: 'chat', appointmentId: id, text: 'Joining to help with forms' });
    expect(await frameWhere(staffSocket, (f) => f.type === 'chat')).toMatchObject({ fromName: 'Front Desk' });
  });

  it('marks the appointment completed from the call, with the appointment’s own event', async () => {
    const { host, id } = await aCall();
    await hostDoes(t, host, { id: id, action: 'start' });
    const done = await hostDoes(t, host, { id: id, action: 'complete' });
    expect(done.appointmentStatus).toBe('completed');
    const appointment = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/${id}`,
      headers: bearer(host.token),
    });
    expect(appointment.json()).toMatchObject({ status: 'completed', isVideo: true });
    expect((await activityOf(id)).map((entry) => entry.action)).toContain('appointment.completed');
    const again = await t.app.inject({
      method: 'POST',
      url: sessionUrl(id, 'complete'),
      headers: bearer(host.token),
    });
    expect(again.statusCode).toBe(409);
  });

  it('clears presence when the session ends (sign-out closes the socket)', async () => {
    const { host, patient, id } = await aCall();
    const hostSocket = await callSocket(host);
    const patientSocket = await callSocket(patient);
    emit(patientSocket, { type: 'join', appointmentId: id });
    await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === true);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(patient.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await patientSocket.closed).code).toBe(4409);
    await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === false);
  });

  it('clears presence when an admin deactivates the account', async () => {
    const { host, patient, id } = await aCall();
    const hostSocket = await callSocket(host);
    const patientSocket = await callSocket(patient);
    emit(patientSocket, { type: 'join', appointmentId: id });
    await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === true);
    const deactivated = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/users/${patient.id}/deactivate`,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await patientSocket.closed).code).toBe(4403);
    await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === false);
  });

  it('forgets presence its instance stopped renewing (an instance that went away)', async () => {
    const { host, patient, id } = await aCall();
    const patientSocket = await callSocket(patient);
    emit(patientSocket, { type: 'join', appointmentId: id });
    await stateWhere(patientSocket, (s) => personIn(s, patient.id)?.present === true);
    await t.database.db
      .update(telehealthPresence)
      .set({ seenAt: new Date(Date.now() - (PRESENCE_FRESH_SECONDS + 5) * 1000) })
      .where(eq(telehealthPresence.userId, patient.id));
    const session = (
      await t.app.inject({ method: 'GET', url: sessionUrl(id), headers: bearer(host.token) })
    ).json<TelehealthSession>();
    expect(personIn(session, patient.id)?.present).toBe(false);
    // The host cannot admit someone who is not there.
    await hostDoes(t, host, { id, action: 'start' });
    const admit = await t.app.inject({
      method: 'POST',
      url: sessionUrl(id, 'admit'),
      headers: bearer(host.token),
      payload: { userId: patient.id },
    });
    expect(admit.statusCode).toBe(400);
    expect(admit.json().message).toBe(TELEHEALTH_ERRORS.personNotInCall);
  });

  it('answers malformed frames with an error frame, stays open, and limits a flood', async () => {
    const { patient, id } = await aCall();
    const socket = await callSocket(patient);
    for (const frame of [
      '{not json',
      { type: 'hang_up', appointmentId: id },
      { type: 'join', appointmentId: 'nope' },
      { type: 'chat', appointmentId: id, text: '   ' },
      { type: 'chat', appointmentId: id, text: 'x'.repeat(2001) },
      { type: 'signal', appointmentId: id, to: id, data: { sdp: 'loose' } },
      { type: 'join', appointmentId: id, extra: true },
    ]) {
      emit(socket, frame);
      const answer = await errorFrame(socket);
      expect(answer.type === 'error' && answer.message, JSON.stringify(frame)).toMatch(/^Invalid event/);
    }
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);

    for (let i = 0; i < CALL_FRAMES_BURST + 100; i++) emit(socket, '{not json');
    await frameWhere(
      socket,
      (frame) => frame.type === 'error' && frame.message === TELEHEALTH_ERRORS.tooManyEvents,
    );
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });

  it('relays the largest valid description and refuses one byte more with an error, closing nothing', async () => {
    const { host, patient, id } = await aCall();
    const hostSocket = await callSocket(host);
    const patientSocket = await callSocket(patient);
    emit(patientSocket, { type: 'join', appointmentId: id });
    await stateWhere(hostSocket, (s) => personIn(s, patient.id)?.present === true);
    await hostDoes(t, host, { id, action: 'start' });
    await hostDoes(t, host, { id, action: 'admit', userId: patient.id });
    await stateWhere(patientSocket, (s) => personIn(s, patient.id)?.admitted === true);
    // Another call at the same time, which the refusal must leave alone.
    const other = await aCall();
    const otherHost = await callSocket(other.host);
    emit(otherHost, { type: 'join', appointmentId: other.id });
    await stateWhere(otherHost, (s) => personIn(s, other.host.id)?.present === true);

    // Description lines as a browser writes them (CRLF), the last padded so the JSON text is exactly `bytes`.
    const sdpOf = (bytes: number) => {
      const line = 'a=candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host generation 0\r\n';
      const pad = 'a=x-pad:\r\n';
      let sdp = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\n';
      while (jsonTextBytes(sdp + line + pad) <= bytes) sdp += line;
      const fill = 'p'.repeat(bytes - jsonTextBytes(sdp + pad));
      return `${sdp}a=x-pad:${fill}\r\n`;
    };
    const frameOf = (sdp: string) =>
      JSON.stringify({
        type: 'signal',
        appointmentId: id,
        to: patient.id,
        data: { description: { type: 'pranswer', sdp } },
      });
    const largest = sdpOf(SIGNAL_SDP_MAX_BYTES);
    expect(jsonTextBytes(largest)).toBe(SIGNAL_SDP_MAX_BYTES);
    const largestFrame = frameOf(largest);
    // The largest valid signal frame fits the socket's limit with more than a third of it to spare.
    expect(Buffer.byteLength(largestFrame)).toBeLessThan(SOCKET_FRAME_MAX_BYTES * 0.6);

    emit(hostSocket, largestFrame);
    const relayed = await frameWhere(patientSocket, (f) => f.type === 'signal');
    expect(relayed).toEqual({
      type: 'signal',
      appointmentId: id,
      from: host.id,
      data: { description: { type: 'pranswer', sdp: largest } },
    });

    const overFrame = frameOf(sdpOf(SIGNAL_SDP_MAX_BYTES + 1));
    expect(Buffer.byteLength(overFrame)).toBeLessThan(SOCKET_FRAME_MAX_BYTES);
    emit(hostSocket, overFrame);
    expect(await errorFrame(hostSocket)).toEqual({
      type: 'error',
      appointmentId: id,
      message: `Invalid event: data.description.sdp: ${SIGNAL_SDP_TOO_LONG}`,
    });
    for (const socket of [hostSocket, patientSocket, otherHost])
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    // The call goes on: the next signal is relayed as before.
    const answer = { description: { type: 'answer', sdp: 'v=0 answer' } };
    emit(patientSocket, { type: 'signal', appointmentId: id, to: host.id, data: answer });
    expect(await frameWhere(hostSocket, (f) => f.type === 'signal')).toMatchObject({ data: answer });
    for (const socket of [hostSocket, patientSocket, otherHost]) socket.socket.close();
  });

  it('refuses every frame while the clinic has video visits off', async () => {
    const { patient, id } = await aCall();
    const socket = await callSocket(patient);
    await setVideoVisits(t, false);
    try {
      emit(socket, { type: 'join', appointmentId: id });
      expect(await errorFrame(socket)).toMatchObject({
        message: expect.stringMatching(/^Video visits are off/),
      });
    } finally {
      await setVideoVisits(t, true);
    }
  });
});
