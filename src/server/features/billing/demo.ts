import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  formatInvoiceNumber,
  type InvoiceStatus,
  invoiceTotals,
  OPEN_INVOICE_STATUSES,
} from '../../../shared/billing';
import { CARD_ERRORS } from '../../../shared/payments';
import { CARD_CONSENT } from '../../../shared/saved-cards';
import type { Tx } from '../../db/client';
import {
  appointments,
  billingSettings,
  invoiceLineItems,
  invoices,
  payments,
  savedCards,
  serviceTypes,
  testSetupIntents,
  users,
} from '../../db/schema';
import { addDays, clinicDayLabel, clinicToday } from '../../platform/clinic-time';
import { takeNumber } from './invoices/repository';
import { getSettings } from './settings/service';

/**
 * The demo clinic bills its sessions (decision 0029): session billing on, a 24-hour late-cancellation window,
 * a $25 late-cancellation fee and a $40 no-show fee. A clinic that saved its own settings keeps them.
 */
export const DEMO_BILLING_POLICY = {
  sessionBilling: true,
  lateCancelWindowHours: 24,
  lateCancelFeeCents: 2500,
  noShowFeeCents: 4000,
} as const;

export async function seedDemoBillingPolicy(tx: Tx) {
  // The migrations make the row; nobody has saved it while updated_by is empty.
  await tx
    .update(billingSettings)
    .set(DEMO_BILLING_POLICY)
    .where(and(eq(billingSettings.id, 'clinic'), isNull(billingSettings.updatedBy)));
}

/** What each demo invoice is, in order: the demo patient's two first, then one per other patient. */
type Plan = {
  status: InvoiceStatus;
  /** Days from today of the issue date and of the due date. */
  issued: number;
  due: number;
  /** How much of the total was paid, and how. */
  paid: 'none' | 'half' | 'all';
  method: 'cash' | 'cheque' | 'card';
};

const DEMO_PATIENT_PLANS: Plan[] = [
  { status: 'sent', issued: -4, due: 26, paid: 'none', method: 'card' },
  { status: 'paid', issued: -35, due: -5, paid: 'all', method: 'card' },
];

const OTHER_PLANS: Plan[] = [
  { status: 'draft', issued: 0, due: 30, paid: 'none', method: 'cash' },
  { status: 'sent', issued: -2, due: 28, paid: 'none', method: 'cash' },
  { status: 'partially_paid', issued: -10, due: 20, paid: 'half', method: 'cheque' },
  { status: 'paid', issued: -25, due: 5, paid: 'all', method: 'cash' },
  { status: 'overdue', issued: -45, due: -15, paid: 'none', method: 'cash' },
  { status: 'void', issued: -20, due: 10, paid: 'none', method: 'cash' },
  { status: 'overdue', issued: -50, due: -20, paid: 'half', method: 'card' },
  { status: 'paid', issued: -14, due: 16, paid: 'all', method: 'cheque' },
];

/**
 * The demo clinic's invoices, from completed demo sessions: for the demo patient (Pat Morgan) one sent with
 * its balance due in a few weeks and one paid by card; for eight other patients one each, in every status
 * (draft, sent, partly paid, paid, overdue, void). Fixed plans over sessions taken in a fixed order, so every
 * seeding builds the same invoices; once any invoice exists, seeding adds nothing.
 */
