import { randomUUID } from 'node:crypto';
import {
  BILLING_ERRORS,
  formatInvoiceNumber,
  INVOICE_CURRENCY,
  INVOICE_MAX_LINES,
  type InvoiceSessionsAnswer,
  UNBILLED_DEFAULT_DAYS,
  UNBILLED_MAX_SPAN_DAYS,
  UNBILLED_PAGE_SIZE,
  type UnbilledAnswer,
} from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { transactionRetrying } from '../../../db/concurrency';
import { type ActivityEntry, recordActivities, recordActivity } from '../../../platform/activity';
import { addDays, clinicDayLabel, clinicDayStart, clinicToday } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest } from '../../../platform/errors';
import { getPolicy, getSettings } from '../settings/service';
import { type Caller, type Ctx, ownSessionsOf, publish } from './access';
import * as sessions from './billable-repository';
import { isUniqueViolation } from './editing';
import { figures } from './lines';
import { toSummary } from './mapping';
import * as repository from './repository';
import { emailInvoice } from './sending';

/** Unbilled sessions and invoicing them exist only while the clinic's payment policy turns session billing on. */
async function requireSessionBilling(db: Db) {
  const { policy } = await getPolicy(db);
  if (!policy.sessionBilling) throw new AppError('CONFLICT', BILLING_ERRORS.sessionBillingOff);
}

/** The clinic days the view covers: by default the last UNBILLED_DEFAULT_DAYS days up to today. */
function windowOf(query: { from?: string; to?: string }) {
  const to = query.to ?? clinicToday();
  const from = query.from ?? addDays(to, -(UNBILLED_DEFAULT_DAYS - 1));
  if (from > to || addDays(from, UNBILLED_MAX_SPAN_DAYS - 1) < to)
    throw badRequest(BILLING_ERRORS.unbilledRange, { from: BILLING_ERRORS.unbilledRange });
  return { from, to };
}

/**
 * The completed sessions no invoice claims, across patients: staff and admins see every practitioner's (or one
 * practitioner's), a practitioner only their own whatever they ask. Each read is in the activity log.
 */
export async function listUnbilled(
  db: Db,
  caller: Caller,
  read: {
    query: { from?: string; to?: string; practitionerId?: string; page: number };
    meta: RequestMeta;
  },
): Promise<UnbilledAnswer> {
  const { query, meta } = read;
  await requireSessionBilling(db);
  const { from, to } = windowOf(query);
  const filter: sessions.UnbilledFilter = {
    from: clinicDayStart(from),
    to: clinicDayStart(to, 1),
    practitionerId: ownSessionsOf(caller) ?? query.practitionerId,
  };
  // The activity row is written while the totals are still being counted: the read costs no extra wait.
  const [rows, totals] = await Promise.all([
    sessions
      .unbilledPage(db, {
        filter,
        limit: UNBILLED_PAGE_SIZE,
        offset: (query.page - 1) * UNBILLED_PAGE_SIZE,
      })
      .then(async (page) => {
        await recordActivity(db, {
          actorId: caller.id,
          action: 'invoice.unbilled_listed',
          entityType: 'invoice',
          entityId: null,
          ipAddress: meta.ipAddress,
          details: { from, to, practitionerId: filter.practitionerId ?? null, shown: page.length },
        });
        return page;
      }),
    sessions.unbilledTotals(db, filter),
  ]);
  return {
    sessions: rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() })),
    from,
    to,
    page: query.page,
    pageSize: UNBILLED_PAGE_SIZE,
    ...totals,
  };
}

/** How many sessions of the last UNBILLED_DEFAULT_DAYS days are unbilled; null while session billing is off. */
export async function countUnbilled(db: Db) {
  const { policy } = await getPolicy(db);
  if (!policy.sessionBilling) return null;
  const to = clinicToday();
  const { total } = await sessions.unbilledTotals(db, {
    from: clinicDayStart(addDays(to, -(UNBILLED_DEFAULT_DAYS - 1))),
    to: clinicDayStart(to, 1),
  });
  return total;
}

type Billable = Awaited<ReturnType<typeof sessions.unbilledOf>>[number];

