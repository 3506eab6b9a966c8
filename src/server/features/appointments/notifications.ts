import { appointmentUrl } from '../../../shared/scheduling';
import type { AppContext } from '../../platform/context';
import type { AppointmentEvent } from '../../platform/events';
import * as accounts from '../accounts/service';
import * as availability from '../availability/service';
import { raise } from '../notifications/service';

type Kind = 'created' | 'updated' | 'cancelled';

/** "Mon 24 Nov, 09:30" in the practitioner's zone, where the appointment takes place. */
export function whenOf(startsAt: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(startsAt));
}

const TITLES: Record<Kind, string> = {
  created: 'Appointment booked',
  updated: 'Appointment changed',
  cancelled: 'Appointment cancelled',
};

function messageOf(
  kind: Kind,
  event: AppointmentEvent,
  { actorName, withWhom, when }: { actorName: string; withWhom: string; when: string },
) {
  if (kind === 'created') return `${actorName} booked an appointment ${withWhom} on ${when}`;
  if (kind === 'cancelled') return `${actorName} cancelled the appointment ${withWhom} on ${when}`;
  const what = {
    rescheduled: `moved the appointment ${withWhom} to ${when}`,
    edited: `changed the details of the appointment ${withWhom} on ${when}`,
    confirmed: `confirmed the appointment ${withWhom} on ${when}`,
    no_show: `recorded a missed appointment ${withWhom} on ${when}`,
  }[event.change as 'rescheduled' | 'edited' | 'confirmed' | 'no_show'];
  return `${actorName} ${what}`;
}

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
  const actorName = actor ? `${actor.firstName} ${actor.lastName}` : 'The clinic';
  const when = whenOf(event.startsAt, timeZone);
  const common = {
    type: `appointment_${kind}`,
    title: TITLES[kind],
    priority: kind === 'cancelled' ? 'high' : 'medium',
    actionUrl: appointmentUrl(event.appointmentId),
    data: { appointmentId: event.appointmentId, patientId: event.patientId },
  } as const;
  const audience = [
    { userId: event.patientId, withWhom: `with ${practitioner.firstName} ${practitioner.lastName}` },
    { userId: event.practitionerId, withWhom: `for ${patient.firstName} ${patient.lastName}` },
    ...(event.previousPractitionerId
      ? [{ userId: event.previousPractitionerId, withWhom: `for ${patient.firstName} ${patient.lastName}` }]
      : []),
  ].filter((person) => person.userId !== event.actorId);
  await Promise.all(
    audience.map((person) =>
      raise(ctx, person.userId, {
        ...common,
        message: messageOf(kind, event, { actorName, withWhom: person.withWhom, when }),
      }),
    ),
  );
}

/**
 * Booking, cancelling and changes that matter to both sides notify them. Checking in and completing happen
 * with both in the room, so they tell nobody.
 */
export function raiseAppointmentNotifications(ctx: AppContext) {
  ctx.events.subscribe('appointment.created', (event) => notify(ctx, event, 'created'));
  ctx.events.subscribe('appointment.cancelled', (event) => notify(ctx, event, 'cancelled'));
  ctx.events.subscribe('appointment.updated', (event) =>
    event.change === 'checked_in' || event.change === 'completed' ? undefined : notify(ctx, event, 'updated'),
  );
}
