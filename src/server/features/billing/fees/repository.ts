import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeeKind, FeeStatus } from '../../../../shared/billing-fees';
import type { Db, Tx } from '../../../db/client';
import { appointmentFees, appointments, invoices, users } from '../../../db/schema';
import { fullName } from '../invoices/repository';

const patient = alias(users, 'fee_patient');
const practitioner = alias(users, 'fee_practitioner');
const decider = alias(users, 'fee_decider');

/** A pending fee for the appointment; nothing when it has one of that kind already. */
export async function insertPending(
  tx: Tx,
  fee: { appointmentId: string; patientId: string; kind: FeeKind; amountCents: number; createdBy: string },
) {
  const [row] = await tx
    .insert(appointmentFees)
    .values(fee)
    .onConflictDoNothing({ target: [appointmentFees.appointmentId, appointmentFees.kind] })
    .returning();
  return row ?? null;
}

/** The fee with its appointment, locked until the transaction ends: an apply and a waive take turns. */
export async function lockFee(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      fee: appointmentFees,
      appointmentStatus: appointments.status,
      practitionerId: appointments.practitionerId,
      startsAt: appointments.startsAt,
    })
    .from(appointmentFees)
    .innerJoin(appointments, eq(appointments.id, appointmentFees.appointmentId))
    .where(eq(appointmentFees.id, id))
    .for('update', { of: appointmentFees });
  return row ?? null;
}

/** An appointment's fee of a kind with its invoice's number, locked until the transaction ends. */
export async function lockFeeOf(tx: Tx, of: { appointmentId: string; kind: FeeKind }) {
  const [row] = await tx
    .select({ fee: appointmentFees, invoiceNumber: invoices.number })
    .from(appointmentFees)
    .leftJoin(invoices, eq(invoices.id, appointmentFees.invoiceId))
    .where(and(eq(appointmentFees.appointmentId, of.appointmentId), eq(appointmentFees.kind, of.kind)))
    .for('update', { of: appointmentFees });
  return row ?? null;
}

export async function decide(
  tx: Tx,
  id: string,
  decision:
    | { status: 'applied'; invoiceId: string; by: string; at: Date }
    | { status: 'waived'; reason: string; by: string; at: Date },
) {
  await tx
    .update(appointmentFees)
    .set({
      status: decision.status,
      invoiceId: decision.status === 'applied' ? decision.invoiceId : null,
      waiveReason: decision.status === 'waived' ? decision.reason : null,
      decidedBy: decision.by,
      decidedAt: decision.at,
    })
    .where(and(eq(appointmentFees.id, id), eq(appointmentFees.status, 'pending')));
}

export async function deletePending(tx: Tx, id: string) {
  await tx
    .delete(appointmentFees)
    .where(and(eq(appointmentFees.id, id), eq(appointmentFees.status, 'pending')));
}

export type ListFilter = { status?: FeeStatus; appointmentId?: string; practitionerId?: string; id?: string };

/** Fees with their names, pending ones oldest first (the desk's queue), the others newest first. */
export function listNamed(db: Db | Tx, filter: ListFilter) {
  const where: SQL[] = [];
  if (filter.id) where.push(eq(appointmentFees.id, filter.id));
  if (filter.status) where.push(eq(appointmentFees.status, filter.status));
  if (filter.appointmentId) where.push(eq(appointmentFees.appointmentId, filter.appointmentId));
  if (filter.practitionerId) where.push(eq(appointments.practitionerId, filter.practitionerId));
  return db
    .select({
      fee: appointmentFees,
      appointmentStartsAt: appointments.startsAt,
      practitionerId: appointments.practitionerId,
      patientName: fullName(patient),
      practitionerName: fullName(practitioner),
      decidedByName: fullName(decider),
      invoiceNumber: invoices.number,
    })
    .from(appointmentFees)
    .innerJoin(appointments, eq(appointments.id, appointmentFees.appointmentId))
    .innerJoin(patient, eq(patient.id, appointmentFees.patientId))
    .innerJoin(practitioner, eq(practitioner.id, appointments.practitionerId))
    .leftJoin(decider, eq(decider.id, appointmentFees.decidedBy))
    .leftJoin(invoices, eq(invoices.id, appointmentFees.invoiceId))
    .where(and(...where))
    .orderBy(
      filter.status === 'pending' ? asc(appointmentFees.createdAt) : desc(appointmentFees.createdAt),
      asc(appointmentFees.id),
    )
    .limit(200);
}
export type NamedFeeRow = Awaited<ReturnType<typeof listNamed>>[number];
