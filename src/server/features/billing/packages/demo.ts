import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import { formatInvoiceNumber, invoiceTotals } from '../../../../shared/billing';
import type { Tx } from '../../../db/client';
import {
  appointments,
  invoiceLineItems,
  invoices,
  packageServices,
  packageUses,
  patientPackages,
  payments,
  sessionPackages,
  users,
} from '../../../db/schema';
import { clinicToday } from '../../../platform/clinic-time';
import { takeNumber } from '../invoices/repository';
import { getSettings } from '../settings/service';

const DEMO_PACKAGE = { name: 'Six-session course', sessions: 6, priceCents: 48_000 } as const;
const DEMO_USED = 2;

/**
 * The demo clinic's package: one course of six sessions of the demo patient's service, and the demo patient
 * holding one, bought (a paid invoice) the day before their last (at most two) unbilled completed sessions of
 * that service, which it covered. Once any package exists, seeding adds nothing.
 */
export async function seedDemoPackages(tx: Tx, now = new Date()) {
  const [{ existing }] = await tx.select({ existing: count() }).from(sessionPackages);
  if (existing > 0) return 0;
  const [patient] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'patient@demo.clinic'));
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.clinic'));
  if (!patient) return 0;
  const unbilled = await tx
    .select({
      id: appointments.id,
      serviceTypeId: appointments.serviceTypeId,
      practitionerId: appointments.practitionerId,
      startsAt: appointments.startsAt,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patient.id),
        eq(appointments.status, 'completed'),
        notExists(
          sql`(select 1 from ${invoiceLineItems} where ${invoiceLineItems.appointmentId} = ${appointments.id})`,
        ),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const service = unbilled.at(-1)?.serviceTypeId;
  if (!service) return 0;
  const [made] = await tx
    .insert(sessionPackages)
    .values({ ...DEMO_PACKAGE, createdBy: staff?.id ?? null, createdAt: new Date(now.getTime() - 90 * DAY) })
    .returning();
  await tx.insert(packageServices).values({ packageId: made.id, serviceTypeId: service });
  const covered = unbilled.filter((session) => session.serviceTypeId === service).slice(-DEMO_USED);
  const boughtAt = new Date(Math.min(covered[0].startsAt.getTime() - DAY, now.getTime()));
  const { settings } = await getSettings(tx);
  const totals = invoiceTotals(
    [{ quantity: 1, unitPriceCents: made.priceCents }],
    0,
    settings.taxRateBasisPoints,
  );
  const issued = clinicToday(boughtAt);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number: formatInvoiceNumber(await takeNumber(tx)),
      patientId: patient.id,
      practitionerId: covered[0].practitionerId,
      status: 'paid',
      issueDate: issued,
      dueDate: issued,
      taxRateBasisPoints: settings.taxRateBasisPoints,
      ...totals,
      paidCents: totals.totalCents,
      createdBy: staff?.id ?? null,
      createdAt: boughtAt,
      updatedAt: boughtAt,
      sentAt: boughtAt,
      paidAt: boughtAt,
    })
    .returning();
  const [line] = await tx
    .insert(invoiceLineItems)
    .values({
      invoiceId: invoice.id,
      position: 0,
      description: `${made.name} (${made.sessions} sessions)`,
      quantity: 1,
      unitPriceCents: made.priceCents,
      amountCents: made.priceCents,
      packageId: made.id,
    })
    .returning();
  await tx.insert(payments).values({
    method: 'card',
    purpose: 'invoice',
    referenceId: invoice.id,
    amountCents: totals.totalCents,
    currency: invoice.currency,
    recordedBy: staff?.id ?? null,
    createdAt: boughtAt,
  });
  const [held] = await tx
    .insert(patientPackages)
    .values({
      patientId: patient.id,
      packageId: made.id,
      invoiceId: invoice.id,
      invoiceLineId: line.id,
      sessionsTotal: made.sessions,
      sessionsUsed: covered.length,
      createdAt: boughtAt,
    })
    .returning();
  await tx.insert(packageUses).values(
    covered.map((session) => ({
      patientPackageId: held.id,
      appointmentId: session.id,
      createdBy: staff?.id ?? null,
      createdAt: session.startsAt,
    })),
  );
  return 1;
}

const DAY = 86_400_000;
