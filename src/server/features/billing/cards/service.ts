import { BILLING_ERRORS } from '../../../../shared/billing';
import { PAYMENT_ERRORS } from '../../../../shared/payments';
import {
  CARD_CONSENT,
  type ChargeSavedCardInput,
  SAVED_CARD_ERRORS,
  type SaveCardInput,
  type SavedCard,
} from '../../../../shared/saved-cards';
import { hasSqlState } from '../../../db/concurrency';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest, forbidden, notFound } from '../../../platform/errors';
import * as patients from '../../patients/service';
import type { ProviderCharge, ProviderIntent } from '../../payments/provider';
import type { Payments } from '../../payments/service';
import { answer, audit, type Caller, type Ctx, inReach, isOpen } from '../invoices/access';
import { raisePartPaymentReceipt } from '../invoices/notifications';
import * as invoices from '../invoices/repository';
import { settleInvoicePayment } from '../payments/online';
import { getPolicy } from '../settings/service';
import * as repository from './repository';

/** Billing's context with the live payment provider. */
export type PayingCtx = Ctx & { payments: Payments };

const toCard = (row: repository.SavedCardRow): SavedCard => ({
  id: row.id,
  patientId: row.patientId,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  consentAt: row.consentAt.toISOString(),
  consentVersion: row.consentVersion,
  createdAt: row.createdAt.toISOString(),
});

/** Cards on file exist only while the clinic bills sessions. */
async function requireSessionBilling(ctx: Pick<Ctx, 'db'>) {
  if (!(await getPolicy(ctx.db)).policy.sessionBilling) throw new AppError('CONFLICT', SAVED_CARD_ERRORS.off);
}

function cardActivity(
  db: Parameters<typeof recordActivity>[0],
  entry: {
    caller: Caller;
    action: string;
    card: { id: string | null; patientId: string };
    meta: RequestMeta;
    details?: Record<string, string | number | boolean | null>;
  },
) {
  return recordActivity(db, {
    actorId: entry.caller.id,
    action: entry.action,
    entityType: 'saved_card',
    entityId: entry.card.id,
    ipAddress: entry.meta.ipAddress,
    details: { patientId: entry.card.patientId, ...entry.details },
  });
}

/** The patient starts saving a card: a setup intent for their customer at the provider. */
export async function startCardSetup(ctx: PayingCtx, caller: Caller, meta: RequestMeta) {
  await requireSessionBilling(ctx);
  const provider = ctx.payments.provider;
  const customerId =
    (await repository.customerOf(ctx.db, { patientId: caller.id, provider: provider.name })) ??
    (await provider.createCustomer({ patientId: caller.id }));
  const setup = await provider.createSetupIntent(customerId, {
    purpose: 'card_on_file',
    patientId: caller.id,
  });
  await cardActivity(ctx.db, {
    caller,
    action: 'card.setup_started',
    card: { id: null, patientId: caller.id },
    meta,
  });
  return { clientSecret: setup.clientSecret, setupIntentId: setup.id };
}

/**
 * Keeps the card of a setup the provider confirmed (the provider is asked; the browser names only the setup),
 * with the patient's consent to the current wording. Saving the same setup again answers the same card.
 */
export async function saveCard(
  ctx: PayingCtx,
  caller: Caller,
  save: { input: SaveCardInput; meta: RequestMeta },
) {
  await requireSessionBilling(ctx);
  const provider = ctx.payments.provider;
  const setup = await provider.retrieveSetupIntent(save.input.setupIntentId);
  if (setup?.metadata.purpose !== 'card_on_file' || setup.metadata.patientId !== caller.id)
    throw badRequest(SAVED_CARD_ERRORS.setupIntent, { setupIntentId: SAVED_CARD_ERRORS.setupIntent });
  if (setup.status !== 'succeeded' || !setup.card || !setup.customerId)
    throw new AppError('CONFLICT', SAVED_CARD_ERRORS.notConfirmed);
  const { card, customerId } = { card: setup.card, customerId: setup.customerId };
  const now = new Date();
  const saved = await ctx.db.transaction(async (tx) => {
    const kept = await repository.insertCard(tx, {
      patientId: caller.id,
      provider: provider.name,
      providerCustomerId: customerId,
      providerPaymentMethodId: card.paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      consentAt: now,
      consentVersion: CARD_CONSENT.version,
      createdAt: now,
    });
    if (kept.card.patientId !== caller.id) throw notFound(SAVED_CARD_ERRORS.notFound);
    if (kept.created)
      await cardActivity(tx, {
        caller,
        action: 'card.saved',
        card: kept.card,
        meta: save.meta,
        details: { brand: card.brand, consentVersion: CARD_CONSENT.version },
      });
    return kept.card;
  });
  return { card: toCard(saved) };
}

