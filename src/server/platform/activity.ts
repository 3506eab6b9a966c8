import type { Db, Tx } from '../db/client';
import { activityLog } from '../db/schema';

export type ActivityEntry = {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  outcome?: 'success' | 'failure';
  ipAddress?: string | null;
  details?: Record<string, string | number | boolean | null>;
};

/** Written in the same transaction as the change it records, so neither exists without the other. */
export async function recordActivity(db: Db | Tx, entry: ActivityEntry) {
  await db.insert(activityLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    outcome: entry.outcome ?? 'success',
    ipAddress: entry.ipAddress ?? null,
    details: entry.details ?? null,
  });
}

/** Several entries in one statement, in the transaction of the change they record. */
export async function recordActivities(db: Db | Tx, entries: ActivityEntry[]) {
  if (entries.length === 0) return;
  await db.insert(activityLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      outcome: entry.outcome ?? 'success',
      ipAddress: entry.ipAddress ?? null,
      details: entry.details ?? null,
    })),
  );
}

/** An entry about a person's account; the actor is that person unless someone else (an admin) acted. */
export function recordAccountActivity(
  db: Db | Tx,
  entry: { action: string; userId: string; actorId?: string | null } & Pick<
    ActivityEntry,
    'outcome' | 'ipAddress' | 'details'
  >,
) {
  const { userId, actorId, ...rest } = entry;
  return recordActivity(db, {
    ...rest,
    actorId: actorId === undefined ? userId : actorId,
    entityType: 'user',
    entityId: userId,
  });
}

/**
 * What a caller (or the system, with null) did to one entity of the kinds `T`, in the change's transaction:
 * who, what and which record, never its content. Features name their kinds: `auditAs<'recovery_note' | 'patient'>`.
 */
export const auditAs = <T extends string>(
  db: Db | Tx,
  caller: { id: string } | null,
  entry: {
    action: string;
    entity: { type: T; id: string | null };
    meta?: { ipAddress: string | null };
    details?: ActivityEntry['details'];
  },
) =>
  recordActivity(db, {
    actorId: caller?.id ?? null,
    action: entry.action,
    entityType: entry.entity.type,
    entityId: entry.entity.id,
    ipAddress: entry.meta?.ipAddress ?? null,
    details: entry.details,
  });

/** Someone read a report: which one and the range asked, never a figure of it (reports, outcomes report). */
export const recordReportViewed = (
  db: Db | Tx,
  caller: { id: string },
  {
    meta,
    details,
  }: { meta: { ipAddress: string | null }; details: ActivityEntry['details'] & { report: string } },
) =>
  recordActivity(db, {
    actorId: caller.id,
    action: 'report.viewed',
    entityType: 'report',
    entityId: null,
    ipAddress: meta.ipAddress,
    details,
  });
