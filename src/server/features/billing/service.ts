import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  BILLING_ERRORS,
  type BillableAnswer,
  type BillingSettings,
  type CreateInvoiceInput,
  formatInvoiceNumber,
  INVOICE_AMOUNT_MAX_CENTS,
  INVOICE_CURRENCY,
  INVOICE_PAGE_SIZE,
  type Invoice,
  type InvoiceLineInput,
  type InvoiceListAnswer,
  type InvoiceStatus,
  invoiceTotals,
  invoiceUrl,
  OPEN_INVOICE_STATUSES,
  type PayInvoiceAnswer,
  type RecordPaymentInput,
  type RefundPaymentInput,
  type UpdateInvoiceInput,
} from '../../../shared/billing';
import type { Role } from '../../../shared/roles';
import { CLINIC_TIME_ZONE } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import {
  activityLog,
  billingSettings,
  invoiceCounters,
  invoiceLineItems,
  invoices,
  payments as paymentRecords,
  paymentRefunds,
} from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import * as accounts from '../accounts/service';
import * as patients from '../patients/service';
import type { ProviderIntent } from '../payments/provider';
import { type Payments, recordPayment, withdrawRefund } from '../payments/service';
import * as repository from './repository';

export type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;
export type Caller = { id: string; role: Role };

const MANAGERS: Role[] = ['staff', 'admin'];
const isManager = (caller: Caller) => MANAGERS.includes(caller.role);

/** Today in the clinic's zone, as YYYY-MM-DD. */
export function clinicToday(now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: CLINIC_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The status an open invoice has for what is paid of it: paid in full, overdue, partly paid or sent. */
export function statusFor(
  invoice: Pick<repository.InvoiceRow, 'totalCents' | 'dueDate' | 'status'>,
  paidCents: number,
  today: string,
): InvoiceStatus {
  if (invoice.status === 'void' || invoice.status === 'draft') return invoice.status;
  if (paidCents >= invoice.totalCents) return 'paid';
  // Once overdue, an invoice stays overdue until it is paid in full.
  if (invoice.status === 'overdue' || invoice.dueDate < today) return 'overdue';
  return paidCents > 0 ? 'partially_paid' : 'sent';
}

const isOpen = (status: InvoiceStatus) => (OPEN_INVOICE_STATUSES as readonly string[]).includes(status);

function audit(
  db: Db | Tx,
  caller: Caller | null,
  action: string,
  invoice: { id: string; patientId: string },
  meta?: RequestMeta,
  details: Record<string, string | number | boolean | null> = {},
) {
  return recordActivity(db, {
    actorId: caller?.id ?? null,
    action,
    entityType: 'invoice',
    entityId: invoice.id,
    ipAddress: meta?.ipAddress ?? null,
    details: { patientId: invoice.patientId, ...details },
  });
}

function publish(ctx: Pick<AppContext, 'events'>, invoice: repository.InvoiceRow, change: Change) {
  ctx.events.publish('invoice.changed', {
    invoiceId: invoice.id,
    patientId: invoice.patientId,
    practitionerId: invoice.practitionerId,
    change,
  });
}
type Change = DomainEvents['invoice.changed']['change'];

/** Whether the caller may see the invoice: the patient their non-drafts, a practitioner their patients'. */
async function canSee(db: Db | Tx, caller: Caller, invoice: repository.InvoiceRow) {
  if (isManager(caller)) return true;
  if (caller.role === 'patient') return invoice.patientId === caller.id && invoice.status !== 'draft';
  if (caller.role === 'practitioner') return patients.isPatientInReach(db, caller, invoice.patientId);
  return false;
}

/** The invoice when the caller reaches it; anything else is told it does not exist. */
async function inReach(db: Db | Tx, caller: Caller, id: string) {
  const row = await repository.findRow(db, id);
  if (!row || !(await canSee(db, caller, row))) throw notFound(BILLING_ERRORS.notFound);
  return row;
}

/** For changes: a patient reaches their invoices only to read and pay them. */
async function inReachToManage(db: Db | Tx, caller: Caller, id: string) {
  const row = await inReach(db, caller, id);
  if (caller.role === 'patient') throw notFound(BILLING_ERRORS.notFound);
  return row;
}

async function answer(db: Db | Tx, id: string): Promise<{ invoice: Invoice }> {
  const invoice = await repository.loadInvoice(db, id);
  if (!invoice) throw notFound(BILLING_ERRORS.notFound);
  return { invoice };
}

export async function getInvoice(db: Db, caller: Caller, id: string, meta: RequestMeta) {
  const row = await inReach(db, caller, id);
  await audit(db, caller, 'invoice.viewed', row, meta);
  return answer(db, id);
}

export async function listInvoices(
  db: Db,
  caller: Caller,
  query: Omit<repository.ListFilter, 'ownPatientId' | 'patientIdsIn'> & { page: number },
  meta: RequestMeta,
): Promise<InvoiceListAnswer> {
  const filter: repository.ListFilter = { ...query };
  if (caller.role === 'patient') filter.ownPatientId = caller.id;
  else if (caller.role === 'practitioner') filter.patientIdsIn = patients.patientIdsInReachOf(caller.id);
  const { rows, totals } = await repository.list(
    db,
    repository.listWhere(filter),
    query.page,
    INVOICE_PAGE_SIZE,
  );
  // Each patient whose invoices were shown finds this read in their access log (one entry each, one write).
  const shown = [...new Set(rows.map((row) => row.invoice.patientId))];
  if (shown.length > 0)
    await db.insert(activityLog).values(
      shown.map((patientId) => ({
        actorId: caller.id,
        action: 'invoice.listed',
        entityType: 'invoice',
        entityId: null,
        outcome: 'success' as const,
        ipAddress: meta.ipAddress,
        details: { patientId, count: rows.filter((row) => row.invoice.patientId === patientId).length },
      })),
    );
  return {
    invoices: rows.map(repository.toSummary),
    page: query.page,
    pageSize: INVOICE_PAGE_SIZE,
    total: totals.total,
    totals: {
      outstandingCents: totals.outstandingCents,
      overdueCents: totals.overdueCents,
      overdueCount: totals.overdueCount,
    },
  };
}

/** The patient an invoice is for: one out of the caller's reach answers as one that does not exist. */
async function patientForBilling(db: Db | Tx, caller: Caller, patientId: string) {
  const account = await accounts.findAccountById(db, patientId);
  if (account?.role !== 'patient' || !(await patients.isPatientInReach(db, caller, patientId)))
    throw notFound(BILLING_ERRORS.patientNotFound);
  return account;
}

export async function billable(
  db: Db,
  caller: Caller,
  patientId: string,
  meta: RequestMeta,
): Promise<BillableAnswer> {
  if (!(await patients.isPatientInReach(db, caller, patientId)))
    throw notFound(BILLING_ERRORS.patientNotFound);
  const rows = await repository.billableOf(db, patientId, ownSessionsOf(caller));
  await recordActivity(db, {
    actorId: caller.id,
    action: 'invoice.billable_listed',
    entityType: 'invoice',
    entityId: null,
    ipAddress: meta.ipAddress,
    details: { patientId },
  });
  return {
    appointments: rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() })),
  };
}

