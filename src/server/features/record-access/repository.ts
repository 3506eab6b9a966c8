import { and, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { activityLog, users } from '../../db/schema';

export type AccessRow = {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  createdAt: Date;
  actorId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorRole: 'patient' | 'practitioner' | 'staff' | 'admin' | 'member' | null;
};

/**
 * The log's entries about one patient, newest first (the id grows with every entry and the log is
 * append-only, so it is a stable keyset): their record, their recovery notes (which carry the patient's id
 * in their details), and their account when someone else acted on it. Another patient never appears.
 */
export async function entriesAbout(
  db: Db | Tx,
  patientId: string,
  options: { beforeId?: number; limit: number },
): Promise<AccessRow[]> {
  const about = or(
    and(eq(activityLog.entityType, 'patient'), eq(activityLog.entityId, patientId)),
    and(
      eq(activityLog.entityType, 'recovery_note'),
      sql`${activityLog.details}->>'patientId' = ${patientId}`,
    ),
    and(
      eq(activityLog.entityType, 'user'),
      eq(activityLog.entityId, patientId),
      sql`${activityLog.actorId} is distinct from ${patientId}::uuid`,
    ),
  );
  const conditions: SQL[] = [
    about!,
    eq(activityLog.outcome, 'success'),
    or(eq(activityLog.actorId, patientId), isNull(users.role), ne(users.role, 'patient'))!,
  ];
  if (options.beforeId !== undefined) conditions.push(sql`${activityLog.id} < ${options.beforeId}`);
  return db
    .select({
      id: activityLog.id,
      action: activityLog.action,
      entityType: activityLog.entityType,
      entityId: activityLog.entityId,
      createdAt: activityLog.createdAt,
      actorId: activityLog.actorId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorRole: users.role,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(activityLog.id))
    .limit(options.limit);
}
