import {
  type CallPerson,
  type CallRole,
  TELEHEALTH_ERRORS,
  type TelehealthSession,
  UPCOMING_VIDEO_VISIT_DAYS,
  type VideoVisitsAnswer,
} from '../../../shared/telehealth';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import { clinicDayOf, clinicDayStart } from '../../platform/clinic-time';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import * as appointments from '../appointments/service';
import { requireVideoVisits } from '../clinic-features/service';
import { iceServersFor } from './ice-servers';
import * as repository from './repository';

/*
 * Video visits: who may be on an appointment's call, where the call stands, and the host's actions. The
 * media and the chat never reach the database; what is kept is the call's state with its start and end, the
 * admissions and invitations, and who is on the call's page now. Each change is logged and announced once
 * ('telehealth.changed'); the realtime feature pushes the new state to everyone of the call.
 */

type Ctx = Pick<AppContext, 'db' | 'events' | 'config'>;
type Caller = Pick<SessionUser, 'id' | 'role'>;

const VISITS_MAX = 500;

/**
 * An open socket renews its presence this often; presence not renewed for PRESENCE_FRESH_SECONDS belongs to an
 * instance that went away without closing its sockets, and counts for nothing.
 */
export const PRESENCE_RENEW_MS = 30_000;
export const PRESENCE_FRESH_SECONDS = 90;

const presentNow = (db: Db | Tx, appointmentId: string) =>
  repository.presentUserIds(db, appointmentId, PRESENCE_FRESH_SECONDS);

/** Keeps an open socket's presence counting (see PRESENCE_RENEW_MS). */
export const renewPresence = (db: Db, socketId: string) => repository.renewPresence(db, socketId);

export type CallOf = { appointment: appointments.CallAppointment; role: CallRole };

/** The caller's part in the appointment's call, or null when they have none. */
async function roleIn(db: Db | Tx, caller: Caller, appointment: appointments.CallAppointment) {
  if (appointment.practitionerId === caller.id) return 'host' as const;
  if (appointment.patientId === caller.id) return 'patient' as const;
  if (caller.role === 'staff' && (await repository.isInvited(db, appointment.id, caller.id)))
    return 'guest' as const;
  return null;
}

/**
 * The call of an appointment as the caller may reach it: video visits on (409), the caller one of its
 * people (404 for anyone else, whatever their role, so a link or an id alone reveals nothing), a video
 * visit (409) that is not cancelled (409).
 */
