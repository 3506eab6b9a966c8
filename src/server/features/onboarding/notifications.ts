import type { AppContext } from '../../platform/context';
import * as accounts from '../accounts/service';
import * as careTeam from '../care-team/service';
import { raise } from '../notifications/service';
import { patientOnboardingMessage } from '../notifications/wording';

/**
 * Tells every active staff account and the patient's care team that a patient finished onboarding: a new
 * patient (patient_registered) or a patient whose intake changed (patient_updated). The patient's name and a
 * link to the record only; none of the answers travel in a notification or its email.
 */
export async function notifyOnboardingCompleted(
  ctx: AppContext,
  patientId: string,
  kind: 'registered' | 'updated',
) {
  const [patient, staff, practitionerIds] = await Promise.all([
    accounts.findAccountById(ctx.db, patientId),
    accounts.listActiveAccountsWithRole(ctx.db, 'staff'),
    careTeam.practitionersOf(ctx.db, patientId),
  ]);
  if (!patient) return;
  const name = `${patient.firstName} ${patient.lastName}`;
  const recipients = new Set([...staff.map((person) => person.id), ...practitionerIds]);
  const input =
    kind === 'registered'
      ? {
          type: 'patient_registered' as const,
          title: 'New patient registered',
          message: patientOnboardingMessage('registered', name),
        }
      : {
          type: 'patient_updated' as const,
          title: 'Patient intake updated',
          message: patientOnboardingMessage('updated', name),
        };
  await Promise.all(
    [...recipients].map((userId) =>
      raise(ctx, userId, {
        ...input,
        priority: 'medium',
        actionUrl: `/clients?patient=${patientId}`,
        data: { patientId },
      }),
    ),
  );
}
