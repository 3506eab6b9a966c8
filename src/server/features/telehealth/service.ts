import {
  type CallPerson,
  type CallRole,
  TELEHEALTH_ERRORS,
  type TelehealthSession,
  UPCOMING_VIDEO_VISIT_DAYS,
  type VideoVisitsAnswer,
} from '../../../shared/telehealth';
import type { Db, Tx } from '../../db/client';
import { clinicDayOf, clinicDayStart } from '../../platform/clinic-time';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
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

export type Ctx = Pick<AppContext, 'db' | 'events' | 'config'>;
export type Caller = Pick<SessionUser, 'id' | 'role'>;

const VISITS_MAX = 500;

/**
 * Presence not renewed for this long belongs to an instance that went away without closing its sockets, and
 * counts for nothing (open sockets renew theirs: presence.ts).
 */
export const PRESENCE_FRESH_SECONDS = 90;

/** Who is on the call's page now (renewed presence only). */
export const presentNow = (db: Db | Tx, appointmentId: string) =>
  repository.presentUserIds(db, appointmentId, PRESENCE_FRESH_SECONDS);

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

export async function sessionFor(ctx: Pick<Ctx, 'db' | 'config'>, caller: Caller, appointmentId: string) {
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
  const { appointment, role } = await openCall(ctx.db, caller, id);
  const session = (await sessionsOf(ctx, appointment)).find((entry) => entry.userId === caller.id)!.session;
  await log(ctx.db, caller, {
    action: 'telehealth.viewed',
    id,
    meta,
    details: { patientId: appointment.patientId, role },
  });
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

/** A call is logged as its appointment is: who, what and which appointment, never what was said. */
export const log = appointments.audit;

export const notLive = () => new AppError('CONFLICT', TELEHEALTH_ERRORS.notLive);