/** Whose cards the caller may list: a patient their own; a practitioner their patients'; the desk anyone's. */
async function patientInReach(ctx: Pick<Ctx, 'db'>, caller: Caller, patientId: string | undefined) {
  if (caller.role === 'patient') {
    if (patientId && patientId !== caller.id) throw notFound(BILLING_ERRORS.patientNotFound);
    return caller.id;
  }
  if (!patientId) throw badRequest(SAVED_CARD_ERRORS.patient, { patientId: SAVED_CARD_ERRORS.patient });
  if (!(await patients.isPatientInReach(ctx.db, caller, patientId)))
    throw notFound(BILLING_ERRORS.patientNotFound);
  return patientId;
}

export async function listCards(ctx: Pick<Ctx, 'db'>, caller: Caller, patientId?: string) {
  await requireSessionBilling(ctx);
  const reached = await patientInReach(ctx, caller, patientId);
  return { cards: (await repository.cardsOf(ctx.db, reached)).map(toCard) };
}

/**
 * Removes a card on file (its patient, or the desk): detached at the provider first, then marked removed.
 * Withdrawing consent is always possible, with session billing on or off; removing it again changes nothing.
 */
export async function removeCard(
  ctx: PayingCtx,
  caller: Caller,
  remove: { cardId: string; meta: RequestMeta },
) {
  const card = await repository.findCard(ctx.db, remove.cardId);
  if (!card || (caller.role === 'patient' && card.patientId !== caller.id))
    throw notFound(SAVED_CARD_ERRORS.notFound);
  if (!card.removedAt) {
    if (card.provider === ctx.payments.provider.name)
      await ctx.payments.provider.detachPaymentMethod(card.providerPaymentMethodId);
    await ctx.db.transaction(async (tx) => {
      const removed = await repository.markRemoved(tx, { id: card.id, by: caller.id, at: new Date() });
      if (removed) await cardActivity(tx, { caller, action: 'card.removed', card, meta: remove.meta });
    });
  }
  return { cards: (await repository.cardsOf(ctx.db, card.patientId)).map(toCard) };
}

type ChargeRequest = Omit<ChargeSavedCardInput, 'amountCents'> & {
  invoiceId: string;
  amountCents?: number;
  meta: RequestMeta;
};

/** What a finished attempt answers when asked again: the invoice, or the refusal it met. */
function replay(charge: repository.ChargeRow) {
  if (charge.status === 'pending') throw new AppError('CONFLICT', SAVED_CARD_ERRORS.underWay);
  if (charge.status !== 'succeeded')
    throw new AppError('CONFLICT', charge.failureMessage ?? PAYMENT_ERRORS.providerFailed);
  return null;
}

/** Under the invoice's lock: the attempt of this key, or a new pending one when the invoice allows it. */
async function beginCharge(ctx: PayingCtx, caller: Caller, request: ChargeRequest & { patientId: string }) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const invoice = await invoices.lockRow(tx, request.invoiceId);
      if (!invoice) throw notFound(BILLING_ERRORS.notFound);
      const earlier = await repository.chargeByKey(tx, request.idempotencyKey);
      if (earlier) {
        if (earlier.invoiceId !== request.invoiceId || earlier.cardId !== request.cardId)
          throw new AppError('CONFLICT', SAVED_CARD_ERRORS.keyReused);
        return { charge: earlier, fresh: false };
      }
      const balance = invoice.totalCents - invoice.paidCents;
      if (!isOpen(invoice.status) || balance <= 0) throw new AppError('CONFLICT', BILLING_ERRORS.notOpen);
      const amountCents = request.amountCents ?? balance;
      if (amountCents > balance)
        throw badRequest(BILLING_ERRORS.amountOverBalance, { amountCents: BILLING_ERRORS.amountOverBalance });
      if (await repository.pendingChargeOf(tx, invoice.id))
        throw new AppError('CONFLICT', SAVED_CARD_ERRORS.underWay);
      const charge = await repository.insertCharge(tx, {
        idempotencyKey: request.idempotencyKey,
        cardId: request.cardId,
        invoiceId: invoice.id,
        amountCents,
        createdBy: caller.id,
      });
      await audit(tx, {
        caller,
        action: 'invoice.card_charge_started',
        invoice,
        meta: request.meta,
        details: { chargeId: charge.id, cardId: request.cardId, amountCents },
      });
      return { charge, fresh: true, currency: invoice.currency };
    });
  } catch (error) {
    // The same key racing in from another invoice, or a second pending charge slipping past: one wins.
    if (hasSqlState(error, '23505')) throw new AppError('CONFLICT', SAVED_CARD_ERRORS.underWay);
    throw error;
  }
}

