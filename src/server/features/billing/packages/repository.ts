import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import {
  invoiceLineItems,
  invoices,
  packageServices,
  packageUses,
  patientPackages,
  serviceTypes,
  sessionPackages,
} from '../../../db/schema';

type PackageValues = { name: string; sessions: number; priceCents: number; isActive: boolean };

/** The catalogue (or the packages of these ids), oldest first, each with the services it covers. */
export async function listPackages(db: Db | Tx, ids?: string[]) {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select()
    .from(sessionPackages)
    .where(ids ? inArray(sessionPackages.id, ids) : undefined)
    .orderBy(asc(sessionPackages.createdAt), asc(sessionPackages.id));
  const covered = rows.length
    ? await db
        .select({ packageId: packageServices.packageId, id: serviceTypes.id, name: serviceTypes.name })
        .from(packageServices)
        .innerJoin(serviceTypes, eq(serviceTypes.id, packageServices.serviceTypeId))
        .where(
          inArray(
            packageServices.packageId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(serviceTypes.name))
    : [];
  return rows.map((row) => ({
    ...row,
    services: covered.filter((service) => service.packageId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function servicesExist(db: Db | Tx, ids: string[]) {
  const found = await db
    .select({ id: serviceTypes.id })
    .from(serviceTypes)
    .where(inArray(serviceTypes.id, ids));
  return found.length === new Set(ids).size;
}

export async function insertPackage(
  tx: Tx,
  made: { values: PackageValues & { createdBy: string }; serviceTypeIds: string[] },
) {
  const [row] = await tx.insert(sessionPackages).values(made.values).returning();
  await tx
    .insert(packageServices)
    .values([...new Set(made.serviceTypeIds)].map((serviceTypeId) => ({ packageId: row.id, serviceTypeId })));
  return row;
}

export async function updatePackage(
  tx: Tx,
  change: { id: string; values: PackageValues; serviceTypeIds: string[] },
) {
  const [row] = await tx
    .update(sessionPackages)
    .set({ ...change.values, updatedAt: new Date() })
    .where(eq(sessionPackages.id, change.id))
    .returning();
  if (!row) return null;
  await tx.delete(packageServices).where(eq(packageServices.packageId, change.id));
  await tx
    .insert(packageServices)
    .values(
      [...new Set(change.serviceTypeIds)].map((serviceTypeId) => ({ packageId: row.id, serviceTypeId })),
    );
  return row;
}

/** Deletes a package no invoice line names; null when there is none, 'sold' when a line names it. */
export async function deletePackage(tx: Tx, id: string) {
  const [line] = await tx
    .select({ id: invoiceLineItems.id })
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.packageId, id))
    .limit(1);
  if (line) return 'sold' as const;
  const [row] = await tx.delete(sessionPackages).where(eq(sessionPackages.id, id)).returning();
  return row ?? null;
}

/** The packages a patient holds, oldest first, with their invoice's number and the services they cover. */
export async function heldBy(db: Db | Tx, patientId: string) {
  const rows = await db
    .select({
      held: patientPackages,
      name: sessionPackages.name,
      invoiceNumber: invoices.number,
    })
    .from(patientPackages)
    .innerJoin(sessionPackages, eq(sessionPackages.id, patientPackages.packageId))
    .innerJoin(invoices, eq(invoices.id, patientPackages.invoiceId))
    .where(eq(patientPackages.patientId, patientId))
    .orderBy(asc(patientPackages.createdAt), asc(patientPackages.id));
  const services = await listPackages(db, [...new Set(rows.map((row) => row.held.packageId))]);
  return rows.map((row) => ({
    ...row,
    services: services.find((item) => item.id === row.held.packageId)?.services ?? [],
  }));
}

/**
 * Inside the send of an invoice: the patient now holds a package for each package line (once per line,
 * however often this runs), with the number of sessions the catalogue says then.
 */
export function issueFromInvoice(tx: Tx, invoiceId: string) {
  return rowsOf<{ id: string; patient_id: string; package_id: string; sessions_total: number }>(
    tx,
    sql`insert into ${patientPackages} (patient_id, package_id, invoice_id, invoice_line_id, sessions_total)
        select i.patient_id, l.package_id, i.id, l.id, p.sessions
        from ${invoiceLineItems} l
        join ${invoices} i on i.id = l.invoice_id
        join ${sessionPackages} p on p.id = l.package_id
        where l.invoice_id = ${invoiceId}
        on conflict (invoice_line_id) do nothing
        returning id, patient_id, package_id, sessions_total`,
  );
}

/** Removes the packages an invoice sold; their uses go with them. */
export function removeForInvoice(tx: Tx, invoiceId: string) {
  return tx.delete(patientPackages).where(eq(patientPackages.invoiceId, invoiceId)).returning();
}

/** The package that covers a session, with what is left of it; null when none does. */
export async function coveringOf(db: Db | Tx, appointmentId: string) {
  const [row] = await db
    .select({
      patientPackageId: patientPackages.id,
      name: sessionPackages.name,
      sessionsTotal: patientPackages.sessionsTotal,
      sessionsUsed: patientPackages.sessionsUsed,
    })
    .from(packageUses)
    .innerJoin(patientPackages, eq(patientPackages.id, packageUses.patientPackageId))
    .innerJoin(sessionPackages, eq(sessionPackages.id, patientPackages.packageId))
    .where(eq(packageUses.appointmentId, appointmentId));
  return row ?? null;
}

/** The patient's packages with sessions left that cover the service, oldest first. */
export function candidatesFor(tx: Tx, of: { patientId: string; serviceTypeId: string }) {
  return tx
    .select({ id: patientPackages.id, packageId: patientPackages.packageId })
    .from(patientPackages)
    .innerJoin(
      packageServices,
      and(
        eq(packageServices.packageId, patientPackages.packageId),
        eq(packageServices.serviceTypeId, of.serviceTypeId),
      ),
    )
    .where(
      and(
        eq(patientPackages.patientId, of.patientId),
        lt(patientPackages.sessionsUsed, patientPackages.sessionsTotal),
      ),
    )
    .orderBy(asc(patientPackages.createdAt), asc(patientPackages.id));
}

/**
 * Takes one session of the package if it still has one: the condition is checked again on the row as it is
 * when the update runs, so two sessions completed at once cannot take the last one twice.
 */
export async function takeSession(tx: Tx, id: string) {
  const [row] = await tx
    .update(patientPackages)
    .set({ sessionsUsed: sql`${patientPackages.sessionsUsed} + 1` })
    .where(and(eq(patientPackages.id, id), lt(patientPackages.sessionsUsed, patientPackages.sessionsTotal)))
    .returning();
  return row ?? null;
}

export async function giveSessionBack(tx: Tx, id: string) {
  await tx
    .update(patientPackages)
    .set({ sessionsUsed: sql`${patientPackages.sessionsUsed} - 1` })
    .where(eq(patientPackages.id, id));
}

/** Records the use; null when the appointment has used a package already. */
export async function insertUse(
  tx: Tx,
  use: { patientPackageId: string; appointmentId: string; createdBy: string },
) {
  const [row] = await tx.insert(packageUses).values(use).onConflictDoNothing().returning();
  return row ?? null;
}
