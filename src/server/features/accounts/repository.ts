import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { profiles, userPhotos, users } from '../../db/schema';
import { batchedReadsOn } from '../../platform/batched-reads';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

export async function findUserByEmail(db: Db | Tx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** One user, prepared by name: what a lookup alone at its moment runs. */
async function userOfOne(db: Db, id: string) {
  const lookup = prepared(db, 'user_by_id', (database) =>
    database
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('user_by_id'),
  )!;
  const [row] = await lookup.execute({ id });
  return row ?? null;
}

/**
 * The users looked up at one moment, in one query (decision 0019's batching): a message send looks up its
 * recipient and then the notification it raises looks them up again, and under load many sends do so at once.
 */
const userAtOnce = batchedReadsOn<UserRow | null>(async (db, ids) => {
  if (ids.length === 1) {
    const row = await userOfOne(db, ids[0]);
    return new Map(row ? [[row.id, row]] : []);
  }
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}, null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(db: Db | Tx, id: string) {
  // A transaction reads its own snapshot, alone; an id that is no id names nobody (and must not fail a batch).
  if (db instanceof PgTransaction) {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }
  if (!UUID.test(id)) return null;
  return userAtOnce(db as Db, id);
}

export async function findProfile(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? { userId, phone: null, timeZone: null };
}

export async function insertUser(db: Db | Tx, values: typeof users.$inferInsert & { phone?: string | null }) {
  const { phone, ...user } = values;
  const [row] = await db.insert(users).values(user).returning();
  await db.insert(profiles).values({ userId: row.id, phone: phone ?? null });
  return row;
}

export async function updateUser(db: Db | Tx, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function upsertProfile(
  db: Db | Tx,
  userId: string,
  values: Partial<Omit<ProfileRow, 'userId'>>,
) {
  await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
}

/** The active holders of a role by name, for pickers; only the fields a picker shows. */
export async function listActiveUsersWithRole(db: Db | Tx, role: Role) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, role), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Active holders of a role whose name or email contains the text (any case), by name, at most `limit`,
 * leaving out the ids given: a picker's server search.
 */
export async function searchActiveUsersWithRole(
  db: Db | Tx,
  options: { role: Role; search?: string; excludeIds: string[]; limit: number },
) {
  const { role, search, excludeIds, limit } = options;
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, role),
        eq(users.isActive, true),
        excludeIds.length ? notInArray(users.id, excludeIds) : undefined,
        search
          ? sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) ilike ${containsPattern(search)}`
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

/** Locks the active holders of a role until the transaction ends, so two concurrent demotions cannot both pass. */
export async function lockActiveUsersWithRole(tx: Tx, role: Role) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, role), eq(users.isActive, true)))
    .for('update');
  return rows.map((row) => row.id);
}

export async function insertPhoto(db: Db | Tx, values: typeof userPhotos.$inferInsert) {
  await db.insert(userPhotos).values(values);
}

export async function deletePhotosOf(db: Db | Tx, userId: string) {
  await db.delete(userPhotos).where(eq(userPhotos.userId, userId));
}

export async function findPhoto(db: Db, id: string) {
  const [row] = await db.select().from(userPhotos).where(eq(userPhotos.id, id)).limit(1);
  return row ?? null;
}

/** Accounts holding any of these emails (stored lower-case), with their role and state. */
export function findUsersByEmails(db: Db | Tx, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, email: users.email, role: users.role, isActive: users.isActive })
    .from(users)
    .where(inArray(users.email, emails));
}

/** Many accounts and their profiles in two statements (an import's batch). */
export async function insertUsers(
  db: Db | Tx,
  list: (typeof users.$inferInsert & { id: string; phone?: string | null })[],
) {
  if (list.length === 0) return;
  await db.insert(users).values(list.map(({ phone: _phone, ...user }) => user));
  await db.insert(profiles).values(list.map(({ id, phone }) => ({ userId: id, phone: phone ?? null })));
}

export async function deleteUsers(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await db.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return rows.length;
}
