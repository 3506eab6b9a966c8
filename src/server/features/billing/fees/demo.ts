import { and, count, desc, eq, lt } from 'drizzle-orm';
import { formatInvoiceNumber, invoiceTotals } from '../../../../shared/billing';
import type { Tx } from '../../../db/client';
import { appointmentFees, appointments, invoiceLineItems, invoices, users } from '../../../db/schema';
import { addDays, clinicDayLabel, clinicToday } from '../../../platform/clinic-time';
import { takeNumber } from '../invoices/repository';
import { getPolicy, getSettings } from '../settings/service';

/**
 * The demo clinic's no-show fees, on its three latest missed sessions: the latest still pending at the desk,
 * the one before applied (a sent invoice), the earliest waived with a reason. Nothing when fees exist, the
 * policy has no no-show fee, or there are fewer missed sessions.
 */
export async function seedDemoFees(tx: Tx, now = new Date()) {
  const [{ existing }] = await tx.select({ existing: count() }).from(appointmentFees);
  const { policy } = await getPolicy(tx);
  if (existing > 0 || !policy.sessionBilling || policy.noShowFeeCents <= 0) return 0;
  const missed = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.status, 'no_show'), lt(appointments.startsAt, now)))
    .orderBy(desc(appointments.startsAt))
    .limit(3);
  if (missed.length < 3) return 0;
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.clinic'));
  const staffId = staff?.id ?? null;
  const amountCents = policy.noShowFeeCents;
  const [pending, applied, waived] = missed;
  const common = (session: (typeof missed)[number]) => ({
    appointmentId: session.id,
    patientId: session.patientId,
    kind: 'no_show' as const,
    amountCents,
    createdBy: session.practitionerId,
    createdAt: new Date(session.endsAt.getTime() + 15 * 60_000),
  });
  await tx.insert(appointmentFees).values(common(pending));

  const { settings } = await getSettings(tx);
  const lines = [{ quantity: 1, unitPriceCents: amountCents }];
  const totals = invoiceTotals(lines, 0, settings.taxRateBasisPoints);
  const decidedAt = new Date(Math.min(applied.endsAt.getTime() + 24 * 3_600_000, now.getTime()));
  const issued = clinicToday(decidedAt);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number: formatInvoiceNumber(await takeNumber(tx)),
      patientId: applied.patientId,
      practitionerId: applied.practitionerId,
      status: addDays(issued, settings.paymentTermsDays) < clinicToday(now) ? 'overdue' : 'sent',
      issueDate: issued,
      dueDate: addDays(issued, settings.paymentTermsDays),
      taxRateBasisPoints: settings.taxRateBasisPoints,
      ...totals,
      notes: '',
      createdBy: staffId,
      createdAt: decidedAt,
      updatedAt: decidedAt,
      sentAt: decidedAt,
    })
    .returning();
  await tx.insert(invoiceLineItems).values({
    invoiceId: invoice.id,
    position: 0,
    description: `No-show fee, ${clinicDayLabel(applied.startsAt)}`,
    quantity: 1,
    unitPriceCents: amountCents,
    amountCents,
  });
  await tx.insert(appointmentFees).values({
    ...common(applied),
    status: 'applied',
    invoiceId: invoice.id,
    decidedBy: staffId,
    decidedAt,
  });
  await tx.insert(appointmentFees).values({
    ...common(waived),
    status: 'waived',
    waiveReason: 'First missed session; the patient called the next morning',
    decidedBy: staffId,
    decidedAt: new Date(Math.min(waived.endsAt.getTime() + 24 * 3_600_000, now.getTime())),
  });
  return 3;
}
