import {
  BILLING_ERRORS,
  type BillableAnswer,
  INVOICE_PAGE_SIZE,
  type InvoiceListAnswer,
} from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import * as accounts from '../../accounts/service';
import * as patients from '../../patients/service';
import { answer, audit, type Caller, inReach, ownSessionsOf } from './access';
import { billableOf } from './billable-repository';
import * as invoiceLists from './list-repository';
import { toSummary } from './mapping';

type InvoiceQuery = Omit<invoiceLists.ListFilter, 'ownPatientId' | 'patientIdsIn'> & { page: number };

export async function getInvoice(db: Db, caller: Caller, read: { id: string; meta: RequestMeta }) {
  const row = await inReach(db, caller, read.id);
  await audit(db, { caller, action: 'invoice.viewed', invoice: row, meta: read.meta });
  return answer(db, read.id);
}

export async function listInvoices(
  db: Db,
  caller: Caller,
  read: { query: InvoiceQuery; meta: RequestMeta },
): Promise<InvoiceListAnswer> {
  const { query, meta } = read;
  const { page, ...filter }: InvoiceQuery & invoiceLists.ListFilter = { ...query };
  if (caller.role === 'patient') filter.ownPatientId = caller.id;
  else if (caller.role === 'practitioner') filter.patientIdsIn = patients.patientIdsInReachOf(caller.id);
  const { rows, totals } = await invoiceLists.listPage(db, { filter, page, pageSize: INVOICE_PAGE_SIZE });
  // Each patient whose invoices were shown finds this read in their access log (one entry each, one write).
  const shown = [...new Set(rows.map((row) => row.invoice.patientId))];
  await invoiceLists.logListed(db, {
    actorId: caller.id,
    ipAddress: meta.ipAddress,
    shown: shown.map((patientId) => ({
      patientId,
      count: rows.filter((row) => row.invoice.patientId === patientId).length,
    })),
  });
  return {
    invoices: rows.map(toSummary),
    page,
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
  read: { patientId: string; meta: RequestMeta },
): Promise<BillableAnswer> {
  const { patientId, meta } = read;
  if (!(await patients.isPatientInReach(db, caller, patientId)))
    throw notFound(BILLING_ERRORS.patientNotFound);
  const rows = await billableOf(db, patientId, ownSessionsOf(caller));
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

/** For the PDF: the invoice as its reader may see it, and the read logged. */
export async function invoiceForDocument(db: Db, caller: Caller, read: { id: string; meta: RequestMeta }) {
  const row = await inReach(db, caller, read.id);
  await audit(db, { caller, action: 'invoice.downloaded', invoice: row, meta: read.meta });
  return (await answer(db, read.id)).invoice;
}

/** The staff accounts, who hear that an invoice was paid. */
export const staffIds = async (db: Db) =>
  (await accounts.listActiveAccountsWithRole(db, 'staff')).map((person) => person.id);
