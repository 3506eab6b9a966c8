import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import {
  type Invoice,
  type InvoiceLine,
  type InvoicePayment,
  type InvoiceStatus,
  type InvoiceSummary,
  OPEN_INVOICE_STATUSES,
} from '../../../shared/billing';
import { CLINIC_TIME_ZONE } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  billingSettings,
  invoiceLineItems,
  invoices,
  payments,
  serviceTypes,
  users,
} from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type LineRow = typeof invoiceLineItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

const patient = alias(users, 'invoice_patient');
const practitioner = alias(users, 'invoice_practitioner');
const recorder = alias(users, 'payment_recorder');

const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

const withNames = {
  invoice: invoices,
  patientName: fullName(patient),
  practitionerName: sql<string | null>`${practitioner.firstName} || ' ' || ${practitioner.lastName}`,
};

type NamedRow = { invoice: InvoiceRow; patientName: string; practitionerName: string | null };

export function toSummary({ invoice, patientName, practitionerName }: NamedRow): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    patientId: invoice.patientId,
    patientName,
    practitionerId: invoice.practitionerId,
    practitionerName: practitionerName ?? null,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    // A void invoice is owed by nobody.
    balanceCents: invoice.status === 'void' ? 0 : invoice.totalCents - invoice.paidCents,
    createdAt: invoice.createdAt.toISOString(),
  };
}

export function toLine(row: LineRow): InvoiceLine {
  return {
    id: row.id,
    description: row.description,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    amountCents: row.amountCents,
    serviceTypeId: row.serviceTypeId,
    appointmentId: row.appointmentId,
  };
}

export function toInvoice(
  named: NamedRow,
  lines: LineRow[],
  paid: Array<{ payment: PaymentRow; recordedByName: string | null }>,
): Invoice {
  const { invoice } = named;
  return {
    ...toSummary(named),
    lineItems: lines.map(toLine),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    taxRateBasisPoints: invoice.taxRateBasisPoints,
    taxCents: invoice.taxCents,
    notes: invoice.notes,
    voidReason: invoice.voidReason,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    payments: paid.map(
      ({ payment, recordedByName }): InvoicePayment => ({
        id: payment.id,
        method: payment.method,
        amountCents: payment.amountCents,
        refundedCents: payment.refundedCents,
        cardLast4: payment.cardLast4,
        reference: payment.reference,
        online: payment.providerIntentId !== null,
        paidAt: payment.createdAt.toISOString(),
        recordedByName,
      }),
    ),
  };
}

const named = (db: Db | Tx) =>
  db
    .select(withNames)
    .from(invoices)
    .innerJoin(patient, eq(patient.id, invoices.patientId))
    .leftJoin(practitioner, eq(practitioner.id, invoices.practitionerId));

export async function findNamed(db: Db | Tx, id: string): Promise<NamedRow | null> {
  const [row] = await named(db).where(eq(invoices.id, id));
  return row ?? null;
}

export async function findRow(db: Db | Tx, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/** The invoice, locked until the transaction ends: payments, refunds and voids on it take turns. */
export async function lockRow(tx: Tx, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row ?? null;
}

export function linesOf(db: Db | Tx, invoiceId: string) {
  return db
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceLineItems.position));
}

export function paymentsOf(db: Db | Tx, invoiceId: string) {
  return db
    .select({
      payment: payments,
      recordedByName: sql<string | null>`${recorder.firstName} || ' ' || ${recorder.lastName}`,
    })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(and(eq(payments.purpose, 'invoice'), eq(payments.referenceId, invoiceId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function findPayment(db: Db | Tx, invoiceId: string, paymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.id, paymentId), eq(payments.purpose, 'invoice'), eq(payments.referenceId, invoiceId)),
    );
  return row ?? null;
}

export async function lockPayment(tx: Tx, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

export async function loadInvoice(db: Db | Tx, id: string): Promise<Invoice | null> {
  const row = await findNamed(db, id);
  if (!row) return null;
  const [lines, paid] = await Promise.all([linesOf(db, id), paymentsOf(db, id)]);
  return toInvoice(row, lines, paid);
}

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

/** The filter on the invoice's issue day, or for a draft the day it was made. */
const dayOf = sql`coalesce(${invoices.issueDate}, (${invoices.createdAt} at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)})::date)`;

export function listWhere(filter: ListFilter) {
  const conditions: SQL[] = [];
  if (filter.ownPatientId)
    conditions.push(eq(invoices.patientId, filter.ownPatientId), ne(invoices.status, 'draft'));
  if (filter.patientIdsIn) conditions.push(sql`${invoices.patientId} in (${filter.patientIdsIn})`);
  if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (filter.patientId) conditions.push(eq(invoices.patientId, filter.patientId));
  if (filter.practitionerId) conditions.push(eq(invoices.practitionerId, filter.practitionerId));
  if (filter.from) conditions.push(sql`${dayOf} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`${dayOf} <= ${filter.to}::date`);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const match = or(ilike(invoices.number, pattern), ilike(fullName(patient), pattern));
    if (match) conditions.push(match);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function list(db: Db, where: SQL | undefined, page: number, pageSize: number) {
  const balance = sql<number>`${invoices.totalCents} - ${invoices.paidCents}`;
  const [rows, [totals]] = await Promise.all([
    named(db)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
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

/** A patient's completed appointments that no invoice line claims; only one practitioner's with `ownedBy`. */
export function billableOf(db: Db | Tx, patientId: string, ownedBy?: string) {
  return db
    .select({
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
      serviceTypeId: appointments.serviceTypeId,
      serviceName: serviceTypes.name,
      practitionerId: appointments.practitionerId,
      practitionerName: fullName(practitioner),
      priceCents: serviceTypes.priceCents,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .innerJoin(practitioner, eq(practitioner.id, appointments.practitionerId))
    .leftJoin(invoiceLineItems, eq(invoiceLineItems.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.status, 'completed'),
        isNull(invoiceLineItems.id),
        ownedBy ? eq(appointments.practitionerId, ownedBy) : undefined,
      ),
    )
    .orderBy(desc(appointments.startsAt));
}

/**
 * The appointments of these ids that are this patient's completed sessions, with their service, and that no
 * invoice but `exceptInvoiceId` (a draft being changed) claims. With `ownedBy`, only that practitioner's,
 * besides those already on the draft.
 */
export function completedAppointments(
  db: Db | Tx,
  patientId: string,
  ids: string[],
  { exceptInvoiceId, ownedBy }: { exceptInvoiceId?: string; ownedBy?: string } = {},
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      serviceTypeId: serviceTypes.id,
      serviceName: serviceTypes.name,
      priceCents: serviceTypes.priceCents,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .leftJoin(invoiceLineItems, eq(invoiceLineItems.appointmentId, appointments.id))
    .where(
      and(
        inArray(appointments.id, ids),
        eq(appointments.patientId, patientId),
        eq(appointments.status, 'completed'),
        exceptInvoiceId
          ? or(isNull(invoiceLineItems.id), eq(invoiceLineItems.invoiceId, exceptInvoiceId))
          : isNull(invoiceLineItems.id),
        ownedBy
          ? or(
              eq(appointments.practitionerId, ownedBy),
              exceptInvoiceId ? eq(invoiceLineItems.invoiceId, exceptInvoiceId) : undefined,
            )
          : undefined,
      ),
    );
}

export function servicesOf(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: serviceTypes.id }).from(serviceTypes).where(inArray(serviceTypes.id, ids));
}

export async function settings(db: Db | Tx) {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 'clinic'));
  return row ?? { taxRateBasisPoints: 0, paymentTermsDays: 30 };
}