type BuiltLine = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  serviceTypeId: string | null;
  appointmentId: string | null;
};

const dayLabel = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: CLINIC_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(at);

/** Practitioners bill as themselves: the sessions they may bill are their own. */
const ownSessionsOf = (caller: Caller) => (caller.role === 'practitioner' ? caller.id : undefined);

/**
 * The lines as the server keeps them: an appointment's line takes its description and price from the
 * service (quantity 1), and a practitioner adds only their own sessions; a service's must name a service
 * that exists.
 */
async function buildLines(
  db: Db | Tx,
  caller: Caller,
  patientId: string,
  inputs: InvoiceLineInput[],
  invoiceId?: string,
): Promise<BuiltLine[]> {
  const appointmentIds = inputs.flatMap((line) => (line.appointmentId ? [line.appointmentId] : []));
  const serviceIds = inputs.flatMap((line) =>
    line.serviceTypeId && !line.appointmentId ? [line.serviceTypeId] : [],
  );
  const [sessions, services] = await Promise.all([
    repository.completedAppointments(db, patientId, appointmentIds, {
      exceptInvoiceId: invoiceId,
      ownedBy: ownSessionsOf(caller),
    }),
    repository.servicesOf(db, serviceIds),
  ]);
  const sessionOf = new Map(sessions.map((session) => [session.id, session]));
  const knownServices = new Set(services.map((service) => service.id));
  const seen = new Set<string>();
  return inputs.map((line, index) => {
    if (line.appointmentId) {
      const session = sessionOf.get(line.appointmentId);
      if (!session || seen.has(line.appointmentId))
        throw badRequest(BILLING_ERRORS.appointmentNotBillable, {
          [`lineItems.${index}.appointmentId`]: BILLING_ERRORS.appointmentNotBillable,
        });
      seen.add(line.appointmentId);
      return {
        description: `${session.serviceName}, ${dayLabel(session.startsAt)}`,
        quantity: 1,
        unitPriceCents: session.priceCents,
        serviceTypeId: session.serviceTypeId,
        appointmentId: session.id,
      };
    }
    if (line.serviceTypeId && !knownServices.has(line.serviceTypeId))
      throw badRequest(BILLING_ERRORS.serviceNotFound, {
        [`lineItems.${index}.serviceTypeId`]: BILLING_ERRORS.serviceNotFound,
      });
    return {
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      serviceTypeId: line.serviceTypeId ?? null,
      appointmentId: null,
    };
  });
}

