import { INVOICE_CURRENCY } from '../../../../shared/billing';
import {
  FEE_ERRORS,
  FEE_KIND_LABELS,
  type Fee,
  type FeeListAnswer,
  type ListFeesQuery,
} from '../../../../shared/billing-fees';
import type { Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import { addDays, clinicDayLabel, clinicToday } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { AppError, forbidden, notFound } from '../../../platform/errors';
import type { DomainEvents } from '../../../platform/events';
import { answer, type Caller, type Ctx, publish } from '../invoices/access';
import { writeDraft } from '../invoices/editing';
import { figures } from '../invoices/lines';
import { emailInvoice, sendDraft } from '../invoices/sending';
import { getPolicy, getSettings } from '../settings/service';
import * as repository from './repository';

/*
 * The desk's side of the fees: list them, apply one (a sent one-line invoice to the patient, made with the
 * invoice code in the fee's own transaction) or waive it with a reason. Staff and admins act on every fee, a
 * practitioner on those of their own sessions; only staff and admins waive.
 */

const MANAGERS = ['staff', 'admin'];
const conflict = (message: string) => new AppError('CONFLICT', message);

function toFee(row: repository.NamedFeeRow): Fee {
  const { fee } = row;
  return {
    id: fee.id,
    kind: fee.kind,
    status: fee.status,
    amountCents: fee.amountCents,
    appointmentId: fee.appointmentId,
    appointmentStartsAt: row.appointmentStartsAt.toISOString(),
    patientId: fee.patientId,
    patientName: row.patientName,
    practitionerId: row.practitionerId,
    practitionerName: row.practitionerName,
    invoiceId: fee.invoiceId,
    invoiceNumber: row.invoiceNumber,
    waiveReason: fee.waiveReason,
    decidedByName: fee.decidedBy ? row.decidedByName : null,
    decidedAt: fee.decidedAt?.toISOString() ?? null,
    createdAt: fee.createdAt.toISOString(),
  };
}

export type FeeChange = DomainEvents['fee.changed'];

/** After the commit: open fee lists ask again (realtime/pushes.ts). */
export const publishFee = (ctx: Pick<Ctx, 'events'>, change: FeeChange) =>
  ctx.events.publish('fee.changed', change);

const changeOf = (
  row: { fee: { id: string; patientId: string }; practitionerId: string },
  change: FeeChange['change'],
): FeeChange => ({
  feeId: row.fee.id,
  patientId: row.fee.patientId,
  practitionerId: row.practitionerId,
  change,
});

const reachOf = (caller: Caller) => (caller.role === 'practitioner' ? caller.id : undefined);

function audit(
  tx: Parameters<typeof recordActivity>[0],
  entry: { caller: Caller; action: string; fee: { id: string; patientId: string }; meta: RequestMeta } & {
    details?: Record<string, string | number | null>;
  },
) {
  return recordActivity(tx, {
    actorId: entry.caller.id,
    action: entry.action,
    entityType: 'appointment_fee',
    entityId: entry.fee.id,
    ipAddress: entry.meta.ipAddress,
    details: { patientId: entry.fee.patientId, ...entry.details },
  });
}

export async function listFees(
  ctx: Pick<Ctx, 'db'>,
  caller: Caller,
  read: { query: ListFeesQuery; meta: RequestMeta },
): Promise<FeeListAnswer> {
  const rows = await repository.listNamed(ctx.db, { ...read.query, practitionerId: reachOf(caller) });
  await recordActivity(ctx.db, {
    actorId: caller.id,
    action: 'fee.listed',
    entityType: 'appointment_fee',
    entityId: null,
    ipAddress: read.meta.ipAddress,
    details: { count: rows.length, appointmentId: read.query.appointmentId ?? null },
  });
  return { fees: rows.map(toFee) };
}

async function feeAnswer(db: Ctx['db'] | Tx, id: string) {
  const [row] = await repository.listNamed(db, { id });
  return toFee(row);
}

/** The fee locked, when the caller reaches it (a practitioner: their own sessions), else 404. */
async function lockedInReach(tx: Tx, caller: Caller, id: string) {
  const row = await repository.lockFee(tx, id);
  if (!row || (caller.role === 'practitioner' && row.practitionerId !== caller.id))
    throw notFound(FEE_ERRORS.notFound);
  return row;
}

/** Whether the appointment is still what made the fee; a fee whose appointment changed is dropped. */
const stillDue = (row: { fee: { kind: string }; appointmentStatus: string }) =>
  row.fee.kind === 'no_show' ? row.appointmentStatus === 'no_show' : row.appointmentStatus === 'cancelled';

export async function applyFee(ctx: Ctx, caller: Caller, change: { id: string; meta: RequestMeta }) {
  const { id, meta } = change;
  const { settings } = await getSettings(ctx.db);
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockedInReach(tx, caller, id);
    if (!(await getPolicy(tx)).policy.sessionBilling) throw conflict(FEE_ERRORS.billingOff);
    if (row.fee.status !== 'pending') throw conflict(FEE_ERRORS.notPending);
    if (!stillDue(row)) {
      await repository.deletePending(tx, id);
      await audit(tx, { caller, action: 'fee.dropped', fee: row.fee, meta });
      return { dropped: true as const, change: changeOf(row, 'dropped') };
    }
    const today = clinicToday(now);
    const lines = [
      {
        description: `${FEE_KIND_LABELS[row.fee.kind].replace(/^./, (first) => first.toUpperCase())}, ${clinicDayLabel(row.startsAt)}`,
        quantity: 1,
        unitPriceCents: row.fee.amountCents,
        serviceTypeId: null,
        appointmentId: null,
      },
    ];
    const draft = await writeDraft(tx, caller, {
      values: {
        patientId: row.fee.patientId,
        practitionerId: row.practitionerId,
        currency: INVOICE_CURRENCY,
        dueDate: addDays(today, settings.paymentTermsDays),
        taxRateBasisPoints: settings.taxRateBasisPoints,
        ...figures(lines, 0, settings.taxRateBasisPoints),
        notes: '',
        createdBy: caller.id,
      },
      lines,
      meta,
    });
    const sent = await sendDraft(tx, caller, { id: draft.id, meta, now });
    await repository.decide(tx, id, { status: 'applied', invoiceId: sent.id, by: caller.id, at: now });
    await audit(tx, {
      caller,
      action: 'fee.applied',
      fee: row.fee,
      meta,
      details: { kind: row.fee.kind, amountCents: row.fee.amountCents, invoiceId: sent.id },
    });
    return { dropped: false as const, invoice: sent, change: changeOf(row, 'applied') };
  });
  publishFee(ctx, outcome.change);
  if (outcome.dropped) throw conflict(FEE_ERRORS.appointmentChanged);
  await emailInvoice(ctx, outcome.invoice);
  publish(ctx, outcome.invoice, 'created');
  publish(ctx, outcome.invoice, 'sent');
  return { fee: await feeAnswer(ctx.db, id), invoice: (await answer(ctx.db, outcome.invoice.id)).invoice };
}

export async function waiveFee(
  ctx: Ctx,
  caller: Caller,
  change: { id: string; reason: string; meta: RequestMeta },
) {
  const { id, reason, meta } = change;
  const waived = await ctx.db.transaction(async (tx) => {
    const row = await lockedInReach(tx, caller, id);
    if (!MANAGERS.includes(caller.role)) throw forbidden(FEE_ERRORS.onlyStaffWaive);
    if (row.fee.status !== 'pending') throw conflict(FEE_ERRORS.notPending);
    await repository.decide(tx, id, { status: 'waived', reason, by: caller.id, at: new Date() });
    // The reason stays on the fee; the log names the kind and amount only.
    await audit(tx, {
      caller,
      action: 'fee.waived',
      fee: row.fee,
      meta,
      details: { kind: row.fee.kind, amountCents: row.fee.amountCents },
    });
    return changeOf(row, 'waived');
  });
  publishFee(ctx, waived);
  return { fee: await feeAnswer(ctx.db, id) };
}
