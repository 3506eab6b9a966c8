import type { CoveredBy } from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { recordActivities, recordActivity } from '../../../platform/activity';
import { getPolicy } from '../settings/service';
import * as repository from './repository';

/*
 * A held package's life: made when the invoice that sold it is issued, a session used when a covered session is
 * completed, removed with its uses when that invoice is voided (the sessions it covered are unbilled again).
 * Each runs inside the transaction of the change that causes it, with its activity entry.
 */

type Actor = { actorId: string | null; ipAddress: string | null };

/** Inside an invoice's send: the patient holds each package the invoice sells. */
export async function issuePackages(tx: Tx, of: { invoiceId: string } & Actor) {
  const made = await repository.issueFromInvoice(tx, of.invoiceId);
  await recordActivities(
    tx,
    made.map((row) => ({
      actorId: of.actorId,
      action: 'package.sold',
      entityType: 'patient_package',
      entityId: row.id,
      ipAddress: of.ipAddress,
      details: {
        patientId: row.patient_id,
        packageId: row.package_id,
        invoiceId: of.invoiceId,
        sessions: row.sessions_total,
      },
    })),
  );
}

/** Inside an invoice's void: the packages it sold are gone, and the sessions they covered with them. */
export async function removePackages(tx: Tx, of: { invoiceId: string } & Actor) {
  const removed = await repository.removeForInvoice(tx, of.invoiceId);
  await recordActivities(
    tx,
    removed.map((row) => ({
      actorId: of.actorId,
      action: 'package.removed',
      entityType: 'patient_package',
      entityId: row.id,
      ipAddress: of.ipAddress,
      details: { patientId: row.patientId, invoiceId: of.invoiceId, sessionsUsed: row.sessionsUsed },
    })),
  );
}

/**
 * Inside a session's completion (its row locked): while session billing is on, the patient's oldest package
 * with a session left that covers the service gives one. A package emptied meanwhile by another completion is
 * passed over for the next; the unique use per appointment has the last word on a retry.
 */
export async function coverWithPackage(
  tx: Tx,
  of: { appointment: { id: string; patientId: string; serviceTypeId: string } } & Actor & {
      actorId: string;
    },
) {
  const { appointment } = of;
  const { policy } = await getPolicy(tx);
  if (!policy.sessionBilling) return null;
  const candidates = await repository.candidatesFor(tx, appointment);
  for (const candidate of candidates) {
    const taken = await repository.takeSession(tx, candidate.id);
    if (!taken) continue;
    const use = await repository.insertUse(tx, {
      patientPackageId: taken.id,
      appointmentId: appointment.id,
      createdBy: of.actorId,
    });
    if (!use) {
      await repository.giveSessionBack(tx, taken.id);
      return null;
    }
    await recordActivity(tx, {
      actorId: of.actorId,
      action: 'package.used',
      entityType: 'patient_package',
      entityId: taken.id,
      ipAddress: of.ipAddress,
      details: {
        patientId: appointment.patientId,
        appointmentId: appointment.id,
        sessionsLeft: taken.sessionsTotal - taken.sessionsUsed,
      },
    });
    return taken;
  }
  return null;
}

/** Packages sold at checkout, as lines whose name and price the invoice code takes from the catalogue. */
export const packageLines = (packageIds: string[]) =>
  packageIds.map((packageId) => ({ description: 'Package', quantity: 1, unitPriceCents: 0, packageId }));

/** The package that covered a session, as checkout shows it; null when none did. */
export async function coveredBy(db: Db | Tx, appointmentId: string): Promise<CoveredBy | null> {
  const row = await repository.coveringOf(db, appointmentId);
  return row
    ? {
        patientPackageId: row.patientPackageId,
        name: row.name,
        sessionsLeft: row.sessionsTotal - row.sessionsUsed,
        sessionsTotal: row.sessionsTotal,
      }
    : null;
}
