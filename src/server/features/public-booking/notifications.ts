import type { AppContext } from '../../platform/context';
import * as accounts from '../accounts/service';
import * as availability from '../availability/service';
import { newRequestEmail } from './emails';
import * as repository from './repository';

/**
 * A new request reaches its practitioner by email (open lists and the dashboard are told by the socket push
 * in realtime/pushes.ts). None of the notification types fits a request that is not yet an appointment, and
 * the list is fixed; a request confirmed at once raises appointment_created through its appointment.
 */
export function tellPractitionerOfRequests(ctx: AppContext) {
  ctx.events.subscribe('public-booking.requested', async (event) => {
    const [practitioner, row, timeZone] = await Promise.all([
      accounts.findAccountById(ctx.db, event.practitionerId),
      repository.findRequest(ctx.db, event.requestId),
      availability.timeZoneOf(ctx.db, event.practitionerId),
    ]);
    // A request booked at once told them through its appointment's own notification.
    if (!practitioner?.isActive || !row || row.status !== 'pending') return;
    await newRequestEmail(ctx, practitioner, { reference: row.reference, startsAt: row.startsAt, timeZone });
  });
}
