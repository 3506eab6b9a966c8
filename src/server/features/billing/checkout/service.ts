import type { z } from 'zod';
import {
  BILLING_ERRORS,
  type CheckoutAnswer,
  type CheckoutInput,
  CheckoutInputSchema,
  type CheckoutPreview,
  INVOICE_MAX_LINES,
} from '../../../../shared/billing';
import type { Db } from '../../../db/client';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import type * as ledger from '../../payments/service';
import { chargeSavedCard } from '../cards/service';
import { answer, audit, type Caller, type Ctx, isOpen } from '../invoices/access';
import { createInvoice } from '../invoices/editing';
import { toSummary } from '../invoices/mapping';
import * as invoices from '../invoices/repository';
import { sendInvoice } from '../invoices/sending';
import { coveredBy, packageLines } from '../packages/lifecycle';
import { startOnlinePayment } from '../payments/online';
import { recordDeskPayment } from '../payments/service';
import { requireSessionBilling } from '../settings/service';
import { productLines, sellableProducts } from './products';
import * as repository from './repository';

type Checkout = z.output<typeof CheckoutInputSchema>;

/** The session, if the caller may check it out: practitioners their own, the desk any; else it does not exist. */
async function sessionInReach(db: Db, caller: Caller, appointmentId: string) {
  const session = await repository.sessionOf(db, appointmentId);
  if (!session || (caller.role === 'practitioner' && session.practitionerId !== caller.id))
    throw notFound(BILLING_ERRORS.checkoutNotFound);
  return session;
}

/** GET: the session, its price, the invoice that bills it already (if any) and what else the patient owes. */
export async function checkoutPreview(
  db: Db,
  caller: Caller,
  appointmentId: string,
): Promise<CheckoutPreview> {
  await requireSessionBilling(db);
  const { invoiceId, ...session } = await sessionInReach(db, caller, appointmentId);
  const named = invoiceId ? await invoices.findNamed(db, invoiceId) : null;
  return {
    session: { ...session, startsAt: session.startsAt.toISOString() },
    invoice: named ? toSummary(named) : null,
    otherBalanceCents: await repository.openBalanceOf(db, {
      patientId: session.patientId,
      exceptInvoiceId: invoiceId,
    }),
    products: invoiceId ? [] : await sellableProducts(db),
    coveredBy: await coveredBy(db, appointmentId),
  };
}

const isConflict = (error: unknown) => error instanceof AppError && error.code === 'CONFLICT';

/**
 * The invoice that bills the session: the one that does already, or a new one with the session's line and the
 * other lines. Two checkouts at once both try; the session's unique claim lets one make it, and the other
 * carries on with that one.
 */
async function invoiceFor(
  ctx: Ctx,
  caller: Caller,
  of: {
    session: NonNullable<Awaited<ReturnType<typeof repository.sessionOf>>>;
    input: Checkout;
    meta: RequestMeta;
  },
) {
  const { session, input, meta } = of;
  if (session.invoiceId) return session.invoiceId;
  try {
    // Priced and checked here, so that a second checkout finding the stock gone with the first one's invoice
    // carries on with that invoice below instead of failing.
    const products = await productLines(ctx.db, input.products);
    const { invoice } = await createInvoice(ctx, caller, {
      input: {
        patientId: session.patientId,
        practitionerId: caller.role === 'practitioner' ? undefined : session.practitionerId,
        lineItems: [
          {
            description: session.serviceName,
            quantity: 1,
            unitPriceCents: session.priceCents,
            appointmentId: session.appointmentId,
          },
          ...input.lineItems,
          ...packageLines(input.packageIds),
        ],
      },
      products,
      meta,
    });
    return invoice.id;
  } catch (error) {
    // Billed meanwhile: the claim's unique index refuses the write (409), or the lines found the session
    // taken already (400). Either way the invoice that took it is the one to carry on with.
    const claimed =
      error instanceof AppError ? await repository.sessionOf(ctx.db, session.appointmentId) : null;
    if (claimed?.invoiceId) return claimed.invoiceId;
    throw error;
  }
}

