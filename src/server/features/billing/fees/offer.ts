import { type FeeKind, feeUnder } from '../../../../shared/billing-fees';
import type { Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import { getPolicy } from '../settings/service';
import * as repository from './repository';

const HOUR = 3_600_000;

/**
 * Inside an appointment's change (its row locked): a no-show, or a cancellation at the patient's request
 * less than the clinic's window ahead, makes a pending fee while session billing is on and the fee is above
 * 0. Nothing otherwise, so a clinic without the policy sees its appointments behave as before.
 */
export async function offerFee(
  tx: Tx,
  offer: {
    appointment: { id: string; patientId: string; startsAt: Date };
    kind: FeeKind;
    actorId: string;
    ipAddress: string | null;
    now?: Date;
  },
) {
  const { appointment, kind, now = new Date() } = offer;
  const { policy } = await getPolicy(tx);
  const amountCents = feeUnder(policy, kind);
  if (amountCents <= 0) return null;
  if (
    kind === 'late_cancel' &&
    appointment.startsAt.getTime() - now.getTime() >= policy.lateCancelWindowHours * HOUR
  )
    return null;
  const fee = await repository.insertPending(tx, {
    appointmentId: appointment.id,
    patientId: appointment.patientId,
    kind,
    amountCents,
    createdBy: offer.actorId,
  });
  if (!fee) return null;
  await recordActivity(tx, {
    actorId: offer.actorId,
    action: 'fee.offered',
    entityType: 'appointment_fee',
    entityId: fee.id,
    ipAddress: offer.ipAddress,
    details: { patientId: appointment.patientId, appointmentId: appointment.id, kind, amountCents },
  });
  return fee;
}

/**
 * Inside the change that takes a no-show back (the appointment's row locked): the no-show fee the mark made,
 * locked, is withdrawn while nobody has decided it; an applied or waived one stays as it is and is reported,
 * since the invoice of an applied one is voided or refunded on its own.
 */
export async function withdrawNoShowFee(
  tx: Tx,
  withdrawal: { appointmentId: string; actorId: string; ipAddress: string | null },
) {
  const row = await repository.lockFeeOf(tx, { appointmentId: withdrawal.appointmentId, kind: 'no_show' });
  if (!row) return null;
  const { fee } = row;
  const answer = {
    feeId: fee.id,
    patientId: fee.patientId,
    status: fee.status,
    amountCents: fee.amountCents,
    invoiceId: fee.invoiceId,
    invoiceNumber: row.invoiceNumber,
  };
  if (fee.status !== 'pending') return { ...answer, outcome: 'kept' as const };
  await repository.deletePending(tx, fee.id);
  await recordActivity(tx, {
    actorId: withdrawal.actorId,
    action: 'fee.withdrawn',
    entityType: 'appointment_fee',
    entityId: fee.id,
    ipAddress: withdrawal.ipAddress,
    details: {
      patientId: fee.patientId,
      appointmentId: withdrawal.appointmentId,
      kind: fee.kind,
      amountCents: fee.amountCents,
    },
  });
  return { ...answer, outcome: 'withdrawn' as const };
}
