import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AccountStatus } from '../../../shared/admin';
import type { Role } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { activityLog, emailOutbox, jobs, profiles, users } from '../../db/schema';

/** `%term%` for ILIKE with the term's own wildcards taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const startsWithPattern = (term: string) => `${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  photoId: users.photoId,
  isActive: users.isActive,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
  phone: profiles.phone,
};
export type AccountRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  photoId: string | null;
  isActive: boolean;
  deactivatedAt: Date | null;
  createdAt: Date;
  phone: string | null;
};

export async function findAccount(db: Db, id: string): Promise<AccountRow | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** One page of a role's accounts by name (last, first, id), keyset-paged after the cursor's account. */
export async function listAccounts(
  db: Db,
  options: { role: Role; search?: string; status?: AccountStatus; cursorId?: string; limit: number },
): Promise<AccountRow[]> {
  const conditions: SQL[] = [eq(users.role, options.role)];
  if (options.status) conditions.push(eq(users.isActive, options.status === 'active'));
  if (options.search) {
    const pattern = containsPattern(options.search);
    conditions.push(
      sql`((${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) ilike ${pattern}
        or ${profiles.phone} ilike ${pattern})`,
    );
  }
  if (options.cursorId)
    conditions.push(sql`(lower(${users.lastName}), lower(${users.firstName}), ${users.id}) >
      (select lower(c.last_name), lower(c.first_name), c.id from users c where c.id = ${options.cursorId})`);
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id))
    .limit(options.limit);
}

export async function countPeopleByRole(db: Db) {
  const rows = await db
    .select({ role: users.role, isActive: users.isActive, count: sql<string>`count(*)` })
    .from(users)
    .groupBy(users.role, users.isActive);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export type ActivityQuery = {
  actor?: string;
  action?: string;
  entityType?: string;
  from?: Date;
  to?: Date;
  beforeId?: number;
  limit: number;
};

function activityConditions(query: Omit<ActivityQuery, 'limit'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.actor) {
    const byText = sql`${activityLog.actorId} in (select a.id from users a
      where (a.first_name || ' ' || a.last_name || ' ' || a.email) ilike ${containsPattern(query.actor)})`;
    conditions.push(
      UUID.test(query.actor) ? sql`(${activityLog.actorId} = ${query.actor} or ${byText})` : byText,
    );
  }
  if (query.action) conditions.push(sql`${activityLog.action} like ${startsWithPattern(query.action)}`);
  if (query.entityType) conditions.push(eq(activityLog.entityType, query.entityType));
  if (query.from) conditions.push(gte(activityLog.createdAt, query.from));
  if (query.to) conditions.push(lt(activityLog.createdAt, query.to));
  if (query.beforeId !== undefined) conditions.push(lt(activityLog.id, query.beforeId));
  return conditions;
}

/** Newest first by id (the order entries were written), keyset-paged below the cursor's id. */
export async function listActivity(db: Db, query: ActivityQuery) {
  return db
    .select({
      id: activityLog.id,
      createdAt: activityLog.createdAt,
      actorId: activityLog.actorId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      action: activityLog.action,
      entityType: activityLog.entityType,
      entityId: activityLog.entityId,
      outcome: activityLog.outcome,
      ipAddress: activityLog.ipAddress,
      details: activityLog.details,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(and(...activityConditions(query)))
    .orderBy(desc(activityLog.id))
    .limit(query.limit);
}
export type ActivityRow = Awaited<ReturnType<typeof listActivity>>[number];

export async function countActivity(db: Db, from: Date, to: Date) {
  const [row] = await db
    .select({
      entries: sql<string>`count(*)`,
      failures: sql<string>`count(*) filter (where ${activityLog.outcome} = 'failure')`,
    })
    .from(activityLog)
    .where(and(gte(activityLog.createdAt, from), lt(activityLog.createdAt, to)));
  return { entries: Number(row.entries), failures: Number(row.failures) };
}

export async function jobCounts(db: Db, now: Date) {
  const [row] = await db
    .select({
      queued: sql<string>`count(*) filter (where ${jobs.status} = 'queued')`,
      overdue: sql<string>`count(*) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} < ${new Date(now.getTime() - 5 * 60_000)})`,
      failed: sql<string>`count(*) filter (where ${jobs.status} = 'failed')`,
    })
    .from(jobs)
    .where(sql`${jobs.status} in ('queued', 'failed')`);
  return { queued: Number(row.queued), overdue: Number(row.overdue), failed: Number(row.failed) };
}

export async function countFailedEmails(db: Db, since: Date) {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'failed'), gte(emailOutbox.createdAt, since)));
  return Number(row.count);
}