export async function seedDemoInvoices(tx: Tx, now = new Date()) {
  const [{ existing }] = await tx.select({ existing: count() }).from(invoices);
  if (existing > 0) return 0;
  const sessions = await tx
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      practitionerId: appointments.practitionerId,
      startsAt: appointments.startsAt,
      serviceTypeId: serviceTypes.id,
      serviceName: serviceTypes.name,
      priceCents: serviceTypes.priceCents,
      email: users.email,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .innerJoin(users, eq(users.id, appointments.patientId))
    .where(and(eq(appointments.status, 'completed'), ne(serviceTypes.priceCents, 0)))
    .orderBy(asc(users.email), asc(appointments.startsAt));
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.clinic'));
  const taxRate = (await getSettings(tx)).settings.taxRateBasisPoints;

  const byPatient = new Map<string, typeof sessions>();
  for (const session of sessions)
    byPatient.set(session.email, [...(byPatient.get(session.email) ?? []), session]);
  const chosen: Array<{ plan: Plan; session: (typeof sessions)[number] }> = [];
  const demo = byPatient.get('patient@demo.clinic') ?? [];
  // The demo patient's latest session is still owed; an earlier one was paid.
  if (demo.length >= 2) {
    chosen.push({ plan: DEMO_PATIENT_PLANS[0], session: demo[demo.length - 1] });
    chosen.push({ plan: DEMO_PATIENT_PLANS[1], session: demo[0] });
  }
  const others = [...byPatient.entries()].filter(([email]) => email !== 'patient@demo.clinic');
  for (const [index, plan] of OTHER_PLANS.entries()) {
    const entry = others[index * 3];
    // Overdue and paid invoices bill the patient's first session, the others their latest.
    const early = plan.status === 'overdue' || plan.status === 'paid';
    if (entry) chosen.push({ plan, session: early ? entry[1][0] : entry[1][entry[1].length - 1] });
  }

  const today = clinicToday(now);
  let made = 0;
  for (const { plan, session } of chosen) {
    const lines = [{ quantity: 1, unitPriceCents: session.priceCents }];
    const totals = invoiceTotals(lines, 0, taxRate);
    // Issued on the plan's day, but never before the session itself; due on the plan's day or the issue day.
    const sessionDay = clinicToday(session.startsAt);
    const planned = addDays(today, plan.issued);
    const issued = plan.status === 'draft' ? null : planned > sessionDay ? planned : sessionDay;
    const plannedDue = addDays(today, plan.due);
    const dueDate = issued && issued > plannedDue ? issued : plannedDue;
    const paidCents =
      plan.paid === 'all' ? totals.totalCents : plan.paid === 'half' ? Math.floor(totals.totalCents / 2) : 0;
    const number = issued ? formatInvoiceNumber(await takeNumber(tx)) : null;
    const issuedAt = issued ? notAfter(new Date(`${issued}T10:00:00Z`), now) : now;
    // Paid three days after issue, or as late as today: nothing in the demo's books lies in the future.
    const paidAt = notAfter(addHours(issuedAt, 24 * 3), now);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        number,
        patientId: session.patientId,
        practitionerId: session.practitionerId,
        status: plan.status,
        issueDate: issued,
        dueDate,
        taxRateBasisPoints: taxRate,
        ...totals,
        paidCents,
        notes: '',
        voidReason: plan.status === 'void' ? 'Billed to the wrong patient' : null,
        createdBy: staff?.id ?? null,
        createdAt: issuedAt,
        updatedAt: issuedAt,
        sentAt: issued ? issuedAt : null,
        paidAt: plan.status === 'paid' ? paidAt : null,
        overdueAt:
          plan.status === 'overdue' ? notAfter(new Date(`${addDays(dueDate, 1)}T06:00:00Z`), now) : null,
        voidedAt: plan.status === 'void' ? notAfter(addHours(issuedAt, 24), now) : null,
      })
      .returning();
    await tx.insert(invoiceLineItems).values({
      invoiceId: invoice.id,
      position: 0,
      description: `${session.serviceName}, ${clinicDayLabel(session.startsAt)}`,
      quantity: 1,
      unitPriceCents: session.priceCents,
      amountCents: session.priceCents,
      serviceTypeId: session.serviceTypeId,
      // A void invoice gave its session back; it stays billable.
      appointmentId: plan.status === 'void' ? null : session.id,
      billedAppointmentId: session.id,
    });
    if (paidCents > 0)
      await tx.insert(payments).values({
        method: plan.method,
        purpose: 'invoice',
        referenceId: invoice.id,
        amountCents: paidCents,
        currency: invoice.currency,
        cardLast4: null,
        reference: plan.method === 'cheque' ? `Cheque ${100200 + made}` : null,
        recordedBy: staff?.id ?? null,
        createdAt: paidAt,
      });
    made += 1;
  }
  return made;
}

const addHours = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);
const notAfter = (at: Date, latest: Date) => (at > latest ? latest : at);

/** The demo's cards on file, given in turn to the patients with an open invoice; the last one declines. */
const DEMO_CARDS = [
  { brand: 'visa', last4: '4242', expMonth: 8, years: 2, declines: false },
  { brand: 'mastercard', last4: '4444', expMonth: 3, years: 3, declines: false },
  { brand: 'visa', last4: '1881', expMonth: 11, years: 1, declines: false },
  { brand: 'visa', last4: '0341', expMonth: 5, years: 2, declines: true },
];

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Cards on file (with the test provider) for the first patients by email with an open invoice, the demo
 * patient left to add their own: each saved with consent a few days ago, and known to the test provider, so
 * the desk can charge them; the last declines when charged (as Stripe's test card 4000 0000 0000 0341). Once
 * any card exists, seeding adds nothing.
 */
export async function seedDemoCards(tx: Tx, now = new Date()) {
  const [{ existing }] = await tx.select({ existing: count() }).from(savedCards);
  if (existing > 0) return 0;
  const owing = await tx
    .selectDistinct({ id: users.id, email: users.email })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.patientId))
    .where(and(inArray(invoices.status, [...OPEN_INVOICE_STATUSES]), ne(users.email, 'patient@demo.clinic')))
    .orderBy(asc(users.email));
  let made = 0;
  for (const [index, patient] of owing.slice(0, DEMO_CARDS.length).entries()) {
    const card = DEMO_CARDS[index];
    const customerId = token('cus');
    const paymentMethodId = token('pm');
    const savedAt = addHours(now, -24 * (3 + index * 5));
    const expYear = now.getUTCFullYear() + card.years;
    await tx.insert(testSetupIntents).values({
      id: token('seti'),
      secretHash: createHash('sha256').update(randomBytes(16)).digest('hex'),
      customerId,
      status: 'succeeded',
      metadata: { purpose: 'card_on_file', patientId: patient.id },
      paymentMethodId,
      cardBrand: card.brand,
      cardLast4: card.last4,
      expMonth: card.expMonth,
      expYear,
      declineMessage: card.declines ? CARD_ERRORS.declined : null,
      createdAt: savedAt,
      updatedAt: savedAt,
    });
    await tx.insert(savedCards).values({
      patientId: patient.id,
      provider: 'test',
      providerCustomerId: customerId,
      providerPaymentMethodId: paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear,
      consentAt: savedAt,
      consentVersion: CARD_CONSENT.version,
      createdAt: savedAt,
    });
    made += 1;
  }
  return made;
}
