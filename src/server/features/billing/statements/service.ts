import {
  BILLING_ERRORS,
  STATEMENT_MAX_DAYS,
  type Statement,
  type StatementEntry,
  type StatementQuery,
} from '../../../../shared/billing';
import { formatMoney } from '../../../../shared/money';
import type { Db, Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import { addDays, clinicDayOf, clinicText, clinicToday } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { badRequest, notFound } from '../../../platform/errors';
import * as ledger from '../../payments/service';
import type { Caller, Ctx } from '../invoices/access';
import { patientForBilling } from '../invoices/service';
import { requireSessionBilling } from '../settings/service';
import * as repository from './repository';

/** A statement without a period covers the last 90 days, today included. */
const DEFAULT_DAYS = 90;
const METHOD_NAMES = { card: 'card', cash: 'cash', cheque: 'cheque' } as const;

type Period = { from: string; to: string };

/** The period asked for, or the last 90 days; refused when it runs backwards or is longer than two years. */
export function periodOf(query: Pick<StatementQuery, 'from' | 'to'>, today = clinicToday()): Period {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days < 1 || days > STATEMENT_MAX_DAYS)
    throw badRequest(BILLING_ERRORS.statementRange, { from: BILLING_ERRORS.statementRange });
  return { from, to };
}

/**
 * The account of one patient over a period: the balance brought forward, then each invoice issued, payment
 * received and refund made in the period, day by day, with the running balance. Amounts are integer cents.
 */
export async function buildStatement(
  db: Db | Tx,
  of: { patient: { id: string; firstName: string; lastName: string }; period: Period },
): Promise<Statement> {
  const { patient, period } = of;
  const issued = await repository.issuedInvoicesOf(db, { patientId: patient.id, upTo: period.to });
  const numbers = new Map(issued.map((invoice) => [invoice.id, invoice.number ?? '']));
  const { received, refunded } = await ledger.movementsFor(db, {
    purpose: 'invoice',
    referenceIds: issued.map((invoice) => invoice.id),
  });
  const dayOf = (at: Date) => clinicDayOf(at).day;
  const movements: Array<Omit<StatementEntry, 'balanceCents'>> = [
    ...issued.map((invoice) => ({
      day: invoice.issueDate ?? period.from,
      kind: 'invoice' as const,
      invoiceNumber: invoice.number ?? '',
      description: `Invoice ${invoice.number ?? ''}`,
      amountCents: invoice.totalCents,
    })),
    ...received.map((payment) => ({
      day: dayOf(payment.at),
      kind: 'payment' as const,
      invoiceNumber: numbers.get(payment.referenceId) ?? '',
      description: `Payment by ${METHOD_NAMES[payment.method]}${payment.cardLast4 ? ` ending ${payment.cardLast4}` : ''}`,
      amountCents: -payment.amountCents,
    })),
    ...refunded.map((refund) => ({
      day: dayOf(refund.at),
      kind: 'refund' as const,
      invoiceNumber: numbers.get(refund.referenceId) ?? '',
      description: 'Refund',
      amountCents: refund.amountCents,
    })),
  ].filter((movement) => movement.day <= period.to);
  // Within a day: the invoice first, then what was paid and refunded of it.
  const order = { invoice: 0, payment: 1, refund: 2 };
  movements.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      order[a.kind] - order[b.kind] ||
      a.invoiceNumber.localeCompare(b.invoiceNumber),
  );
  const before = movements.filter((movement) => movement.day < period.from);
  const within = movements.filter((movement) => movement.day >= period.from);
  const openingBalanceCents = before.reduce((sum, movement) => sum + movement.amountCents, 0);
  let balance = openingBalanceCents;
  const entries = within.map((movement) => {
    balance += movement.amountCents;
    return { ...movement, balanceCents: balance };
  });
  const sumOf = (kind: StatementEntry['kind']) =>
    within
      .filter((entry) => entry.kind === kind)
      .reduce((sum, entry) => sum + Math.abs(entry.amountCents), 0);
  return {
    patientId: patient.id,
    patientName: `${patient.firstName} ${patient.lastName}`,
    from: period.from,
    to: period.to,
    currency: issued[0]?.currency ?? 'usd',
    openingBalanceCents,
    entries,
    invoicedCents: sumOf('invoice'),
    paidCents: sumOf('payment'),
    refundedCents: sumOf('refund'),
    closingBalanceCents: balance,
  };
}

/** The patient a statement is about: a patient's own (naming anyone else is a 404), or one in the caller's reach. */
async function statementPatient(db: Db, caller: Caller, patientId: string | undefined) {
  if (caller.role === 'patient' && patientId !== undefined && patientId !== caller.id)
    throw notFound(BILLING_ERRORS.patientNotFound);
  const id = caller.role === 'patient' ? caller.id : patientId;
  if (!id) throw badRequest(BILLING_ERRORS.statementPatient, { patientId: BILLING_ERRORS.statementPatient });
  return patientForBilling(db, caller, id);
}

/** GET /api/billing/statements: the statement, its reading logged under the patient. */
export async function readStatement(
  db: Db,
  caller: Caller,
  read: { query: StatementQuery; meta: RequestMeta; action?: string },
) {
  await requireSessionBilling(db);
  const period = periodOf(read.query);
  const patient = await statementPatient(db, caller, read.query.patientId);
  const statement = await buildStatement(db, { patient, period });
  await recordActivity(db, {
    actorId: caller.id,
    action: read.action ?? 'billing.statement_read',
    entityType: 'patient',
    entityId: patient.id,
    ipAddress: read.meta.ipAddress,
    details: { patientId: patient.id, from: period.from, to: period.to },
  });
  return { statement };
}

/** The email a statement goes out as: the figures, and where to see and download it. */
export function statementEmail(
  ctx: Pick<Ctx, 'config'>,
  of: { statement: Statement; to: { email: string; firstName: string } },
) {
  const { statement, to } = of;
  const money = (cents: number) => formatMoney(cents, statement.currency);
  const link = `${ctx.config.appUrl.replace(/\/$/, '')}/billing`;
  return {
    to: to.email,
    subject: `Your statement, ${clinicText.day(statement.from)} to ${clinicText.day(statement.to)}`,
    text: [
      `Dear ${to.firstName},`,
      '',
      `Here is your account from ${clinicText.day(statement.from)} to ${clinicText.day(statement.to)}.`,
      '',
      `Balance brought forward: ${money(statement.openingBalanceCents)}`,
      `Invoiced: ${money(statement.invoicedCents)}`,
      `Paid: ${money(statement.paidCents)}`,
      ...(statement.refundedCents > 0 ? [`Refunded: ${money(statement.refundedCents)}`] : []),
      `Balance: ${money(statement.closingBalanceCents)}`,
      '',
      `See each invoice, download this statement as a PDF and pay online in the portal:\n${link}`,
      '',
      'Clinic Portal',
    ].join('\n'),
  };
}

/** POST /api/billing/statements/email (staff, admin): emails the statement to its patient. */
export async function emailStatement(
  ctx: Pick<Ctx, 'db' | 'config' | 'mailer'>,
  caller: Caller,
  send: { input: StatementQuery & { patientId: string }; meta: RequestMeta },
) {
  const { statement } = await readStatement(ctx.db, caller, {
    query: send.input,
    meta: send.meta,
    action: 'billing.statement_emailed',
  });
  const patient = await patientForBilling(ctx.db, caller, send.input.patientId);
  await ctx.mailer.send(statementEmail(ctx, { statement, to: patient }));
  return { statement };
}
