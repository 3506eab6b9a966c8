import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { appointments, invoiceLineItems, serviceTypes, users } from '../../../db/schema';
import { fullName } from './repository';

const practitioner = alias(users, 'session_practitioner');

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

/** Which of these services exist. */
export function servicesOf(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: serviceTypes.id }).from(serviceTypes).where(inArray(serviceTypes.id, ids));
}
