import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { invoiceCounters, invoiceLineItems, invoices, users } from '../../../db/schema';
import type { NamedRow } from './mapping';

type InvoiceValues = typeof invoices.$inferInsert;

export const patient = alias(users, 'invoice_patient');
const practitioner = alias(users, 'invoice_practitioner');

export const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

const withNames = {
  invoice: invoices,
  patientName: fullName(patient),
  practitionerName: sql<string | null>`${practitioner.firstName} || ' ' || ${practitioner.lastName}`,
};

/** Invoices with the names of their patient and practitioner, to be narrowed by the caller. */
export const named = (db: Db | Tx) =>
  db
    .select(withNames)
    .from(invoices)
    .innerJoin(patient, eq(patient.id, invoices.patientId))
    .leftJoin(practitioner, eq(practitioner.id, invoices.practitionerId));

export async function findNamed(db: Db | Tx, id: string): Promise<NamedRow | null> {
  const [row] = await named(db).where(eq(invoices.id, id));
  return row ?? null;
}

/** These invoices with their names, in the order of their numbers. */
export function findNamedIn(db: Db | Tx, ids: string[]): Promise<NamedRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return named(db).where(inArray(invoices.id, ids)).orderBy(asc(invoices.number));
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

/**
 * A line as the server built it; one from an appointment claims that appointment, one naming a store variant
 * is written as holding its stock (the caller takes it in the same transaction).
 */
export type NewLine = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  serviceTypeId: string | null;
  appointmentId: string | null;
  variantId?: string | null;
  /** A package sold on the line (its name and price from the catalogue). */
  packageId?: string | null;
};

const lineValues = (invoiceId: string, lines: NewLine[]) =>
  lines.map((line, position) => ({
    invoiceId,
    position,
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.quantity * line.unitPriceCents,
    serviceTypeId: line.serviceTypeId,
    appointmentId: line.appointmentId,
    billedAppointmentId: line.appointmentId,
    variantId: line.variantId ?? null,
    stockTaken: Boolean(line.variantId),
    packageId: line.packageId ?? null,
  }));

export async function insertDraft(tx: Tx, draft: { values: InvoiceValues; lines: NewLine[] }) {
  const [inserted] = await tx.insert(invoices).values(draft.values).returning();
  await tx.insert(invoiceLineItems).values(lineValues(inserted.id, draft.lines));
  return inserted;
}

/** Several drafts with their lines in two statements; each draft's values carry its id. */
export async function insertDrafts(
  tx: Tx,
  drafts: Array<{ values: InvoiceValues & { id: string }; lines: NewLine[] }>,
) {
  if (drafts.length === 0) return;
  await tx.insert(invoices).values(drafts.map((draft) => draft.values));
  await tx
    .insert(invoiceLineItems)
    .values(drafts.flatMap((draft) => lineValues(draft.values.id, draft.lines)));
}

/** Changes a draft, and replaces its lines when new ones are given; null when it is no longer a draft. */
export async function updateDraft(
  tx: Tx,
  id: string,
  change: { values: Partial<InvoiceValues>; lines?: NewLine[] },
) {
  const [updated] = await tx
    .update(invoices)
    .set(change.values)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
    .returning();
  if (!updated) return null;
  if (change.lines) {
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, id));
    await tx.insert(invoiceLineItems).values(lineValues(id, change.lines));
  }
  return updated;
}

/**
 * Marks the invoice's lines that hold store stock as no longer holding it, and answers what they held: only the
 * call that finds a line still holding it gets it, so stock goes back once however often this runs.
 */
export function releaseTakenStock(tx: Tx, invoiceId: string) {
  return tx
    .update(invoiceLineItems)
    .set({ stockTaken: false })
    .where(and(eq(invoiceLineItems.invoiceId, invoiceId), eq(invoiceLineItems.stockTaken, true)))
    .returning({ variantId: invoiceLineItems.variantId, quantity: invoiceLineItems.quantity });
}

/** Deletes a draft (its lines go with it); null when it is no longer a draft. */
export async function deleteDraft(tx: Tx, id: string) {
  const [deleted] = await tx
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
    .returning();
  return deleted ?? null;
}

/**
 * The next value of the invoice numbers: the counter row is moved on and stays locked until the transaction
 * ends, so numbers have no gaps and no two transactions take the same one.
 */
export async function takeNumber(tx: Tx) {
  const [counter] = await tx
    .update(invoiceCounters)
    .set({ nextValue: sql`${invoiceCounters.nextValue} + 1` })
    .where(eq(invoiceCounters.series, 'invoice'))
    .returning({ nextValue: invoiceCounters.nextValue });
  return counter.nextValue - 1;
}

/** `count` numbers at once, in order: the first is answered; the counter row stays locked as for one. */
export async function takeNumbers(tx: Tx, count: number) {
  const [counter] = await tx
    .update(invoiceCounters)
    .set({ nextValue: sql`${invoiceCounters.nextValue} + ${count}` })
    .where(eq(invoiceCounters.series, 'invoice'))
    .returning({ nextValue: invoiceCounters.nextValue });
  return counter.nextValue - count;
}

/** Issues these drafts in one statement, each with its number and status, as sending one does. */
export async function issueDrafts(
  tx: Tx,
  issue: { drafts: Array<{ id: string; number: string; paid: boolean }>; issueDate: string; at: Date },
) {
  const { drafts, issueDate, at } = issue;
  const values = sql.join(
    drafts.map((draft) => sql`(${draft.id}::uuid, ${draft.number}::text, ${draft.paid}::boolean)`),
    sql`, `,
  );
  return rowsOf<{ id: string }>(
    tx,
    sql`update ${invoices} set number = v.number,
        status = case when v.paid then 'paid' else 'sent' end,
        issue_date = ${issueDate}::date, sent_at = ${at.toISOString()}::timestamptz,
        paid_at = case when v.paid then ${at.toISOString()}::timestamptz end, updated_at = ${at.toISOString()}::timestamptz
      from (values ${values}) as v(id, number, paid)
      where ${invoices.id} = v.id and ${invoices.status} = 'draft'
      returning ${invoices.id}`,
  );
}

export async function updateRow(tx: Tx, id: string, values: Partial<InvoiceValues>) {
  const [updated] = await tx.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return updated;
}

/** Voids the invoice and releases the appointments its lines claimed, so that they can be billed again. */
export async function markVoid(tx: Tx, id: string, voiding: { reason: string; at: Date }) {
  const voided = await updateRow(tx, id, {
    status: 'void',
    voidReason: voiding.reason,
    voidedAt: voiding.at,
    updatedAt: voiding.at,
  });
  await tx
    .update(invoiceLineItems)
    .set({ appointmentId: null })
    .where(and(eq(invoiceLineItems.invoiceId, id), isNotNull(invoiceLineItems.appointmentId)));
  return voided;
}

/**
 * Moves every sent or partly paid invoice due before `today` to overdue in one statement, and answers the
 * invoices it moved: of two sweeps at once, the second finds them overdue already and moves none of them.
 */
export function markOverdueBefore(db: Db, today: string) {
  return rowsOf<{ id: string; patient_id: string; practitioner_id: string | null }>(
    db,
    sql`
    update invoices set status = 'overdue', overdue_at = now(), updated_at = now()
    where status in ('sent', 'partially_paid') and due_date < ${today}::date
    returning id, patient_id, practitioner_id`,
  );
}