function figures(lines: BuiltLine[], discountCents: number, taxRateBasisPoints: number) {
  const totals = invoiceTotals(lines, 0, taxRateBasisPoints);
  if (discountCents > totals.subtotalCents)
    throw badRequest(BILLING_ERRORS.discountTooLarge, { discountCents: BILLING_ERRORS.discountTooLarge });
  const result = invoiceTotals(lines, discountCents, taxRateBasisPoints);
  if (result.totalCents > INVOICE_AMOUNT_MAX_CENTS || result.subtotalCents > INVOICE_AMOUNT_MAX_CENTS)
    throw badRequest(BILLING_ERRORS.totalTooLarge, { lineItems: BILLING_ERRORS.totalTooLarge });
  return result;
}

/**
 * Whom an invoice names as its practitioner. Staff and admin choose anyone; a practitioner bills as themselves,
 * and may leave alone whoever a draft already names (`current`).
 */
async function checkPractitioner(
  db: Db | Tx,
  caller: Caller,
  practitionerId: string | null | undefined,
  current?: string | null,
) {
  if (
    caller.role === 'practitioner' &&
    practitionerId !== undefined &&
    practitionerId !== caller.id &&
    practitionerId !== current
  )
    throw badRequest(BILLING_ERRORS.practitionerBillsOwn, {
      practitionerId: BILLING_ERRORS.practitionerBillsOwn,
    });
  if (!practitionerId) return;
  const account = await accounts.findAccountById(db, practitionerId);
  if (account?.role !== 'practitioner')
    throw badRequest(BILLING_ERRORS.practitionerNotFound, {
      practitionerId: BILLING_ERRORS.practitionerNotFound,
    });
}

function checkDueDate(dueDate: string | undefined, today: string) {
  if (dueDate && dueDate < today)
    throw badRequest(BILLING_ERRORS.dueDateBeforeIssue, { dueDate: BILLING_ERRORS.dueDateBeforeIssue });
}

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/** An appointment claimed by another invoice between the check and the write: the unique index says so. */
async function claiming<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', BILLING_ERRORS.appointmentNotBillable, {
        fields: { lineItems: BILLING_ERRORS.appointmentNotBillable },
      });
    throw error;
  }
}

const lineValues = (invoiceId: string, lines: BuiltLine[]) =>
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
  }));

export async function createInvoice(ctx: Ctx, caller: Caller, input: CreateInvoiceInput, meta: RequestMeta) {
  await patientForBilling(ctx.db, caller, input.patientId);
  const practitionerId =
    input.practitionerId === undefined
      ? caller.role === 'practitioner'
        ? caller.id
        : null
      : input.practitionerId;
  await checkPractitioner(ctx.db, caller, practitionerId);
  const today = clinicToday();
  checkDueDate(input.dueDate, today);
  const settings = await repository.settings(ctx.db);
  const lines = await buildLines(ctx.db, caller, input.patientId, input.lineItems);
  const totals = figures(lines, input.discountCents ?? 0, settings.taxRateBasisPoints);
  const row = await claiming(() =>
    ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(invoices)
        .values({
          patientId: input.patientId,
          practitionerId,
          currency: INVOICE_CURRENCY,
          dueDate: input.dueDate ?? addDays(today, settings.paymentTermsDays),
          taxRateBasisPoints: settings.taxRateBasisPoints,
          ...totals,
          notes: input.notes ?? '',
          createdBy: caller.id,
        })
        .returning();
      await tx.insert(invoiceLineItems).values(lineValues(inserted.id, lines));
      await audit(tx, caller, 'invoice.created', inserted, meta, { totalCents: inserted.totalCents });
      return inserted;
    }),
  );
  publish(ctx, row, 'created');
  return answer(ctx.db, row.id);
}

