import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { CallRole, CallState } from '../../../shared/telehealth';
import type { Db, Tx } from '../../db/client';
import { telehealthCallPeople, telehealthCalls, telehealthPresence, users } from '../../db/schema';

export type CallRow = typeof telehealthCalls.$inferSelect;

export async function findCall(db: Db | Tx, appointmentId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(telehealthCalls).where(eq(telehealthCalls.appointmentId, appointmentId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Makes the call's row when it has none, so that changes to it can lock it. */
export async function ensureCall(db: Db | Tx, appointmentId: string) {
  await db.insert(telehealthCalls).values({ appointmentId }).onConflictDoNothing();
}

export async function updateCall(
  db: Db | Tx,
  appointmentId: string,
  values: { state: CallState; startedAt?: Date; endedAt?: Date | null; startedBy?: string },
) {
  await db.update(telehealthCalls).set(values).where(eq(telehealthCalls.appointmentId, appointmentId));
}

/** The call's people with rows (patient once they came, host, invited staff), with their names. */
export function listPeople(db: Db | Tx, appointmentId: string) {
  return db
    .select({
      userId: telehealthCallPeople.userId,
      role: telehealthCallPeople.role,
      admittedAt: telehealthCallPeople.admittedAt,
      invitedAt: telehealthCallPeople.invitedAt,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(telehealthCallPeople)
    .innerJoin(users, eq(users.id, telehealthCallPeople.userId))
    .where(eq(telehealthCallPeople.appointmentId, appointmentId))
    .orderBy(asc(telehealthCallPeople.invitedAt), asc(telehealthCallPeople.userId));
}

export async function findPerson(db: Db | Tx, appointmentId: string, userId: string) {
  const [row] = await db
    .select()
    .from(telehealthCallPeople)
    .where(
      and(eq(telehealthCallPeople.appointmentId, appointmentId), eq(telehealthCallPeople.userId, userId)),
    );
  return row ?? null;
}

/** A row for the host or the patient when they first come; an existing one (an admission) is kept. */
export async function ensurePerson(
  db: Db | Tx,
  person: { appointmentId: string; userId: string; role: CallRole; admittedAt?: Date },
) {
  await db.insert(telehealthCallPeople).values(person).onConflictDoNothing();
}

export async function invite(
  db: Db | Tx,
  invitation: { appointmentId: string; userId: string; invitedBy: string; invitedAt: Date },
) {
  await db
    .insert(telehealthCallPeople)
    .values({ ...invitation, role: 'guest' })
    .onConflictDoUpdate({
      target: [telehealthCallPeople.appointmentId, telehealthCallPeople.userId],
      set: { invitedBy: invitation.invitedBy, invitedAt: invitation.invitedAt },
    });
}

export async function admit(
  db: Db | Tx,
  { appointmentId, userId, at }: { appointmentId: string; userId: string; at: Date },
) {
  await db
    .update(telehealthCallPeople)
    .set({ admittedAt: at })
    .where(
      and(
        eq(telehealthCallPeople.appointmentId, appointmentId),
        eq(telehealthCallPeople.userId, userId),
        isNull(telehealthCallPeople.admittedAt),
      ),
    );
}

/** When a call ends, whoever was admitted waits again next time; the host needs no admission. */
export async function clearAdmissions(db: Db | Tx, appointmentId: string) {
  await db
    .update(telehealthCallPeople)
    .set({ admittedAt: null })
    .where(and(eq(telehealthCallPeople.appointmentId, appointmentId), ne(telehealthCallPeople.role, 'host')));
}

/** Whether a staff member was invited to the call. */
export async function isInvited(db: Db | Tx, appointmentId: string, userId: string) {
  const row = await findPerson(db, appointmentId, userId);
  return row?.role === 'guest';
}

/** Marks a socket present on a call's page; false when it already was (a repeated join). */
export async function addPresence(
  db: Db | Tx,
  presence: { socketId: string; appointmentId: string; userId: string },
) {
  const rows = await db
    .insert(telehealthPresence)
    .values(presence)
    .onConflictDoNothing()
    .returning({ socketId: telehealthPresence.socketId });
  return rows.length > 0;
}

/** Takes a socket off one call's page, or off every page it was on; answers the calls it left. */
export async function removePresence(db: Db | Tx, socketId: string, appointmentId?: string) {
  const rows = await db
    .delete(telehealthPresence)
    .where(
      and(
        eq(telehealthPresence.socketId, socketId),
        appointmentId ? eq(telehealthPresence.appointmentId, appointmentId) : undefined,
      ),
    )
    .returning({ appointmentId: telehealthPresence.appointmentId, userId: telehealthPresence.userId });
  return rows;
}

/** Renews the presence rows of open sockets, so that they keep counting. */
export async function renewPresence(db: Db | Tx, socketId: string) {
  await db
    .update(telehealthPresence)
    .set({ seenAt: sql`now()` })
    .where(eq(telehealthPresence.socketId, socketId));
}

/** Who has a socket on the call's page now, on any instance: rows renewed within `freshSeconds`. */
export async function presentUserIds(db: Db | Tx, appointmentId: string, freshSeconds: number) {
  const rows = await db
    .selectDistinct({ userId: telehealthPresence.userId })
    .from(telehealthPresence)
    .where(
      and(
        eq(telehealthPresence.appointmentId, appointmentId),
        sql`${telehealthPresence.seenAt} > now() - make_interval(secs => ${freshSeconds})`,
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** The state of several calls at once (the Telehealth page); a visit without a row has not started. */
export async function callStates(db: Db | Tx, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return new Map<string, CallState>();
  const rows = await db
    .select({ appointmentId: telehealthCalls.appointmentId, state: telehealthCalls.state })
    .from(telehealthCalls)
    .where(inArray(telehealthCalls.appointmentId, appointmentIds));
  return new Map(rows.map((row) => [row.appointmentId, row.state]));
}