async function finish(
  ctx: PayingCtx,
  ended: {
    caller: Caller;
    charge: repository.ChargeRow;
    patientId: string;
    status: 'succeeded' | 'declined' | 'failed';
    providerIntentId: string | null;
    failureMessage: string | null;
    meta: RequestMeta;
    rechecked?: boolean;
  },
) {
  const actions = {
    succeeded: 'invoice.card_charged',
    declined: 'invoice.card_declined',
    failed: 'invoice.card_charge_failed',
  } as const;
  return ctx.db.transaction(async (tx) => {
    const done = await repository.finishCharge(tx, {
      id: ended.charge.id,
      status: ended.status,
      providerIntentId: ended.providerIntentId,
      failureMessage: ended.failureMessage,
      at: new Date(),
    });
    if (!done) return false;
    await audit(tx, {
      caller: ended.caller,
      action: actions[ended.status],
      invoice: { id: ended.charge.invoiceId, patientId: ended.patientId },
      meta: ended.meta,
      details: {
        chargeId: ended.charge.id,
        cardId: ended.charge.cardId,
        amountCents: ended.charge.amountCents,
        ...(ended.failureMessage ? { reason: ended.failureMessage } : {}),
        ...(ended.rechecked ? { rechecked: true } : {}),
      },
    });
    return true;
  });
}

type Ending = {
  caller: Caller;
  charge: repository.ChargeRow;
  patientId: string;
  meta: RequestMeta;
  rechecked?: boolean;
};

/**
 * The provider's answer for an attempt, applied: a succeeded intent pays the invoice (once per intent, however
 * often this runs) and the patient gets the receipt of a part paid; anything else ends the attempt with its
 * refusal, which is answered.
 */
async function conclude(ctx: PayingCtx, ending: Ending, outcome: ProviderCharge) {
  const { intent, declineMessage } = outcome;
  if (intent.status === 'succeeded') {
    await settleInvoicePayment(ctx, { payments: ctx.payments, intent, actorId: ending.caller.id });
    const ended = await finish(ctx, {
      ...ending,
      status: 'succeeded',
      providerIntentId: intent.id,
      failureMessage: null,
    });
    // The full payment's receipt goes out with invoice_paid; a part paid has its own, sent once.
    if (ended)
      await raisePartPaymentReceipt(ctx, {
        invoiceId: ending.charge.invoiceId,
        amountCents: ending.charge.amountCents,
      }).catch((err: Error) =>
        ctx.log.error({ err: { message: err.message } }, 'the receipt of a part payment was not sent'),
      );
    return null;
  }
  const refusal =
    declineMessage ??
    (intent.status === 'processing' ? SAVED_CARD_ERRORS.processing : PAYMENT_ERRORS.providerFailed);
  await finish(ctx, {
    ...ending,
    status: declineMessage ? 'declined' : 'failed',
    providerIntentId: intent.id,
    failureMessage: refusal,
  });
  return refusal;
}

/** How long an attempt may stay under way before the next charge asks the provider what became of it. */
export const STALE_CHARGE_MS = 2 * 60_000;
/** The provider keeps a key's answer for a day; past that, asking again under it could charge again. */
const KEY_ANSWER_KEPT_MS = 23 * 3_600_000;

/**
 * An attempt left under way (its request died between the provider and the database) would block the invoice
 * for good. Once it is older than a short window it is asked about: by its intent when the provider's answer
 * was kept, else by asking again under its own idempotency key, which answers the charge the provider made
 * for it (or makes it now), never a second one. It is then settled or released. A provider that cannot be
 * reached leaves it as it is.
 */
