import { and, asc, desc, eq, gte, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import {
  appointments,
  invoiceLineItems,
  packageUses,
  patientPackages,
  serviceTypes,
  sessionPackages,
  users,
} from '../../../db/schema';
import { fullName } from './repository';

const practitioner = alias(users, 'session_practitioner');

/** A session a package covered is not billed: checkout puts it on the invoice at no charge. */
const notCovered = () =>
  notExists(sql`(select 1 from ${packageUses} where ${packageUses.appointmentId} = ${appointments.id})`);

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
        notCovered(),
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
  sessions: { patientId: string; ids: string[]; exceptInvoiceId?: string; ownedBy?: string },
) {
  const { patientId, ids, exceptInvoiceId, ownedBy } = sessions;
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      serviceTypeId: serviceTypes.id,
      serviceName: serviceTypes.name,
      priceCents: serviceTypes.priceCents,
      coveredBy: sessionPackages.name,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .leftJoin(invoiceLineItems, eq(invoiceLineItems.appointmentId, appointments.id))
    .leftJoin(packageUses, eq(packageUses.appointmentId, appointments.id))
    .leftJoin(patientPackages, eq(patientPackages.id, packageUses.patientPackageId))
    .leftJoin(sessionPackages, eq(sessionPackages.id, patientPackages.packageId))
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

/** Which of these services exist. */
export function servicesOf(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: serviceTypes.id }).from(serviceTypes).where(inArray(serviceTypes.id, ids));
}

const sessionPatient = alias(users, 'session_patient');

/** Completed sessions between two instants, of one practitioner when named, that no invoice line claims. */
export type UnbilledFilter = { from: Date; to: Date; practitionerId?: string };

// `billed` is kept by the claims' triggers (migration 0027), so the view walks only the unclaimed sessions of the
// window in the partial index appointments_unbilled_starts_idx, without probing the claims for each session.
const unbilledWhere = (filter: UnbilledFilter) =>
  and(
    eq(appointments.status, 'completed'),
    eq(appointments.billed, false),
    gte(appointments.startsAt, filter.from),
    lt(appointments.startsAt, filter.to),
    filter.practitionerId ? eq(appointments.practitionerId, filter.practitionerId) : undefined,
  );

/**
 * A page of the unbilled sessions, newest first, walked backwards in appointments_unbilled_starts_idx.
 */
export function unbilledPage(db: Db | Tx, page: { filter: UnbilledFilter; limit: number; offset: number }) {
  return db
    .select({
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
      patientId: appointments.patientId,
      patientName: fullName(sessionPatient),
      practitionerId: appointments.practitionerId,
      practitionerName: fullName(practitioner),
      serviceName: serviceTypes.name,
      priceCents: serviceTypes.priceCents,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .innerJoin(sessionPatient, eq(sessionPatient.id, appointments.patientId))
    .innerJoin(practitioner, eq(practitioner.id, appointments.practitionerId))
    .where(unbilledWhere(page.filter))
    .orderBy(desc(appointments.startsAt), desc(appointments.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many unbilled sessions the filter holds, and what they come to at their services' prices. */
export const unbilledTotalsQuery = (db: Db | Tx, filter: UnbilledFilter) =>
  db
    .select({
      total: sql<number>`count(*)::int`,
      totalCents: sql<number>`coalesce(sum(${serviceTypes.priceCents}), 0)::int`,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .where(unbilledWhere(filter));

export async function unbilledTotals(db: Db | Tx, filter: UnbilledFilter) {
  const [row] = await unbilledTotalsQuery(db, filter);
  return { total: Number(row?.total ?? 0), totalCents: Number(row?.totalCents ?? 0) };
}

/** The appointments of these ids with whose they are, for checking that the caller reaches each. */
export function sessionOwners(db: Db | Tx, ids: string[]) {
  return db
    .select({ id: appointments.id, practitionerId: appointments.practitionerId })
    .from(appointments)
    .where(inArray(appointments.id, ids));
}

/**
 * Locks the appointments of these ids until the transaction ends, in one order: two batches over the same
 * sessions take turns, and the second then finds the first one's claims.
 */
export async function lockSessions(tx: Tx, ids: string[]) {
  await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(inArray(appointments.id, ids))
    .orderBy(asc(appointments.id))
    .for('update');
}

/** Of these ids, the completed sessions no invoice line claims, with their patient, service and price. */
export function unbilledOf(db: Db | Tx, ids: string[]) {
  return db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      patientId: appointments.patientId,
      practitionerId: appointments.practitionerId,
      serviceTypeId: serviceTypes.id,
      serviceName: serviceTypes.name,
      priceCents: serviceTypes.priceCents,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .where(
      and(
        inArray(appointments.id, ids),
        eq(appointments.status, 'completed'),
        notExists(
          sql`(select 1 from ${invoiceLineItems} where ${invoiceLineItems.appointmentId} = ${appointments.id})`,
        ),
        notCovered(),
      ),
    )
    .orderBy(asc(appointments.patientId), asc(appointments.startsAt));
}
