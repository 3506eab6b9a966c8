import {
  BILLING_ERRORS,
  type BillableAnswer,
  INVOICE_PAGE_SIZE,
  type InvoiceListAnswer,
} from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { activityLog } from '../../../db/schema';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import * as accounts from '../../accounts/service';
import * as patients from '../../patients/service';
import { answer, audit, type Caller, inReach, ownSessionsOf } from '../invoice-access';
import * as repository from '../repository';

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
export async function patientForBilling(db: Db | Tx, caller: Caller, patientId: string) {
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
