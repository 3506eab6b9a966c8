import { and, eq } from 'drizzle-orm';
import {
  BILLING_ERRORS,
  type CreateInvoiceInput,
  INVOICE_AMOUNT_MAX_CENTS,
  INVOICE_CURRENCY,
  type InvoiceLineInput,
  invoiceTotals,
  type UpdateInvoiceInput,
} from '../../../../shared/billing';
import { CLINIC_TIME_ZONE } from '../../../../shared/scheduling';
import type { Db, Tx } from '../../../db/client';
import { invoiceLineItems, invoices } from '../../../db/schema';
import { addDays, clinicToday } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest } from '../../../platform/errors';
import * as accounts from '../../accounts/service';
import {
  answer,
  audit,
  type Caller,
  type Ctx,
  inReachToManage,
  ownSessionsOf,
  publish,
} from '../invoice-access';
import * as repository from '../repository';
import { patientForBilling } from './service';

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