export async function openCall(db: Db | Tx, caller: Caller, appointmentId: string): Promise<CallOf> {
  await requireVideoVisits(db);
  const appointment = await appointments.callAppointmentOf(db, appointmentId);
  const role = appointment ? await roleIn(db, caller, appointment) : null;
  if (!appointment || !role) throw notFound(appointments.APPOINTMENT_NOT_FOUND);
  if (!appointment.isVideo) throw new AppError('CONFLICT', TELEHEALTH_ERRORS.notVideo);
  if (appointment.status === 'cancelled') throw new AppError('CONFLICT', TELEHEALTH_ERRORS.cancelled);
  return { appointment, role };
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * The call as each of its people sees it (their part and their TURN logins differ). Everyone is read once:
 * the call, its people and who is on its page.
 */
export async function sessionsOf(
  ctx: Pick<Ctx, 'db' | 'config'>,
  appointment: appointments.CallAppointment,
): Promise<Array<{ userId: string; session: TelehealthSession }>> {
  const [call, rows, present] = await Promise.all([
    repository.findCall(ctx.db, appointment.id),
    repository.listPeople(ctx.db, appointment.id),
    presentNow(ctx.db, appointment.id),
  ]);
  const patientRow = rows.find((row) => row.userId === appointment.patientId);
  const people: CallPerson[] = [
    {
      userId: appointment.practitionerId,
      name: appointment.practitionerName,
      role: 'host',
      present: present.has(appointment.practitionerId),
      admitted: true,
    },
    {
      userId: appointment.patientId,
      name: appointment.patientName,
      role: 'patient',
      present: present.has(appointment.patientId),
      admitted: Boolean(patientRow?.admittedAt),
    },
    ...rows
      .filter((row) => row.role === 'guest')
      .map((row) => ({
        userId: row.userId,
        name: row.name,
        role: 'guest' as const,
        present: present.has(row.userId),
        admitted: Boolean(row.admittedAt),
      })),
  ];
  return people.map((person) => ({
    userId: person.userId,
    session: {
      appointmentId: appointment.id,
      startTime: appointment.startsAt.toISOString(),
      endTime: appointment.endsAt.toISOString(),
      serviceName: appointment.serviceName,
      appointmentStatus: appointment.status,
      state: call?.state ?? 'not_started',
      startedAt: iso(call?.startedAt),
      endedAt: iso(call?.endedAt),
      role: person.role,
      people,
      iceServers: iceServersFor(ctx.config, person.userId),
    },
  }));
}

async function sessionFor(ctx: Pick<Ctx, 'db' | 'config'>, caller: Caller, appointmentId: string) {
  const { appointment } = await openCall(ctx.db, caller, appointmentId);
  const all = await sessionsOf(ctx, appointment);
  return all.find((entry) => entry.userId === caller.id)?.session ?? all[0].session;
}

/** The state of the call for everyone of it, fresh from the database, for the pushes after a change. */
export async function sessionsForPush(ctx: Pick<Ctx, 'db' | 'config'>, appointmentId: string) {
  const appointment = await appointments.callAppointmentOf(ctx.db, appointmentId);
  return appointment ? sessionsOf(ctx, appointment) : [];
}

/** GET /api/telehealth/sessions/{id}: everything the call's page needs; read by one of the call's people. */
export async function getSession(ctx: Ctx, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  const session = await sessionFor(ctx, caller, id);
  await log(ctx.db, caller, { action: 'telehealth.viewed', id, meta, details: { role: session.role } });
  return session;
}

/**
 * The Telehealth page: video visits from the start of today (the clinic's day) through the days ahead, not
 * cancelled. A patient sees their own, a practitioner their own sessions, staff and admins the whole
 * clinic's (they run the front desk and see every appointment).
 */
export async function listVisits(ctx: Ctx, caller: Caller, meta: RequestMeta): Promise<VideoVisitsAnswer> {
  await requireVideoVisits(ctx.db);
  const today = clinicDayOf(new Date());
  const rows = await appointments.videoVisitsBetween(ctx.db, {
    from: today.from,
    to: clinicDayStart(today.day, UPCOMING_VIDEO_VISIT_DAYS + 1),
    patientId: caller.role === 'patient' ? caller.id : undefined,
    practitionerId: caller.role === 'practitioner' ? caller.id : undefined,
    limit: VISITS_MAX,
  });
  const states = await repository.callStates(
    ctx.db,
    rows.map((row) => row.id),
  );
  await log(ctx.db, caller, { action: 'telehealth.listed', id: null, meta, details: { count: rows.length } });
  return {
    visits: rows.map((row) => ({
      appointmentId: row.id,
      startTime: row.startsAt.toISOString(),
      endTime: row.endsAt.toISOString(),
      serviceName: row.serviceName,
      patientName: row.patientName,
      practitionerName: row.practitionerName,
      appointmentStatus: row.status,
      state: states.get(row.id) ?? 'not_started',
      joinUrl: appointments.videoJoinUrl(ctx.config.appUrl, row.id),
    })),
  };
}

const log = (
  db: Db | Tx,
  caller: Caller,
  {
    action,
    id,
    meta,
    details,
  }: {
    action: string;
    id: string | null;
    meta: { ipAddress: string };
    details?: Record<string, string | number | boolean | null>;
  },
) =>
  recordActivity(db, {
    actorId: caller.id,
    action,
    entityType: 'appointment',
    entityId: id,
    ipAddress: meta.ipAddress,
    details,
  });

/** The host's actions; anyone else of the call sees it exists, so 403 rather than 404. */
async function openAsHost(db: Db | Tx, caller: Caller, id: string) {
  const call = await openCall(db, caller, id);
  if (call.role !== 'host') throw forbidden(TELEHEALTH_ERRORS.hostOnly);
  return call;
}

const notLive = () => new AppError('CONFLICT', TELEHEALTH_ERRORS.notLive);

/**
 * Starts the call (again, after it ended): the patient is told, with a link to the call. Starting a call that
 * is live changes nothing.
 */
export async function startCall(ctx: Ctx, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  const started = await ctx.db.transaction(async (tx) => {
    const { appointment } = await openAsHost(tx, caller, id);
    await repository.ensureCall(tx, id);
    const call = await repository.findCall(tx, id, { lock: true });
    if (call?.state === 'live') return false;
    const now = new Date();
    await repository.updateCall(tx, id, {
      state: 'live',
      startedAt: now,
      endedAt: null,
      startedBy: caller.id,
    });
    await repository.ensurePerson(tx, {
      appointmentId: id,
      userId: caller.id,
      role: 'host',
      admittedAt: now,
    });
    await log(tx, caller, {
      action: 'telehealth.call_started',
      id,
      meta,
      details: { patientId: appointment.patientId },
    });
    return true;
  });
  if (started)
    ctx.events.publish('telehealth.changed', { appointmentId: id, actorId: caller.id, change: 'started' });
  return sessionFor(ctx, caller, id);
}

/** Ends the live call: everyone's page shows it ended, the patient is told, and admissions lapse. */
export async function endCall(ctx: Ctx, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  await ctx.db.transaction(async (tx) => {
    const { appointment } = await openAsHost(tx, caller, id);
    const call = await repository.findCall(tx, id, { lock: true });
    if (call?.state !== 'live') throw notLive();
    const now = new Date();
    await repository.updateCall(tx, id, { state: 'ended', endedAt: now });
    await repository.clearAdmissions(tx, id);
    await log(tx, caller, {
      action: 'telehealth.call_ended',
      id,
      meta,
      details: {
        patientId: appointment.patientId,
        minutes: call.startedAt ? Math.round((now.getTime() - call.startedAt.getTime()) / 60_000) : null,
      },
    });
  });
  ctx.events.publish('telehealth.changed', { appointmentId: id, actorId: caller.id, change: 'ended' });
  return sessionFor(ctx, caller, id);
}

/** Lets a waiting patient or guest into the live call: they must be on the call's page now. */
export async function admit(
  ctx: Ctx,
  caller: Caller,
  { id, userId, meta }: { id: string; userId: string; meta: RequestMeta },
) {
  const admitted = await ctx.db.transaction(async (tx) => {
    const { appointment } = await openAsHost(tx, caller, id);
    const call = await repository.findCall(tx, id, { lock: true });
    if (call?.state !== 'live') throw notLive();
    const person = await repository.findPerson(tx, id, userId);
    const present = await presentNow(tx, id);
    if (!person || person.role === 'host' || !present.has(userId))
      throw badRequest(TELEHEALTH_ERRORS.personNotInCall, { userId: TELEHEALTH_ERRORS.personNotInCall });
    if (person.admittedAt) return false;
    await repository.admit(tx, { appointmentId: id, userId, at: new Date() });
    await log(tx, caller, {
      action: 'telehealth.admitted',
      id,
      meta,
      details: { patientId: appointment.patientId, userId, role: person.role },
    });
    return true;
  });
  if (admitted)
    ctx.events.publish('telehealth.changed', {
      appointmentId: id,
      actorId: caller.id,
      change: 'admitted',
      userId,
    });
  return sessionFor(ctx, caller, id);
}

/**
 * Invites a staff member (an active staff account, nobody else) to the call: they may then open it, wait and
 * be admitted, and are told with a link to it. It puts no patient in their reach beyond what staff see.
 */
export async function invite(
  ctx: Ctx,
  caller: Caller,
  { id, userId, meta }: { id: string; userId: string; meta: RequestMeta },
) {
  await ctx.db.transaction(async (tx) => {
    const { appointment } = await openAsHost(tx, caller, id);
    const person = await accounts.findAccountById(tx, userId);
    if (person?.role !== 'staff' || !person.isActive)
      throw badRequest(TELEHEALTH_ERRORS.inviteStaffOnly, { userId: TELEHEALTH_ERRORS.inviteStaffOnly });
    await repository.invite(tx, { appointmentId: id, userId, invitedBy: caller.id, invitedAt: new Date() });
    await log(tx, caller, {
      action: 'telehealth.invited',
      id,
      meta,
      details: { patientId: appointment.patientId, userId },
    });
  });
  ctx.events.publish('telehealth.changed', {
    appointmentId: id,
    actorId: caller.id,
    change: 'invited',
    userId,
  });
  return sessionFor(ctx, caller, id);
}

/** Marks the appointment completed from the call, through the appointments' own rules and events. */
export async function completeFromCall(
  ctx: Ctx,
  caller: Caller,
  { id, meta }: { id: string; meta: RequestMeta },
) {
  await openAsHost(ctx.db, caller, id);
  await appointments.completeAppointment(ctx, caller, { id, meta });
  ctx.events.publish('telehealth.changed', { appointmentId: id, actorId: caller.id, change: 'completed' });
  return sessionFor(ctx, caller, id);
}

/*
 * Presence, from the call's socket. A socket joins a call's page (the waiting room until admitted) and leaves
 * it, by a frame or by closing; each socket's presence is a row, so every instance sees the same people.
 */

/** Puts a socket on the call's page; logs the join once per socket and call. */
export async function joinCall(
  ctx: Ctx,
  user: Caller,
  { id, socketId, ipAddress }: { id: string; socketId: string; ipAddress: string },
) {
  const { appointment, role } = await openCall(ctx.db, user, id);
  const joined = await ctx.db.transaction(async (tx) => {
    if (role !== 'guest')
      await repository.ensurePerson(tx, {
        appointmentId: id,
        userId: user.id,
        role,
        ...(role === 'host' ? { admittedAt: new Date() } : {}),
      });
    const added = await repository.addPresence(tx, { socketId, appointmentId: id, userId: user.id });
    if (added)
      await log(tx, user, {
        action: 'telehealth.joined',
        id,
        meta: { ipAddress },
        details: { patientId: appointment.patientId, role },
      });
    return added;
  });
  ctx.events.publish('telehealth.changed', {
    appointmentId: id,
    actorId: user.id,
    change: joined ? 'joined' : 'rejoined',
  });
}

/** Takes a socket off one call's page (a leave frame) or all of them (the socket closed). */
export async function leaveCalls(
  ctx: Pick<Ctx, 'db' | 'events'>,
  user: Caller,
  { socketId, id, ipAddress }: { socketId: string; id?: string; ipAddress: string },
) {
  const left = await ctx.db.transaction(async (tx) => {
    const rows = await repository.removePresence(tx, socketId, id);
    for (const row of rows)
      await log(tx, user, { action: 'telehealth.left', id: row.appointmentId, meta: { ipAddress } });
    return rows;
  });
  for (const row of left)
    ctx.events.publish('telehealth.changed', {
      appointmentId: row.appointmentId,
      actorId: user.id,
      change: 'left',
    });
}

/**
 * Whom a signal, media or chat frame may go to: the call must be live and the sender admitted (the host always
 * is); `to` must be an admitted person of the call. Without `to`, every admitted person but the sender.
 */
export async function relayTargets(
  db: Db | Tx,
  user: Caller,
  { id, to }: { id: string; to?: string },
): Promise<{ recipients: string[]; senderName: string }> {
  const { appointment } = await openCall(db, user, id);
  const [call, rows] = await Promise.all([repository.findCall(db, id), repository.listPeople(db, id)]);
  if (call?.state !== 'live') throw notLive();
  const admitted = new Map<string, string>([[appointment.practitionerId, appointment.practitionerName]]);
  for (const row of rows) if (row.role !== 'host' && row.admittedAt) admitted.set(row.userId, row.name);
  const senderName = admitted.get(user.id);
  if (senderName === undefined) throw new AppError('FORBIDDEN', TELEHEALTH_ERRORS.notAdmitted);
  if (to !== undefined) {
    if (to === user.id || !admitted.has(to)) throw badRequest(TELEHEALTH_ERRORS.personNotInCall);
    return { recipients: [to], senderName };
  }
  return { recipients: [...admitted.keys()].filter((userId) => userId !== user.id), senderName };
}
