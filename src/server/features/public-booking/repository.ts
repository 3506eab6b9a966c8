import { and, desc, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PublicBookingStatus } from '../../../shared/public-booking';
import { APPOINTMENT_MAX_MINUTES } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { publicBookingRequests, serviceTypes, signingSecrets, users } from '../../db/schema';

export type RequestValues = Partial<Omit<typeof publicBookingRequests.$inferInsert, 'id' | 'during'>>;

const practitionerUser = alias(users, 'request_practitioner');
const decidedByUser = alias(users, 'request_decided_by');

const { during: _during, ...requestColumns } = getTableColumns(publicBookingRequests);
const withNames = {
  ...requestColumns,
  practitionerName: sql<string>`${practitionerUser.firstName} || ' ' || ${practitionerUser.lastName}`,
  serviceName: serviceTypes.name,
  decidedByName: sql<string | null>`${decidedByUser.firstName} || ' ' || ${decidedByUser.lastName}`,
};

export type RequestRow = Omit<typeof publicBookingRequests.$inferSelect, 'during'> & {
  practitionerName: string;
  serviceName: string;
  decidedByName: string | null;
};

const selectRequests = (db: Db | Tx) =>
  db
    .select(withNames)
    .from(publicBookingRequests)
    .innerJoin(practitionerUser, eq(practitionerUser.id, publicBookingRequests.practitionerId))
    .innerJoin(serviceTypes, eq(serviceTypes.id, publicBookingRequests.serviceTypeId))
    .leftJoin(decidedByUser, eq(decidedByUser.id, publicBookingRequests.decidedBy));

export async function insertRequest(
  db: Db | Tx,
  values: RequestValues & {
    reference: string;
    practitionerId: string;
    serviceTypeId: string;
    startsAt: Date;
    endsAt: Date;
    name: string;
    email: string;
    phone: string;
    nonce: string;
  },
) {
  const [row] = await db
    .insert(publicBookingRequests)
    .values(values)
    .returning({ id: publicBookingRequests.id });
  return row!.id;
}

/** One request; `lock` holds it until the transaction ends, so two decisions on it never interleave. */
export async function findRequest(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  if (options.lock)
    await db
      .select({ id: publicBookingRequests.id })
      .from(publicBookingRequests)
      .where(eq(publicBookingRequests.id, id))
      .for('update');
  const [row] = await selectRequests(db).where(eq(publicBookingRequests.id, id)).limit(1);
  return (row as RequestRow | undefined) ?? null;
}

export async function updateRequest(db: Db | Tx, id: string, values: RequestValues) {
  await db
    .update(publicBookingRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(publicBookingRequests.id, id));
}

/** A practitioner's pending requests overlapping [from, to): time they hold. `exceptId` leaves one out. */
export async function pendingSpans(
  db: Db | Tx,
  practitionerId: string,
  { exceptId, ...window }: { from: Date; to: Date; exceptId?: string },
) {
  const earliestStart = new Date(window.from.getTime() - APPOINTMENT_MAX_MINUTES * 60_000);
  const conditions: SQL[] = [
    eq(publicBookingRequests.practitionerId, practitionerId),
    eq(publicBookingRequests.status, 'pending'),
    sql`${publicBookingRequests.startsAt} > ${earliestStart.toISOString()}`,
    sql`${publicBookingRequests.startsAt} < ${window.to.toISOString()}`,
    sql`${publicBookingRequests.endsAt} > ${window.from.toISOString()}`,
  ];
  if (exceptId) conditions.push(ne(publicBookingRequests.id, exceptId));
  return db
    .select({ startsAt: publicBookingRequests.startsAt, endsAt: publicBookingRequests.endsAt })
    .from(publicBookingRequests)
    .where(and(...conditions));
}

export async function countPending(db: Db | Tx, practitionerId?: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(publicBookingRequests)
    .where(
      and(
        eq(publicBookingRequests.status, 'pending'),
        practitionerId ? eq(publicBookingRequests.practitionerId, practitionerId) : undefined,
      ),
    );
  return row?.count ?? 0;
}

export type Cursor = { createdAt: Date; id: string };

/** Newest first, keyset-paged on (created_at, id). */
export async function listRequests(
  db: Db | Tx,
  options: {
    practitionerId?: string;
    status?: PublicBookingStatus;
    cursor?: Cursor;
    limit: number;
  },
) {
  const conditions: SQL[] = [];
  if (options.practitionerId)
    conditions.push(eq(publicBookingRequests.practitionerId, options.practitionerId));
  if (options.status) conditions.push(eq(publicBookingRequests.status, options.status));
  if (options.cursor)
    conditions.push(
      sql`(${publicBookingRequests.createdAt}, ${publicBookingRequests.id}) < (${options.cursor.createdAt.toISOString()}::timestamptz, ${options.cursor.id}::uuid)`,
    );
  const rows = await selectRequests(db)
    .where(and(...conditions))
    .orderBy(desc(publicBookingRequests.createdAt), desc(publicBookingRequests.id))
    .limit(options.limit);
  return rows as RequestRow[];
}

export async function referenceTaken(db: Db | Tx, reference: string) {
  const [row] = await db
    .select({ id: publicBookingRequests.id })
    .from(publicBookingRequests)
    .where(eq(publicBookingRequests.reference, reference))
    .limit(1);
  return row !== undefined;
}

/** The secret a purpose signs with: made once, by whichever instance asks first, and read by every one. */
export async function signingSecret(db: Db | Tx, purpose: string, fresh: () => string) {
  await db.insert(signingSecrets).values({ purpose, secret: fresh() }).onConflictDoNothing();
  const [row] = await db
    .select({ secret: signingSecrets.secret })
    .from(signingSecrets)
    .where(eq(signingSecrets.purpose, purpose));
  return row!.secret;
}