export async function updateInvoice(
  ctx: Ctx,
  caller: Caller,
  id: string,
  input: UpdateInvoiceInput,
  meta: RequestMeta,
) {
  const current = await inReachToManage(ctx.db, caller, id);
  if (current.status !== 'draft') throw new AppError('CONFLICT', BILLING_ERRORS.notDraft);
  await checkPractitioner(ctx.db, caller, input.practitionerId, current.practitionerId);
  checkDueDate(input.dueDate, clinicToday());
  const lines = input.lineItems
    ? await buildLines(ctx.db, caller, current.patientId, input.lineItems, id)
    : (await repository.linesOf(ctx.db, id)).map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        serviceTypeId: line.serviceTypeId,
        appointmentId: line.appointmentId,
      }));
  const totals = figures(lines, input.discountCents ?? current.discountCents, current.taxRateBasisPoints);
  const row = await claiming(() =>
    ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(invoices)
        .set({
          ...(input.practitionerId !== undefined ? { practitionerId: input.practitionerId } : {}),
          ...(input.dueDate ? { dueDate: input.dueDate } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          ...totals,
          updatedAt: new Date(),
        })
        .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
        .returning();
      if (!updated) throw new AppError('CONFLICT', BILLING_ERRORS.notDraft);
      if (input.lineItems) {
        await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, id));
        await tx.insert(invoiceLineItems).values(lineValues(id, lines));
      }
      await audit(tx, caller, 'invoice.updated', updated, meta, { totalCents: updated.totalCents });
      return updated;
    }),
  );
  publish(ctx, row, 'updated');
  return answer(ctx.db, id);
}

export async function deleteInvoice(ctx: Ctx, caller: Caller, id: string, meta: RequestMeta) {
  await inReachToManage(ctx.db, caller, id);
  const row = await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
      .returning();
    if (!deleted) throw new AppError('CONFLICT', BILLING_ERRORS.notDraft);
    await audit(tx, caller, 'invoice.deleted', deleted, meta);
    return deleted;
  });
  publish(ctx, row, 'deleted');
}

/**
 * Sends a draft: in one transaction the counter row is locked and moved on, so numbers have no gaps and no
 * two sends share one; then the patient is emailed and told.
 */
