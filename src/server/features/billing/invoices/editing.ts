import {
  BILLING_ERRORS,
  type CreateInvoiceInput,
  INVOICE_CURRENCY,
  type UpdateInvoiceInput,
} from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { addDays, clinicToday } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest } from '../../../platform/errors';
import * as accounts from '../../accounts/service';
import { getSettings } from '../settings/service';
import { answer, audit, type Caller, type Ctx, inReachToManage, publish } from './access';
import { buildLines, figures } from './lines';
import type { NewLine } from './repository';
import * as repository from './repository';
import { patientForBilling } from './service';
import { giveLineStockBack, takeLineStock } from './stock';

/**
 * Whom an invoice names as its practitioner. Staff and admin choose anyone; a practitioner bills as themselves,
 * and may leave alone whoever a draft already names (`current`).
 */
async function checkPractitioner(
  db: Db | Tx,
  caller: Caller,
  named: { practitionerId: string | null | undefined; current?: string | null },
) {
  const { practitionerId, current } = named;
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

export function isUniqueViolation(error: unknown) {
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

/**
 * A new draft. `products` are lines the caller priced from the store's catalogue (checkout): they follow the
 * input's lines and their stock is taken in the transaction that writes them.
 */
export async function createInvoice(
  ctx: Ctx,
  caller: Caller,
  change: { input: CreateInvoiceInput; meta: RequestMeta; products?: NewLine[] },
) {
  const { input, meta, products = [] } = change;
  await patientForBilling(ctx.db, caller, input.patientId);
  const practitionerId =
    input.practitionerId === undefined
      ? caller.role === 'practitioner'
        ? caller.id
        : null
      : input.practitionerId;
  await checkPractitioner(ctx.db, caller, { practitionerId });
  const today = clinicToday();
  checkDueDate(input.dueDate, today);
  const { settings } = await getSettings(ctx.db);
  const lines = [
    ...(await buildLines(ctx.db, caller, { patientId: input.patientId, inputs: input.lineItems })),
    ...products,
  ];
  const totals = figures(lines, input.discountCents ?? 0, settings.taxRateBasisPoints);
  const row = await claiming(() =>
    ctx.db.transaction(async (tx) => {
      const draft = await writeDraft(tx, caller, {
        values: {
          patientId: input.patientId,
          practitionerId,
          currency: INVOICE_CURRENCY,
          dueDate: input.dueDate ?? addDays(today, settings.paymentTermsDays),
          taxRateBasisPoints: settings.taxRateBasisPoints,
          ...totals,
          notes: input.notes ?? '',
          createdBy: caller.id,
        },
        lines,
        meta,
      });
      await takeLineStock(tx, caller, { invoice: draft, lines, meta });
      return draft;
    }),
  );
  publish(ctx, row, 'created');
  return answer(ctx.db, row.id);
}

/**
 * Writes a draft with its log entry inside the caller's transaction: a new invoice's, and a fee's (which
 * sends it in the same transaction).
 */
export async function writeDraft(
  tx: Tx,
  caller: Caller,
  draft: { values: DraftValues; lines: NewLine[]; meta: RequestMeta },
) {
  const inserted = await repository.insertDraft(tx, { values: draft.values, lines: draft.lines });
  await audit(tx, {
    caller,
    action: 'invoice.created',
    invoice: inserted,
    meta: draft.meta,
    details: { totalCents: inserted.totalCents },
  });
  return inserted;
}
type DraftValues = Parameters<typeof repository.insertDraft>[1]['values'];

export async function updateInvoice(
  ctx: Ctx,
  caller: Caller,
  change: { id: string; input: UpdateInvoiceInput; meta: RequestMeta },
) {
  const { id, input, meta } = change;
  const current = await inReachToManage(ctx.db, caller, id);
  if (current.status !== 'draft') throw new AppError('CONFLICT', BILLING_ERRORS.notDraft);
  await checkPractitioner(ctx.db, caller, {
    practitionerId: input.practitionerId,
    current: current.practitionerId,
  });
  checkDueDate(input.dueDate, clinicToday());
  const lines = input.lineItems
    ? await buildLines(ctx.db, caller, {
        patientId: current.patientId,
        inputs: input.lineItems,
        invoiceId: id,
      })
    : (await repository.linesOf(ctx.db, id)).map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        serviceTypeId: line.serviceTypeId,
        appointmentId: line.appointmentId,
        packageId: line.packageId,
      }));
  const totals = figures(lines, input.discountCents ?? current.discountCents, current.taxRateBasisPoints);
  const row = await claiming(() =>
    ctx.db.transaction(async (tx) => {
      // Replaced lines hold no stock: what store products held goes back to the shelf (rolled back with the
      // rest when the invoice is no longer a draft).
      if (input.lineItems) await giveLineStockBack(tx, id);
      const updated = await repository.updateDraft(tx, id, {
        values: {
          ...(input.practitionerId !== undefined ? { practitionerId: input.practitionerId } : {}),
          ...(input.dueDate ? { dueDate: input.dueDate } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          ...totals,
          updatedAt: new Date(),
        },
        lines: input.lineItems ? lines : undefined,
      });
      if (!updated) throw new AppError('CONFLICT', BILLING_ERRORS.notDraft);
      await audit(tx, {
        caller,
        action: 'invoice.updated',
        invoice: updated,
        meta,
        details: { totalCents: updated.totalCents },
      });
      return updated;
    }),
  );
  publish(ctx, row, 'updated');
  return answer(ctx.db, id);
}

export async function deleteInvoice(ctx: Ctx, caller: Caller, change: { id: string; meta: RequestMeta }) {
  const { id, meta } = change;
  await inReachToManage(ctx.db, caller, id);
  const row = await ctx.db.transaction(async (tx) => {
    // Before the lines go with the draft; rolled back with the rest when it is no longer a draft.
    await giveLineStockBack(tx, id);
    const deleted = await repository.deleteDraft(tx, id);
    if (!deleted) throw new AppError('CONFLICT', BILLING_ERRORS.notDraft);
    await audit(tx, { caller, action: 'invoice.deleted', invoice: deleted, meta });
    return deleted;
  });
  publish(ctx, row, 'deleted');
}
