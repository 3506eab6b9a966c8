import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { appointments, invoiceLineItems, invoices, serviceTypes, users } from '../../../db/schema';
import { fullName } from '../invoices/repository';

const patient = alias(users, 'checkout_patient');
const practitioner = alias(users, 'checkout_practitioner');

/** One session as checkout shows it, and the invoice whose line bills it (null while it is unbilled). */
export async function sessionOf(db: Db | Tx, appointmentId: string) {
  const [row] = await db
    .select({
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
      status: appointments.status,
      patientId: appointments.patientId,
      patientName: fullName(patient),
      practitionerId: appointments.practitionerId,
      practitionerName: fullName(practitioner),
      serviceName: serviceTypes.name,
      priceCents: serviceTypes.priceCents,
      invoiceId: invoiceLineItems.invoiceId,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .innerJoin(practitioner, eq(practitioner.id, appointments.practitionerId))
    .leftJoin(invoiceLineItems, eq(invoiceLineItems.appointmentId, appointments.id))
    .where(eq(appointments.id, appointmentId));
  return row ?? null;
}

/** What a patient owes on their open invoices, leaving one out. */
export async function openBalanceOf(db: Db | Tx, of: { patientId: string; exceptInvoiceId: string | null }) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}), 0)::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.patientId, of.patientId),
        inArray(invoices.status, ['sent', 'partially_paid', 'overdue']),
        of.exceptInvoiceId ? ne(invoices.id, of.exceptInvoiceId) : undefined,
      ),
    );
  return row?.cents ?? 0;
}
