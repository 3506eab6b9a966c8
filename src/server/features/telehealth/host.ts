import {
  INVITABLE_STAFF_MAX,
  type InvitableStaffAnswer,
  TELEHEALTH_ERRORS,
} from '../../../shared/telehealth';
import type { Db, Tx } from '../../db/client';
import type { RequestMeta } from '../../platform/context';
import { badRequest, forbidden } from '../../platform/errors';
import * as accounts from '../accounts/service';
import * as appointments from '../appointments/service';
import * as repository from './repository';
import { type Caller, type Ctx, log, notLive, openCall, presentNow, sessionFor } from './service';

/*
 * The host's actions on a call: start, end, admit, invite, and marking the appointment completed. Each is
 * logged in its transaction and announced once ('telehealth.changed'), and answers the host's new view.
 */

/** The host's actions; anyone else of the call sees it exists, so 403 rather than 404. */
async function openAsHost(db: Db | Tx, caller: Caller, id: string) {
  const call = await openCall(db, caller, id);
  if (call.role !== 'host') throw forbidden(TELEHEALTH_ERRORS.hostOnly);
  return call;
}

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

/**
 * The staff the host may invite, found by name or email: active staff accounts not yet invited, at most
 * INVITABLE_STAFF_MAX, by name. Only the host may ask (the others of the call 403, anyone else 404).
 */
export async function invitableStaff(
  ctx: Ctx,
  caller: Caller,
  { id, q }: { id: string; q?: string },
): Promise<InvitableStaffAnswer> {
  await openAsHost(ctx.db, caller, id);
  const invited = (await repository.listPeople(ctx.db, id))
    .filter((person) => person.role === 'guest')
    .map((person) => person.userId);
  const staff = await accounts.searchActiveAccountsWithRole(ctx.db, {
    role: 'staff',
    search: q || undefined,
    excludeIds: invited,
    limit: INVITABLE_STAFF_MAX,
  });
  return { staff };
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
