import type { Appointment } from '../../../shared/scheduling';
import type { ServerCallEvent, TelehealthSession } from '../../../shared/telehealth';
import type { TestApp } from '../../test/app';
import type { TestSocket } from '../../test/sockets';
import { expectStatus, serviceType, slotAt, type Who } from '../appointments/testing';

export { call, careTeam, expectStatus, type Who } from '../appointments/testing';

/** Turns video visits on or off, as an admin does in Settings. */
export const setVideoVisits = (t: TestApp, on: boolean) =>
  expectStatus(t, 'admin', {
    method: 'PUT',
    url: '/api/clinic/features',
    payload: { videoVisits: on },
    status: 200,
  });

/** A video visit booked by staff (confirmed), `daysAhead` days from now (negative for the past). */
export async function videoVisit(
  t: TestApp,
  {
    practitionerId,
    patientId,
    daysAhead = 3,
  }: { practitionerId: string; patientId: string; daysAhead?: number },
) {
  const service = await serviceType(t, { durationMinutes: 30 });
  return expectStatus<Appointment>(t, 'staff', {
    method: 'POST',
    url: '/api/appointments',
    payload: {
      practitionerId,
      patientId,
      serviceTypeId: service.id,
      startsAt: slotAt(daysAhead).startsAt,
      isVideo: true,
    },
    status: 201,
  });
}

const sessionUrl = (id: string, action = '') => `/api/telehealth/sessions/${id}${action ? `/${action}` : ''}`;

/** A host's action on a call, expecting it to succeed. */
export const hostDoes = (
  t: TestApp,
  host: Who,
  {
    id,
    action,
    userId,
  }: { id: string; action: 'start' | 'end' | 'complete' | 'admit' | 'invite'; userId?: string },
) =>
  expectStatus<TelehealthSession>(t, host, {
    method: 'POST',
    url: sessionUrl(id, action),
    payload: userId ? { userId } : {},
    status: 200,
  });

export { sessionUrl };

/** Reads frames until one matches (state frames come after every change, so others are skipped). */
export async function frameWhere(
  socket: TestSocket,
  matches: (frame: ServerCallEvent) => boolean,
  timeoutMs = 4000,
): Promise<ServerCallEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error('no matching frame arrived');
    const frame = (await Promise.race([
      socket.nextMessage(),
      new Promise((resolve) => setTimeout(() => resolve(null), left)),
    ])) as ServerCallEvent | null;
    if (frame && matches(frame)) return frame;
  }
}

export const stateWhere = async (socket: TestSocket, matches: (session: TelehealthSession) => boolean) =>
  (
    (await frameWhere(socket, (frame) => frame.type === 'state' && matches(frame.session))) as {
      session: TelehealthSession;
    }
  ).session;

export const errorFrame = (socket: TestSocket) => frameWhere(socket, (frame) => frame.type === 'error');

export const personIn = (session: TelehealthSession, userId: string) =>
  session.people.find((person) => person.userId === userId);
