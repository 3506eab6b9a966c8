import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type InvoiceStatus, OPEN_INVOICE_STATUSES } from '../../../../shared/billing';
import type { Db } from '../../../db/client';
import { activityLog, invoices } from '../../../db/schema';
import { clinicDayStart } from '../../../platform/clinic-time';
import { fullName, named, patient } from './repository';

const balance = sql<number>`${invoices.totalCents} - ${invoices.paidCents}`;

/** `%`, `_` and `\` are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export type ListFilter = {
  status?: InvoiceStatus;
  patientId?: string;
  practitionerId?: string;
  search?: string;
  from?: string;
  to?: string;
  /** The caller's reach: only this patient's non-drafts, or only patients in this subquery. */
  ownPatientId?: string;
  patientIdsIn?: SQL;
};

/** The invoices issued from the clinic day `from` on; a draft by the clinic day it was made. */
const dayFrom = (from: string) =>
  or(
    and(isNotNull(invoices.issueDate), gte(invoices.issueDate, from)),
    and(isNull(invoices.issueDate), gte(invoices.createdAt, clinicDayStart(from))),
  );

/** The invoices issued up to the clinic day `to`; a draft by the clinic day it was made. */
const dayTo = (to: string) =>
  or(
    and(isNotNull(invoices.issueDate), lte(invoices.issueDate, to)),
    and(isNull(invoices.issueDate), lt(invoices.createdAt, clinicDayStart(to, 1))),
  );

function listWhere(filter: ListFilter) {
  const conditions: Array<SQL | undefined> = [];
  if (filter.ownPatientId)
    conditions.push(eq(invoices.patientId, filter.ownPatientId), ne(invoices.status, 'draft'));
  if (filter.patientIdsIn) conditions.push(sql`${invoices.patientId} in (${filter.patientIdsIn})`);
  if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (filter.patientId) conditions.push(eq(invoices.patientId, filter.patientId));
  if (filter.practitionerId) conditions.push(eq(invoices.practitionerId, filter.practitionerId));
  if (filter.from) conditions.push(dayFrom(filter.from));
  if (filter.to) conditions.push(dayTo(filter.to));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(invoices.number, pattern), ilike(fullName(patient), pattern)));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of the invoices the filter holds, newest first, and the totals over all of them. */
export async function listPage(db: Db, query: { filter: ListFilter; page: number; pageSize: number }) {
  const where = listWhere(query.filter);
  const [rows, [totals]] = await Promise.all([
    named(db)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: count(),
        outstandingCents:
          sql<number>`coalesce(sum(${balance}) filter (where ${inArray(invoices.status, OPEN_INVOICE_STATUSES)}), 0)`.mapWith(
            Number,
          ),
        overdueCents:
          sql<number>`coalesce(sum(${balance}) filter (where ${invoices.status} = 'overdue'), 0)`.mapWith(
            Number,
          ),
        overdueCount: sql<number>`count(*) filter (where ${invoices.status} = 'overdue')`.mapWith(Number),
      })
      .from(invoices)
      .innerJoin(patient, eq(patient.id, invoices.patientId))
      .where(where),
  ]);
  return { rows, totals };
}

/** A read of invoice lists in the access log: one entry for each patient whose invoices were shown. */
export async function logListed(
  db: Db,
  read: { actorId: string; ipAddress: string | null; shown: Array<{ patientId: string; count: number }> },
) {
  if (read.shown.length === 0) return;
  await db.insert(activityLog).values(
    read.shown.map(({ patientId, count }) => ({
      actorId: read.actorId,
      action: 'invoice.listed',
      entityType: 'invoice',
      entityId: null,
      outcome: 'success' as const,
      ipAddress: read.ipAddress,
      details: { patientId, count },
    })),
  );
}

/** What a patient owes on the invoices sent to them, and the open invoice due first. */
export async function balanceOf(db: Db, patientId: string) {
  const open = and(eq(invoices.patientId, patientId), inArray(invoices.status, OPEN_INVOICE_STATUSES));
  const [[totals], [next]] = await Promise.all([
    db
      .select({
        balanceDueCents: sql<number>`coalesce(sum(${balance}), 0)::int`,
        openInvoices: sql<number>`count(*)::int`,
      })
      .from(invoices)
      .where(open),
    db
      .select({ id: invoices.id, number: invoices.number, dueDate: invoices.dueDate, balanceCents: balance })
      .from(invoices)
      .where(open)
      .orderBy(asc(invoices.dueDate), asc(invoices.createdAt))
      .limit(1),
  ]);
  return { totals, next };
}

/** How many invoices are overdue, and what is still owed on them. */
export async function overdueTotals(db: Db) {
  const [overdue] = await db
    .select({
      count: sql<number>`count(*)::int`,
      balanceCents: sql<number>`coalesce(sum(${balance}), 0)::int`,
    })
    .from(invoices)
    .where(eq(invoices.status, 'overdue'));
  return overdue;
}