export async function sendInvoice(ctx: Ctx, caller: Caller, id: string, meta: RequestMeta, now = new Date()) {
  await inReachToManage(ctx.db, caller, id);
  const today = clinicToday(now);
  const row = await ctx.db.transaction(async (tx) => {
    const draft = await repository.lockRow(tx, id);
    if (draft?.status !== 'draft') throw new AppError('CONFLICT', BILLING_ERRORS.notDraft);
    if (draft.dueDate < today)
      throw badRequest(BILLING_ERRORS.dueDateBeforeIssue, { dueDate: BILLING_ERRORS.dueDateBeforeIssue });
    const [counter] = await tx
      .update(invoiceCounters)
      .set({ nextValue: sql`${invoiceCounters.nextValue} + 1` })
      .where(eq(invoiceCounters.series, 'invoice'))
      .returning({ nextValue: invoiceCounters.nextValue });
    const number = formatInvoiceNumber(counter.nextValue - 1);
    const zero = draft.totalCents === 0;
    const [sent] = await tx
      .update(invoices)
      .set({
        number,
        status: zero ? 'paid' : 'sent',
        issueDate: today,
        sentAt: now,
        paidAt: zero ? now : null,
        updatedAt: now,
      })
      .where(eq(invoices.id, id))
      .returning();
    await audit(tx, caller, 'invoice.sent', sent, meta, { number });
    return sent;
  });
  await emailInvoice(ctx, row);
  publish(ctx, row, 'sent');
  return answer(ctx.db, id);
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function emailInvoice(ctx: Ctx, invoice: repository.InvoiceRow) {
  const patient = await accounts.findAccountById(ctx.db, invoice.patientId);
  if (!patient) return;
  const link = `${ctx.config.appUrl.replace(/\/$/, '')}${invoiceUrl(invoice.id)}`;
  try {
    await ctx.mailer.send({
      to: patient.email,
      subject: `Your invoice ${invoice.number}`,
      text: `Dear ${patient.firstName},\n\nYour invoice ${invoice.number} for ${money(invoice.totalCents)} was issued on ${invoice.issueDate} and is due by ${invoice.dueDate}.\n\nSee it, download it and pay it online in the portal:\n${link}\n\nClinic Portal`,
    });
  } catch (error) {
    // The invoice is sent either way; the outbox keeps what could not be sent.
    ctx.log.error(
      { invoiceId: invoice.id, err: { message: (error as Error).message } },
      'invoice email not sent',
    );
  }
}

/** Applies a payment to the locked invoice: what is paid, the status, and when it was paid in full. */
async function applyPaid(tx: Tx, invoice: repository.InvoiceRow, paidCents: number, now: Date) {
  const status = statusFor(invoice, paidCents, clinicToday(now));
  const [updated] = await tx
    .update(invoices)
    .set({
      paidCents,
      status,
      paidAt: status === 'paid' ? (invoice.paidAt ?? now) : null,
      overdueAt: status === 'overdue' ? (invoice.overdueAt ?? now) : invoice.overdueAt,
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return updated;
}

const paymentChange = (before: repository.InvoiceRow, after: repository.InvoiceRow): Change =>
  after.status === 'paid' && before.status !== 'paid' ? 'paid' : 'payment';

/** A payment taken at the desk (cash, cheque, or a card terminal), never more than the balance. */
export async function recordDeskPayment(
  ctx: Ctx,
  caller: Caller,
  id: string,
  input: RecordPaymentInput,
  meta: RequestMeta,
) {
  await inReachToManage(ctx.db, caller, id);
  const now = new Date();
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const invoice = await repository.lockRow(tx, id);
    if (!invoice || !isOpen(invoice.status)) throw new AppError('CONFLICT', BILLING_ERRORS.notOpen);
    if (input.amountCents > invoice.totalCents - invoice.paidCents)
      throw badRequest(BILLING_ERRORS.amountOverBalance, { amountCents: BILLING_ERRORS.amountOverBalance });
    const [payment] = await tx
      .insert(paymentRecords)
      .values({
        method: input.method,
        purpose: 'invoice',
        referenceId: id,
        amountCents: input.amountCents,
        currency: invoice.currency,
        reference: input.reference || null,
        recordedBy: caller.id,
        createdAt: now,
      })
      .returning();
    const updated = await applyPaid(tx, invoice, invoice.paidCents + input.amountCents, now);
    await audit(tx, caller, 'invoice.payment_recorded', invoice, meta, {
      paymentId: payment.id,
      method: input.method,
      amountCents: input.amountCents,
    });
    return { before: invoice, after: updated };
  });
  publish(ctx, after, paymentChange(before, after));
  return answer(ctx.db, id);
}

/** An intent for the whole balance, computed here; the browser never names an amount. */
export async function startOnlinePayment(
  ctx: Ctx,
  payments: Payments,
  caller: Caller,
  id: string,
  meta: RequestMeta,
): Promise<PayInvoiceAnswer> {
  const invoice = await inReach(ctx.db, caller, id);
  if (caller.role === 'practitioner') throw notFound(BILLING_ERRORS.notFound);
  const balance = invoice.totalCents - invoice.paidCents;
  if (!isOpen(invoice.status) || balance <= 0) throw new AppError('CONFLICT', BILLING_ERRORS.notOpen);
  const intent = await payments.provider.createIntent(balance, invoice.currency, {
    purpose: 'invoice',
    invoiceId: invoice.id,
  });
  await audit(ctx.db, caller, 'invoice.payment_started', invoice, meta, { amountCents: balance });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountCents: balance };
}

/** The browser's word that the card went through: believed only once the provider says so. */
export async function confirmOnlinePayment(
  ctx: Ctx,
  payments: Payments,
  caller: Caller,
  id: string,
  paymentIntentId: string,
) {
  await inReach(ctx.db, caller, id);
  if (caller.role === 'practitioner') throw notFound(BILLING_ERRORS.notFound);
  const intent = await payments.provider.retrieveIntent(paymentIntentId);
  if (intent?.metadata?.purpose !== 'invoice' || intent.metadata.invoiceId !== id)
    throw badRequest(BILLING_ERRORS.amountMismatch, { paymentIntentId: BILLING_ERRORS.amountMismatch });
  if (intent.status !== 'succeeded') throw new AppError('CONFLICT', BILLING_ERRORS.notSucceeded);
  await settleInvoicePayment(ctx, payments, intent, caller.id);
  return answer(ctx.db, id);
}