async function recheckStaleCharge(
  ctx: PayingCtx,
  ending: Omit<Ending, 'charge'> & { invoice: { id: string; currency: string } },
) {
  const { invoice, ...rest } = ending;
  const now = Date.now();
  const charge = await repository.pendingChargeOf(ctx.db, invoice.id);
  if (!charge || now - charge.createdAt.getTime() < STALE_CHARGE_MS) return;
  const provider = ctx.payments.provider;
  const stale = { ...rest, charge, rechecked: true };
  const release = (message: string) =>
    finish(ctx, {
      ...stale,
      status: 'failed',
      providerIntentId: charge.providerIntentId,
      failureMessage: message,
    });
  if (charge.providerIntentId) {
    let intent: ProviderIntent | null;
    try {
      intent = await provider.retrieveIntent(charge.providerIntentId);
    } catch {
      return;
    }
    if (!intent) await release(SAVED_CARD_ERRORS.released);
    else await conclude(ctx, stale, { intent, declineMessage: null });
    return;
  }
  const card = await repository.findCard(ctx.db, charge.cardId);
  if (!card || card.provider !== provider.name || now - charge.createdAt.getTime() > KEY_ANSWER_KEPT_MS) {
    await release(SAVED_CARD_ERRORS.released);
    return;
  }
  let outcome: ProviderCharge;
  try {
    outcome = await provider.chargeSavedCard({
      customerId: card.providerCustomerId,
      paymentMethodId: card.providerPaymentMethodId,
      amountCents: charge.amountCents,
      currency: invoice.currency,
      metadata: { purpose: 'invoice', invoiceId: invoice.id, chargeId: charge.id },
      idempotencyKey: charge.idempotencyKey,
    });
  } catch (error) {
    await release(error instanceof AppError ? error.message : SAVED_CARD_ERRORS.released);
    return;
  }
  await conclude(ctx, stale, outcome);
}

/**
 * Charges a card on file for an invoice: the seam the desk's charge, checkout and the policy fees call. Staff
 * and admins charge any invoice; a practitioner only an invoice of their own sessions; patients never. The
 * same idempotency key is the same charge (asking again answers its outcome), and an invoice has one charge
 * under way at a time, so a double click, a retry or two people at once charge once; one left under way
 * longer than a short window is asked about at the provider first (recheckStaleCharge). The invoice is paid
 * only once the provider says the charge succeeded, through the same recording as any card payment (which a
 * webhook of the same intent finds done); a refusal leaves it open and answers the card's message.
 */
export async function chargeSavedCard(ctx: PayingCtx, caller: Caller, request: ChargeRequest) {
  await requireSessionBilling(ctx);
  const invoice = await inReach(ctx.db, caller, request.invoiceId);
  if (caller.role === 'patient') throw notFound(BILLING_ERRORS.notFound);
  if (caller.role === 'practitioner' && invoice.practitionerId !== caller.id)
    throw forbidden(SAVED_CARD_ERRORS.notOwnSession);
  const card = await repository.findCard(ctx.db, request.cardId);
  if (!card || card.patientId !== invoice.patientId || card.removedAt)
    throw notFound(SAVED_CARD_ERRORS.notFound);
  const provider = ctx.payments.provider;
  if (card.provider !== provider.name) throw new AppError('CONFLICT', PAYMENT_ERRORS.providerFailed);

  await recheckStaleCharge(ctx, { caller, patientId: invoice.patientId, meta: request.meta, invoice });
  const begun = await beginCharge(ctx, caller, { ...request, patientId: invoice.patientId });
  if (!begun.fresh) {
    replay(begun.charge);
    return answer(ctx.db, request.invoiceId);
  }
  const { charge } = begun;
  const ending = { caller, charge, patientId: invoice.patientId, meta: request.meta };
  let outcome: ProviderCharge;
  try {
    outcome = await provider.chargeSavedCard({
      customerId: card.providerCustomerId,
      paymentMethodId: card.providerPaymentMethodId,
      amountCents: charge.amountCents,
      currency: begun.currency ?? invoice.currency,
      metadata: { purpose: 'invoice', invoiceId: invoice.id, chargeId: charge.id },
      idempotencyKey: request.idempotencyKey,
    });
  } catch (error) {
    const message = error instanceof AppError ? error.message : PAYMENT_ERRORS.providerFailed;
    await finish(ctx, { ...ending, status: 'failed', providerIntentId: null, failureMessage: message });
    throw error instanceof AppError ? error : new AppError('CONFLICT', message);
  }
  // Kept at once: should this request end before the attempt does, the next one reads the intent.
  await repository.noteIntent(ctx.db, { id: charge.id, providerIntentId: outcome.intent.id, at: new Date() });
  const refusal = await conclude(ctx, ending, outcome);
  if (refusal) throw new AppError('CONFLICT', refusal);
  return answer(ctx.db, request.invoiceId);
}