/** Sends the invoice if it is still a draft; one sent meanwhile by a second checkout is left as it is. */
async function sendIfDraft(ctx: Ctx, caller: Caller, of: { invoiceId: string; meta: RequestMeta }) {
  const row = await invoices.findRow(ctx.db, of.invoiceId);
  if (row?.status !== 'draft') return;
  try {
    await sendInvoice(ctx, caller, { id: of.invoiceId, meta: of.meta });
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
}

/**
 * Pays the whole balance at the desk. A second checkout at once finds it paid under the invoice's lock and is
 * refused there; that refusal is the payment already made, so it is taken as done.
 */
async function payAtDesk(
  ctx: Ctx,
  caller: Caller,
  of: { invoiceId: string; payment: Extract<Checkout['payment'], { kind: 'desk' }>; meta: RequestMeta },
) {
  const row = await invoices.findRow(ctx.db, of.invoiceId);
  const balance = row ? row.totalCents - row.paidCents : 0;
  if (!row || !isOpen(row.status) || balance <= 0) return;
  try {
    await recordDeskPayment(ctx, caller, {
      id: of.invoiceId,
      input: { method: of.payment.method, amountCents: balance, reference: of.payment.reference },
      meta: of.meta,
    });
  } catch (error) {
    const after = await invoices.findRow(ctx.db, of.invoiceId);
    if (after && after.totalCents - after.paidCents < balance) return;
    throw error;
  }
}

/**
 * POST: checks a completed session out in one step. The invoice is made (or taken up where an earlier checkout
 * left it) and issued, then paid as asked. Every step keeps the invoice code's own rules, notifications and
 * activity entries; so a double click, a retry or two people at once give one invoice line for the session and
 * one payment.
 */
export async function checkout(
  ctx: Ctx,
  caller: Caller,
  request: { payments: ledger.Payments; appointmentId: string; input: CheckoutInput; meta: RequestMeta },
): Promise<CheckoutAnswer> {
  const { payments, appointmentId, meta } = request;
  const input = CheckoutInputSchema.parse(request.input);
  await requireSessionBilling(ctx.db);
  const session = await sessionInReach(ctx.db, caller, appointmentId);
  if (session.status !== 'completed') throw new AppError('CONFLICT', BILLING_ERRORS.checkoutNotCompleted);
  if (1 + input.lineItems.length + input.products.length + input.packageIds.length > INVOICE_MAX_LINES)
    throw badRequest(BILLING_ERRORS.tooManyLines, { products: BILLING_ERRORS.tooManyLines });
  if (input.payment.kind === 'new_card' && caller.role === 'practitioner')
    throw badRequest(BILLING_ERRORS.checkoutCardAtDesk, { payment: BILLING_ERRORS.checkoutCardAtDesk });
  const invoiceId = await invoiceFor(ctx, caller, { session, input, meta });
  await sendIfDraft(ctx, caller, { invoiceId, meta });
  let cardPayment: CheckoutAnswer['cardPayment'] = null;
  let declined: string | null = null;
  if (input.payment.kind === 'desk')
    await payAtDesk(ctx, caller, { invoiceId, payment: input.payment, meta });
  if (input.payment.kind === 'saved_card')
    declined = await payBySavedCard({ ...ctx, payments }, caller, {
      invoiceId,
      payment: input.payment,
      meta,
    });
  if (input.payment.kind === 'new_card') {
    const row = await invoices.findRow(ctx.db, invoiceId);
    if (row && isOpen(row.status) && row.totalCents > row.paidCents)
      cardPayment = await startOnlinePayment(ctx, caller, { payments, id: invoiceId, meta });
  }
  const { invoice } = await answer(ctx.db, invoiceId);
  await audit(ctx.db, {
    caller,
    action: 'invoice.checked_out',
    invoice,
    meta,
    details: { appointmentId, payment: input.payment.kind },
  });
  return { invoice, cardPayment, declined };
}

/**
 * Charges the balance to the patient's card on file, under the browser's idempotency key: a double click is
 * one charge. A refusal leaves the invoice open and is answered as the card's reason, not as an error, since
 * the invoice was issued; anything else (no such card, nothing owed) is the charge's own answer.
 */
async function payBySavedCard(
  ctx: Ctx & { payments: ledger.Payments },
  caller: Caller,
  of: { invoiceId: string; payment: Extract<Checkout['payment'], { kind: 'saved_card' }>; meta: RequestMeta },
) {
  const row = await invoices.findRow(ctx.db, of.invoiceId);
  if (!row || !isOpen(row.status) || row.totalCents <= row.paidCents) return null;
  try {
    await chargeSavedCard(ctx, caller, {
      invoiceId: of.invoiceId,
      cardId: of.payment.cardId,
      idempotencyKey: of.payment.idempotencyKey,
      meta: of.meta,
    });
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return error.message;
    throw error;
  }
}