/**
 * A succeeded intent that pays an invoice: recorded once however often (and however concurrently) this runs.
 * The invoice is locked first, so a second settle waits and then finds the payment recorded. What no longer
 * fits the balance (the invoice was paid meanwhile, at the desk or by a second card) is refunded to the card
 * at once, so the invoice is never paid beyond its total.
 */
export async function settleInvoicePayment(
  ctx: Ctx,
  payments: Payments,
  intent: ProviderIntent,
  actorId: string | null = null,
) {
  if (intent.metadata?.purpose !== 'invoice' || !intent.metadata.invoiceId) return false;
  const invoiceId = intent.metadata.invoiceId;
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const invoice = await repository.lockRow(tx, invoiceId);
    if (!invoice) return null;
    if (intent.currency !== invoice.currency) throw new AppError('CONFLICT', BILLING_ERRORS.amountMismatch);
    const payment = await recordPayment(tx, {
      provider: payments.provider.name,
      intent,
      purpose: 'invoice',
      referenceId: invoiceId,
    });
    if (!payment) return null;
    const balance = isOpen(invoice.status) ? invoice.totalCents - invoice.paidCents : 0;
    const fits = Math.max(0, Math.min(intent.amountCents, balance));
    const excess = intent.amountCents - fits;
    let refundId: string | null = null;
    if (excess > 0) {
      refundId = randomUUID();
      await tx.insert(paymentRefunds).values({
        id: refundId,
        paymentId: payment.id,
        amountCents: excess,
        reason: 'Paid more than the balance due',
        createdAt: now,
      });
      await tx
        .update(paymentRecords)
        .set({
          refundedCents: excess,
          status: fits === 0 ? 'refunded' : 'partially_refunded',
          refundedAt: now,
        })
        .where(eq(paymentRecords.id, payment.id));
    }
    const updated = fits > 0 ? await applyPaid(tx, invoice, invoice.paidCents + fits, now) : invoice;
    await recordActivity(tx, {
      actorId,
      action: 'invoice.paid_online',
      entityType: 'invoice',
      entityId: invoiceId,
      details: {
        patientId: invoice.patientId,
        paymentId: payment.id,
        amountCents: fits,
        refundedCents: excess,
      },
    });
    return { before: invoice, after: updated, excess, refundId };
  });
  if (!outcome) return true;
  if (outcome.excess > 0 && outcome.refundId) {
    try {
      await payments.provider.refund(intent.id, outcome.excess, outcome.refundId);
    } catch (error) {
      ctx.log.error(
        { invoiceId, err: { message: (error as Error).message } },
        'refund of an overpayment failed; refund it by hand',
      );
    }
  }
  publish(ctx, outcome.after, paymentChange(outcome.before, outcome.after));
  return true;
}

/**
 * Refunds part or all of what is left of a payment. The refund is recorded under the invoice's lock first
 * (so two refunds cannot take more than was paid), then a card payment made online is refunded through the
 * provider; should the provider refuse, the record is taken back and the refusal answered.
 */
export async function refundPayment(
  ctx: Ctx,
  payments: Payments,
  caller: Caller,
  id: string,
  paymentId: string,
  input: RefundPaymentInput,
  meta: RequestMeta,
) {
  await inReach(ctx.db, caller, id);
  if (!(await repository.findPayment(ctx.db, id, paymentId))) throw notFound(BILLING_ERRORS.paymentNotFound);
  const now = new Date();
  const refundId = randomUUID();
  const done = await ctx.db.transaction(async (tx) => {
    const invoice = await repository.lockRow(tx, id);
    const payment = await repository.lockPayment(tx, paymentId);
    if (!invoice || !payment) throw notFound(BILLING_ERRORS.paymentNotFound);
    const left = payment.amountCents - payment.refundedCents;
    const amount = input.amountCents ?? left;
    if (left <= 0 || amount > left)
      throw badRequest(BILLING_ERRORS.refundTooLarge, { amountCents: BILLING_ERRORS.refundTooLarge });
    await tx.insert(paymentRefunds).values({
      id: refundId,
      paymentId,
      amountCents: amount,
      reason: input.reason,
      createdBy: caller.id,
      createdAt: now,
    });
    const refunded = payment.refundedCents + amount;
    await tx
      .update(paymentRecords)
      .set({
        refundedCents: refunded,
        status: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded',
        refundedAt: now,
      })
      .where(eq(paymentRecords.id, paymentId));
    const updated = await applyPaid(tx, invoice, Math.max(0, invoice.paidCents - amount), now);
    await audit(tx, caller, 'invoice.payment_refunded', invoice, meta, { paymentId, amountCents: amount });
    return { invoice, payment, amount, updated };
  });
  if (done.payment.providerIntentId) {
    try {
      await payments.provider.refund(done.payment.providerIntentId, done.amount, refundId);
    } catch (error) {
      await ctx.db.transaction(async (tx) => {
        const invoice = await repository.lockRow(tx, id);
        const payment = await repository.lockPayment(tx, paymentId);
        if (!invoice || !payment) return;
        await withdrawRefund(tx, refundId);
        await applyPaid(tx, invoice, invoice.paidCents + done.amount, new Date());
        await audit(tx, caller, 'invoice.refund_failed', invoice, meta, {
          paymentId,
          amountCents: done.amount,
        });
      });
      throw error;
    }
  }
  publish(ctx, done.updated, 'refunded');
  return answer(ctx.db, id);
}