/** The sessions in invoices: one per patient, split every INVOICE_MAX_LINES sessions. */
function invoicesOf(billable: Billable[]) {
  const groups: Billable[][] = [];
  let current: Billable[] = [];
  for (const session of billable) {
    if (
      current.length > 0 &&
      (current[0].patientId !== session.patientId || current.length >= INVOICE_MAX_LINES)
    ) {
      groups.push(current);
      current = [];
    }
    current.push(session);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

type Batch = { caller: Caller; ids: string[]; meta: RequestMeta; now: Date };

/**
 * The invoices of one try, as making and sending each would write them, in a few statements for all: the
 * sessions locked, the ones still unbilled put on drafts whose lines claim them, the drafts numbered from the
 * counter in one move and issued, and every step in the activity log.
 */
async function writeBatch(tx: Tx, batch: Batch) {
  const { caller, ids, meta, now } = batch;
  await sessions.lockSessions(tx, ids);
  const billable = await sessions.unbilledOf(tx, ids);
  if (billable.length === 0) throw new AppError('CONFLICT', BILLING_ERRORS.nothingUnbilled);
  const { settings } = await getSettings(tx);
  const today = clinicToday(now);
  const dueDate = addDays(today, settings.paymentTermsDays);
  const drafts = invoicesOf(billable).map((group) => {
    const lines = group.map((session) => ({
      description: `${session.serviceName}, ${clinicDayLabel(session.startsAt)}`,
      quantity: 1,
      unitPriceCents: session.priceCents,
      serviceTypeId: session.serviceTypeId,
      appointmentId: session.id,
    }));
    const practitioners = new Set(group.map((session) => session.practitionerId));
    return {
      values: {
        id: randomUUID(),
        patientId: group[0].patientId,
        practitionerId: practitioners.size === 1 ? group[0].practitionerId : null,
        currency: INVOICE_CURRENCY,
        dueDate,
        taxRateBasisPoints: settings.taxRateBasisPoints,
        ...figures(lines, 0, settings.taxRateBasisPoints),
        notes: '',
        createdBy: caller.id,
      },
      lines,
    };
  });
  await repository.insertDrafts(tx, drafts);
  const first = await repository.takeNumbers(tx, drafts.length);
  const numbered = drafts.map((draft, index) => ({
    id: draft.values.id,
    number: formatInvoiceNumber(first + index),
    paid: draft.values.totalCents === 0,
  }));
  await repository.issueDrafts(tx, { drafts: numbered, issueDate: today, at: now });
  const billed = new Set(billable.map((session) => session.id));
  const skipped = ids.filter((id) => !billed.has(id));
  const entry = { actorId: caller.id, entityType: 'invoice', ipAddress: meta.ipAddress };
  const entries: ActivityEntry[] = [
    ...drafts.flatMap((draft, index): ActivityEntry[] => [
      {
        ...entry,
        action: 'invoice.created',
        entityId: draft.values.id,
        details: { patientId: draft.values.patientId, totalCents: draft.values.totalCents },
      },
      {
        ...entry,
        action: 'invoice.sent',
        entityId: draft.values.id,
        details: { patientId: draft.values.patientId, number: numbered[index].number },
      },
    ]),
    {
      ...entry,
      action: 'invoice.sessions_invoiced',
      entityId: null,
      details: { invoices: drafts.length, sessions: billable.length, skipped: skipped.length },
    },
  ];
  await recordActivities(tx, entries);
  return { ids: numbered.map((row) => row.id), sessions: billable.length, skipped };
}

/**
 * "Invoice selected": one invoice per patient of the chosen sessions (a patient with more than
 * INVOICE_MAX_LINES sessions gets several), each numbered and issued in one transaction, so the numbers stay
 * gap-free and either every invoice of the batch exists or none does; then each patient is emailed and told,
 * as a sent invoice is.
 *
 * Every id must be a session the caller reaches (a practitioner's own; staff and admins any), or the batch is
 * a 404 naming none of them. A session that is no longer unbilled when the batch runs (someone invoiced it a
 * moment ago, or it is no longer completed) is skipped and listed in `skipped`; the rest are invoiced. The
 * sessions are locked in one order before their claims are read, so a double click, a retry or two staff at
 * once take turns and the later one skips what the first invoiced; a single invoice racing in through the
 * claims' unique index makes the batch run again, skipping that session. When nothing is left to invoice the
 * answer is 409. Never two lines for one session: the unique index on the claims has the last word.
 */
export async function invoiceSessions(
  ctx: Ctx,
  caller: Caller,
  change: { appointmentIds: string[]; meta: RequestMeta; now?: Date },
): Promise<InvoiceSessionsAnswer> {
  const { meta, now = new Date() } = change;
  await requireSessionBilling(ctx.db);
  const ids = [...new Set(change.appointmentIds)];
  const owners = await sessions.sessionOwners(ctx.db, ids);
  const own = ownSessionsOf(caller);
  const reached = owners.filter((row) => !own || row.practitionerId === own);
  if (reached.length !== ids.length)
    throw new AppError('NOT_FOUND', BILLING_ERRORS.sessionNotFound, {
      fields: { appointmentIds: BILLING_ERRORS.sessionNotFound },
    });
  const batch = { caller, ids, meta, now };
  let result: Awaited<ReturnType<typeof writeBatch>> | undefined;
  for (let attempt = 1; !result; attempt++) {
    try {
      result = await transactionRetrying(ctx.db, (tx) => writeBatch(tx, batch));
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
  const issued = await repository.findNamedIn(ctx.db, result.ids);
  for (const row of issued) publish(ctx, row.invoice, 'sent');
  // The emails go out after the answer, one after another; what cannot be sent stays in the outbox.
  void (async () => {
    for (const row of issued) await emailInvoice(ctx, row.invoice);
  })().catch((error: Error) =>
    ctx.log.error({ err: { message: error.message } }, 'batch invoice emails not all sent'),
  );
  return {
    invoices: issued.map(toSummary),
    sessions: result.sessions,
    skipped: result.skipped,
  };
}
