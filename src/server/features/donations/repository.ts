import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AdminDonationsQuery, Donation, DonationPeriod } from '../../../shared/donations';
import { CLINIC_TIME_ZONE } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { donations } from '../../db/schema';
import { clinicDayStart } from '../../platform/clinic-time';

export type DonationRow = typeof donations.$inferSelect;

export function toDonation(row: DonationRow): Donation {
  return {
    id: row.id,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    description: row.description,
    userId: row.userId,
    paymentIntentId: row.paymentIntentId,
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

export async function findByIntent(db: Db | Tx, paymentIntentId: string) {
  const [row] = await db.select().from(donations).where(eq(donations.paymentIntentId, paymentIntentId));
  return row ?? null;
}

export async function findById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(donations).where(eq(donations.id, id));
  return row ?? null;
}

export async function listOfUser(db: Db, userId: string) {
  return db
    .select()
    .from(donations)
    .where(eq(donations.userId, userId))
    .orderBy(desc(donations.createdAt), desc(donations.id));
}

/** `%`, `_` and `\` are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export function adminFilter(query: Omit<AdminDonationsQuery, 'page' | 'period'>) {
  const conditions: SQL[] = [];
  if (query.from) conditions.push(gte(donations.createdAt, clinicDayStart(query.from)));
  if (query.to) conditions.push(lt(donations.createdAt, clinicDayStart(query.to, 1)));
  if (query.status) conditions.push(eq(donations.status, query.status));
  if (query.donor) {
    const pattern = likePattern(query.donor);
    const donor = or(
      ilike(donations.email, pattern),
      ilike(sql`${donations.firstName} || ' ' || ${donations.lastName}`, pattern),
    );
    if (donor) conditions.push(donor);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listForAdmin(
  db: Db,
  { where, page, pageSize }: { where: SQL | undefined; page: number; pageSize: number },
) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(donations)
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(donations).where(where),
  ]);
  return { rows, total };
}

const FORMATS: Record<DonationPeriod, string> = {
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
};

/**
 * Paid and refunded donations in the filter, by the clinic's period (CLINIC_TIME_ZONE) they were paid in, newest
 * first; a week starts on Monday.
 */
export async function totalsByPeriod(db: Db, where: SQL | undefined, period: DonationPeriod) {
  const bucket = sql<string>`to_char(date_trunc(${sql.raw(`'${period}'`)}, ${donations.paidAt} at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)}), ${sql.raw(`'${FORMATS[period]}'`)})`;
  const paid = sql`${donations.status} = 'paid'`;
  const refunded = sql`${donations.status} = 'refunded'`;
  const rows = await db
    .select({
      period: bucket,
      count: sql<number>`count(*) filter (where ${paid})`.mapWith(Number),
      amountCents: sql<number>`coalesce(sum(${donations.amountCents}) filter (where ${paid}), 0)`.mapWith(
        Number,
      ),
      refundedCount: sql<number>`count(*) filter (where ${refunded})`.mapWith(Number),
      refundedCents:
        sql<number>`coalesce(sum(${donations.amountCents}) filter (where ${refunded}), 0)`.mapWith(Number),
    })
    .from(donations)
    .where(and(where, sql`${donations.status} in ('paid', 'refunded')`, sql`${donations.paidAt} is not null`))
    .groupBy(bucket)
    .orderBy(desc(bucket));
  return rows;
}

/** Moves a donation on only from the status it was read in: of two racing changes one wins. */
export async function moveDonation(
  db: Db | Tx,
  change: { id: string; from: DonationRow['status']; values: Partial<typeof donations.$inferInsert> },
) {
  const [row] = await db
    .update(donations)
    .set(change.values)
    .where(and(eq(donations.id, change.id), eq(donations.status, change.from)))
    .returning();
  return row;
}

export async function insertDonation(db: Db | Tx, values: typeof donations.$inferInsert) {
  const [row] = await db.insert(donations).values(values).returning();
  return row!;
}