/** Voids an invoice with nothing paid; its appointments may be billed again. */
export async function voidInvoice(ctx: Ctx, caller: Caller, id: string, reason: string, meta: RequestMeta) {
  await inReach(ctx.db, caller, id);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const invoice = await repository.lockRow(tx, id);
    if (!invoice) throw notFound(BILLING_ERRORS.notFound);
    if (invoice.status === 'void') throw new AppError('CONFLICT', BILLING_ERRORS.alreadyVoid);
    if (invoice.status === 'draft') throw new AppError('CONFLICT', BILLING_ERRORS.draftNotVoidable);
    if (invoice.paidCents > 0) throw new AppError('CONFLICT', BILLING_ERRORS.notVoidable);
    const [voided] = await tx
      .update(invoices)
      .set({ status: 'void', voidReason: reason, voidedAt: now, updatedAt: now })
      .where(eq(invoices.id, id))
      .returning();
    await tx
      .update(invoiceLineItems)
      .set({ appointmentId: null })
      .where(and(eq(invoiceLineItems.invoiceId, id), isNotNull(invoiceLineItems.appointmentId)));
    await audit(tx, caller, 'invoice.voided', invoice, meta);
    return voided;
  });
  publish(ctx, row, 'voided');
  return answer(ctx.db, id);
}

/** The clinic's billing settings; the store's totals read their tax rate here. */
export async function getSettings(db: Db | Tx): Promise<{ settings: BillingSettings }> {
  const row = await repository.settings(db);
  return {
    settings: { taxRateBasisPoints: row.taxRateBasisPoints, paymentTermsDays: row.paymentTermsDays },
  };
}

export async function putSettings(db: Db, caller: Caller, input: BillingSettings, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    await tx
      .insert(billingSettings)
      .values({ id: 'clinic', ...input, updatedBy: caller.id })
      .onConflictDoUpdate({
        target: billingSettings.id,
        set: { ...input, updatedBy: caller.id, updatedAt: new Date() },
      });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'billing.settings_updated',
      entityType: 'billing_settings',
      entityId: null,
      ipAddress: meta.ipAddress,
      details: { ...input },
    });
  });
  return getSettings(db);
}

/** For the PDFs: the invoice as its reader may see it, and the read logged. */
export async function invoiceForDocument(db: Db, caller: Caller, id: string, meta: RequestMeta) {
  const row = await inReach(db, caller, id);
  await audit(db, caller, 'invoice.downloaded', row, meta);
  return (await answer(db, id)).invoice;
}

export async function paymentForReceipt(
  db: Db,
  caller: Caller,
  id: string,
  paymentId: string,
  meta: RequestMeta,
) {
  const row = await inReach(db, caller, id);
  const invoice = (await answer(db, id)).invoice;
  const payment = invoice.payments.find((candidate) => candidate.id === paymentId);
  if (!payment) throw notFound(BILLING_ERRORS.paymentNotFound);
  await audit(db, caller, 'invoice.receipt_downloaded', row, meta, { paymentId });
  return { invoice, payment };
}

/** The staff accounts, who hear that an invoice was paid. */
export const staffIds = async (db: Db) =>
  (await accounts.listActiveAccountsWithRole(db, 'staff')).map((person) => person.id);
