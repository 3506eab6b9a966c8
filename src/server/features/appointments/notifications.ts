import { clinicFormatter } from '../../../shared/display-format';
import { appointmentUrl } from '../../../shared/scheduling';
import type { AppContext } from '../../platform/context';
import type { AppointmentEvent } from '../../platform/events';
import * as accounts from '../accounts/service';
import * as availability from '../availability/service';
import { raise } from '../notifications/service';
import { type AppointmentChange, appointmentMessage, type Reader } from '../notifications/wording';

type Kind = 'created' | 'updated' | 'cancelled';

/** Whether whoever acted is one of the two parties, so the other reads them as the subject. */
function actorRole(event: AppointmentEvent, actorId: string) {
  if (actorId === event.patientId) return 'patient' as const;
  if (actorId === event.practitionerId) return 'practitioner' as const;
  return 'other' as const;
}

/** "Mon 24 Nov, 09:30" in the practitioner's zone, where the appointment takes place. */
export const whenOf = (startsAt: string, timeZone: string) => clinicFormatter(timeZone).weekdayTime(startsAt);

const TITLES: Record<Kind, string> = {
  created: 'Appointment booked',
  updated: 'Appointment changed',
  cancelled: 'Appointment cancelled',
};

/**
 * Tells the patient and the practitioner (and a practitioner it was moved away from) what changed, except
 * whoever made the change. Names, a time and a link only; the appointment's notes stay in it.
 */
async function notify(ctx: AppContext, event: AppointmentEvent, kind: Kind) {
  const [actor, patient, practitioner, timeZone] = await Promise.all([
    accounts.findAccountById(ctx.db, event.actorId),
    accounts.findAccountById(ctx.db, event.patientId),
    accounts.findAccountById(ctx.db, event.practitionerId),
    availability.timeZoneOf(ctx.db, event.practitionerId),
  ]);
  if (!patient || !practitioner) return;
  const facts = {
    patientName: `${patient.firstName} ${patient.lastName}`,
    practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
    actor: actor ? { name: `${actor.firstName} ${actor.lastName}`, is: actorRole(event, actor.id) } : null,
    when: whenOf(event.startsAt, timeZone),
  };
  const common = {
    type: `appointment_${kind}`,
    title: TITLES[kind],
    priority: kind === 'cancelled' ? 'high' : 'medium',
    actionUrl: appointmentUrl(event.appointmentId),
    data: { appointmentId: event.appointmentId, patientId: event.patientId },
  } as const;
  const change = kind === 'updated' ? (event.change as AppointmentChange) : kind;
  const audience: Array<{ userId: string; reader: Reader; change: AppointmentChange }> = [
    { userId: event.patientId, reader: 'patient', change },
    { userId: event.practitionerId, reader: 'practitioner', change },
    ...(event.previousPractitionerId
      ? [
          {
            userId: event.previousPractitionerId,
            reader: 'previous-practitioner' as const,
            change: 'reassigned' as const,
          },
        ]
      : []),
  ];
  await Promise.all(
    audience
      .filter((person) => person.userId !== event.actorId)
      .map((person) =>
        raise(ctx, person.userId, {
          ...common,
          message: appointmentMessage(person.change, person.reader, facts),
        }),
      ),
  );
}

/**
 * Booking, cancelling and changes that matter to both sides notify them. Checking in and completing happen
 * with both in the room, and taking back a no-show is the desk correcting its own mark, so they tell nobody.
 */
export function raiseAppointmentNotifications(ctx: AppContext) {
  ctx.events.subscribe('appointment.created', (event) => notify(ctx, event, 'created'));
  ctx.events.subscribe('appointment.cancelled', (event) => notify(ctx, event, 'cancelled'));
  ctx.events.subscribe('appointment.updated', (event) =>
    event.change === 'checked_in' || event.change === 'completed' || event.change === 'no_show_undone'
      ? undefined
      : notify(ctx, event, 'updated'),
  );
}
