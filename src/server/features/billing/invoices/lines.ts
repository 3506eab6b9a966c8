import {
  BILLING_ERRORS,
  INVOICE_AMOUNT_MAX_CENTS,
  type InvoiceLineInput,
  invoiceTotals,
} from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { clinicDayLabel } from '../../../platform/clinic-time';
import { badRequest } from '../../../platform/errors';
import { listPackages } from '../packages/repository';
import { requireSessionBilling } from '../settings/service';
import { type Caller, ownSessionsOf } from './access';
import { completedAppointments, servicesOf } from './billable-repository';
import type { NewLine } from './repository';

/** The active packages of these ids as the lines that sell them; none unless session billing is on. */
async function packagesOnSale(db: Db | Tx, ids: string[]) {
  const sold = new Map<string, NewLine>();
  if (ids.length === 0) return sold;
  await requireSessionBilling(db);
  for (const row of await listPackages(db, ids))
    if (row.isActive)
      sold.set(row.id, {
        description: `${row.name} (${row.sessions} sessions)`,
        quantity: 1,
        unitPriceCents: row.priceCents,
        serviceTypeId: null,
        appointmentId: null,
        packageId: row.id,
      });
  return sold;
}

/**
 * The lines as the server keeps them: an appointment's line takes its description and price from the
 * service (quantity 1), and a practitioner adds only their own sessions; a service's must name a service
 * that exists. `invoiceId` is the draft being changed, whose own sessions stay billable on it.
 */
export async function buildLines(
  db: Db | Tx,
  caller: Caller,
  lines: { patientId: string; inputs: InvoiceLineInput[]; invoiceId?: string },
): Promise<NewLine[]> {
  const { patientId, inputs, invoiceId } = lines;
  const appointmentIds = inputs.flatMap((line) => (line.appointmentId ? [line.appointmentId] : []));
  const serviceIds = inputs.flatMap((line) =>
    line.serviceTypeId && !line.appointmentId ? [line.serviceTypeId] : [],
  );
  const packageIds = inputs.flatMap((line) =>
    line.packageId && !line.appointmentId ? [line.packageId] : [],
  );
  const [sessions, services, onSale] = await Promise.all([
    completedAppointments(db, {
      patientId,
      ids: appointmentIds,
      exceptInvoiceId: invoiceId,
      ownedBy: ownSessionsOf(caller),
    }),
    servicesOf(db, serviceIds),
    packagesOnSale(db, packageIds),
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
      const day = `${session.serviceName}, ${clinicDayLabel(session.startsAt)}`;
      return {
        description: session.coveredBy ? `${day}, covered by ${session.coveredBy}` : day,
        quantity: 1,
        unitPriceCents: session.coveredBy ? 0 : session.priceCents,
        serviceTypeId: session.serviceTypeId,
        appointmentId: session.id,
      };
    }
    if (line.packageId) {
      const sold = onSale.get(line.packageId);
      if (!sold)
        throw badRequest(BILLING_ERRORS.packageNotOnSale, {
          [`lineItems.${index}.packageId`]: BILLING_ERRORS.packageNotOnSale,
        });
      return sold;
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

/** The invoice's figures from its lines; a discount above the subtotal or a total past the cap is refused. */
export function figures(lines: NewLine[], discountCents: number, taxRateBasisPoints: number) {
  const totals = invoiceTotals(lines, 0, taxRateBasisPoints);
  if (discountCents > totals.subtotalCents)
    throw badRequest(BILLING_ERRORS.discountTooLarge, { discountCents: BILLING_ERRORS.discountTooLarge });
  const result = invoiceTotals(lines, discountCents, taxRateBasisPoints);
  if (result.totalCents > INVOICE_AMOUNT_MAX_CENTS || result.subtotalCents > INVOICE_AMOUNT_MAX_CENTS)
    throw badRequest(BILLING_ERRORS.totalTooLarge, { lineItems: BILLING_ERRORS.totalTooLarge });
  return result;
}
