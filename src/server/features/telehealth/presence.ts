import { TELEHEALTH_ERRORS } from '../../../shared/telehealth';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors';
import * as repository from './repository';
import { type Caller, type Ctx, log, notLive, openCall } from './service';

/** How often an open socket renews its presence (well inside PRESENCE_FRESH_SECONDS). */
export const PRESENCE_RENEW_MS = 30_000;

/** Keeps an open socket's presence counting. */
export const renewPresence = (db: Db, socketId: string) => repository.renewPresence(db, socketId);

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
