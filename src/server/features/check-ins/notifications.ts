import { OUTCOME_MEASURES } from '../../../shared/outcome-measures';
import type { AppContext } from '../../platform/context';
import { getFeatures } from '../clinic-features/service';
import { raise } from '../notifications/service';
import * as repository from './repository';

/** The in-app wording: the measure's name, nobody's name and nothing of the patient's health. */
export const checkInRequestedMessage = (measureTitle: string) =>
  `Your clinic asks you to fill in the ${measureTitle}. It takes a few minutes.`;

/**
 * A check-in sent to a patient reaches them in the portal and by email (their preferences decide), only
 * while the clinic has care between visits on. The measure's name only: nothing of their health.
 */
export function raiseCheckInNotifications(ctx: AppContext) {
  ctx.events.subscribe('check-in.changed', async (event) => {
    if (event.change !== 'requested' || !event.checkInId) return;
    if (!(await getFeatures(ctx.db)).features.careBetweenVisits) return;
    const row = await repository.findCheckIn(ctx.db, event.checkInId);
    if (row?.status !== 'due') return;
    const measure = OUTCOME_MEASURES[row.measure];
    await raise(ctx, event.patientId, {
      type: 'check_in_requested',
      title: 'Check-in to fill in',
      message: checkInRequestedMessage(measure.title),
      priority: 'medium',
      actionUrl: `/check-ins/${row.id}`,
      data: { checkInId: row.id },
      emailText: `Your clinic asks you to fill in a short check-in (${measure.title}).`,
    });
  });
}
