import {
  BILLING_ERRORS,
  type Invoice,
  type InvoiceStatus,
  OPEN_INVOICE_STATUSES,
} from '../../../../shared/billing';
import type { Role } from '../../../../shared/roles';
import type { Db, Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { AppContext, RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { DomainEvents } from '../../../platform/events';
import * as patients from '../../patients/service';
import * as ledger from '../../payments/service';
import { type InvoiceRow, toInvoice } from './mapping';
import * as repository from './repository';

export type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;
export type Caller = { id: string; role: Role };

const MANAGERS: Role[] = ['staff', 'admin'];
const isManager = (caller: Caller) => MANAGERS.includes(caller.role);

/** The status an open invoice has for what is paid of it: paid in full, overdue, partly paid or sent. */
export function statusFor(
  invoice: Pick<InvoiceRow, 'totalCents' | 'dueDate' | 'status'>,
  paidCents: number,
  today: string,
): InvoiceStatus {
  if (invoice.status === 'void' || invoice.status === 'draft') return invoice.status;
  if (paidCents >= invoice.totalCents) return 'paid';
  // Once overdue, an invoice stays overdue until it is paid in full.
  if (invoice.status === 'overdue' || invoice.dueDate < today) return 'overdue';
  return paidCents > 0 ? 'partially_paid' : 'sent';
}

export const isOpen = (status: InvoiceStatus) =>
  (OPEN_INVOICE_STATUSES as readonly string[]).includes(status);

/** An entry in the invoice's access log: who did what to it, with the patient it belongs to. */
export function audit(
  db: Db | Tx,
  entry: {
    caller: Caller | null;
    action: string;
    invoice: { id: string; patientId: string };
    meta?: RequestMeta;
    details?: Record<string, string | number | boolean | null>;
  },
) {
  const { caller, action, invoice, meta, details = {} } = entry;
  return recordActivity(db, {
    actorId: caller?.id ?? null,
    action,
    entityType: 'invoice',
    entityId: invoice.id,
    ipAddress: meta?.ipAddress ?? null,
    details: { patientId: invoice.patientId, ...details },
  });
}

export function publish(ctx: Pick<AppContext, 'events'>, invoice: InvoiceRow, change: Change) {
  ctx.events.publish('invoice.changed', {
    invoiceId: invoice.id,
    patientId: invoice.patientId,
    practitionerId: invoice.practitionerId,
    change,
  });
}
export type Change = DomainEvents['invoice.changed']['change'];

/** Whether the caller may see the invoice: the patient their non-drafts, a practitioner their patients'. */
async function canSee(db: Db | Tx, caller: Caller, invoice: InvoiceRow) {
  if (isManager(caller)) return true;
  if (caller.role === 'patient') return invoice.patientId === caller.id && invoice.status !== 'draft';
  if (caller.role === 'practitioner') return patients.isPatientInReach(db, caller, invoice.patientId);
  return false;
}

/** The invoice when the caller reaches it; anything else is told it does not exist. */
export async function inReach(db: Db | Tx, caller: Caller, id: string) {
  const row = await repository.findRow(db, id);
  if (!row || !(await canSee(db, caller, row))) throw notFound(BILLING_ERRORS.notFound);
  return row;
}

/** For changes: a patient reaches their invoices only to read and pay them. */
export async function inReachToManage(db: Db | Tx, caller: Caller, id: string) {
  const row = await inReach(db, caller, id);
  if (caller.role === 'patient') throw notFound(BILLING_ERRORS.notFound);
  return row;
}

/** The invoice as the contract shows it: its names, lines and payments. */
export async function answer(db: Db | Tx, id: string): Promise<{ invoice: Invoice }> {
  const row = await repository.findNamed(db, id);
  if (!row) throw notFound(BILLING_ERRORS.notFound);
  const [lines, paid] = await Promise.all([
    repository.linesOf(db, id),
    ledger.paymentsFor(db, { purpose: 'invoice', referenceId: id }),
  ]);
  return { invoice: toInvoice(row, lines, paid) };
}

/** Practitioners bill as themselves: the sessions they may bill are their own. */
export const ownSessionsOf = (caller: Caller) => (caller.role === 'practitioner' ? caller.id : undefined);
