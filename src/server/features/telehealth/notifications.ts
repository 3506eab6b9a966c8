import { appointmentUrl } from '../../../shared/scheduling';
import { telehealthSessionPath } from '../../../shared/telehealth';
import type { AppContext } from '../../platform/context';
import * as appointments from '../appointments/service';
import { raise } from '../notifications/service';

/** The in-app wording: names only, nothing of anyone's health. */
export const callStartedMessage = (practitionerName: string) =>
  `${practitionerName} started your video visit. Join when you are ready.`;
export const callEndedMessage = (practitionerName: string) =>
  `Your video visit with ${practitionerName} has ended.`;
export const callInvitationMessage = (practitionerName: string, patientName: string) =>
  `${practitionerName} invited you to join ${patientName}’s video visit.`;

/**
 * The patient hears that their call started (with the way in) and that it ended; an invited staff member
 * hears they are asked to join. Each as their notification preferences say, in the portal and by email.
 */
export function raiseCallNotifications(ctx: AppContext) {
  ctx.events.subscribe('telehealth.changed', async (event) => {
    if (event.change !== 'started' && event.change !== 'ended' && event.change !== 'invited') return;
    const appointment = await appointments.callAppointmentOf(ctx.db, event.appointmentId);
    if (!appointment) return;
    const data = { appointmentId: appointment.id };
    if (event.change === 'started')
      await raise(ctx, appointment.patientId, {
        type: 'telehealth_session_started',
        title: 'Video visit started',
        message: callStartedMessage(appointment.practitionerName),
        priority: 'high',
        actionUrl: telehealthSessionPath(appointment.id),
        data,
        emailText: `${appointment.practitionerName} started your video visit. Sign in to the portal to join.`,
      });
    if (event.change === 'ended')
      await raise(ctx, appointment.patientId, {
        type: 'telehealth_session_ended',
        title: 'Video visit ended',
        message: callEndedMessage(appointment.practitionerName),
        priority: 'low',
        actionUrl: appointmentUrl(appointment.id),
        data,
      });
    if (event.change === 'invited' && event.userId)
      await raise(ctx, event.userId, {
        type: 'telehealth_session_started',
        title: 'Invited to a video visit',
        message: callInvitationMessage(appointment.practitionerName, appointment.patientName),
        priority: 'high',
        actionUrl: telehealthSessionPath(appointment.id),
        data,
        emailText: `${appointment.practitionerName} invited you to join a video visit. Sign in to the portal to join.`,
      });
  });
}
