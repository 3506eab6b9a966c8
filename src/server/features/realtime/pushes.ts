import { ACCOUNTS_CHANGED } from '../../../shared/admin';
import type { InvoicesChangedEvent } from '../../../shared/billing';
import type { FeesChangedEvent } from '../../../shared/billing-fees';
import type { CheckInsChangedEvent } from '../../../shared/check-ins';
import { DASHBOARD_CHANGED } from '../../../shared/dashboard';
import { DONATIONS_CHANGED } from '../../../shared/donations';
import type { EventsChangedEvent } from '../../../shared/events';
import type { ExerciseLibraryChangedEvent } from '../../../shared/exercise-library';
import { EXERCISES_CHANGED, type ExercisesChangedEvent } from '../../../shared/exercise-programmes';
import type { MemberProfileChangedEvent } from '../../../shared/member-profile';
import type { ServerMessagingEvent } from '../../../shared/messaging';
import type { NotificationSocketEvent } from '../../../shared/notifications';
import type { PrintfulChangedEvent } from '../../../shared/printful';
import { PUBLIC_BOOKINGS_CHANGED } from '../../../shared/public-booking';
import type { QuotesChangedEvent } from '../../../shared/quotes';
import { APPOINTMENTS_CHANGED, type AppointmentsChangedEvent } from '../../../shared/scheduling';
import type { OrdersChangedEvent } from '../../../shared/store-orders';
import type { ServerCallEvent } from '../../../shared/telehealth';
import type { AppContext } from '../../platform/context';
import type {
  AppointmentEvent,
  MessageReceipt,
  PublicBookingEvent,
  RecoveryNoteEvent,
} from '../../platform/events';
import * as accounts from '../accounts/service';
import * as careTeam from '../care-team/service';
import { touchesClinicDay } from '../dashboard/service';
import * as telehealth from '../telehealth/service';

/** Sends one payload to one person's sockets on a channel, on whichever instance holds them. */
type Push = (userId: string, channel: string, payload: unknown) => Promise<unknown> | unknown;

/** Every active staff member and admin: the people whose screens show the whole clinic. */
async function clinicTeamIds(ctx: AppContext) {
  const [staff, admins] = await Promise.all([
    accounts.listActiveAccountsWithRole(ctx.db, 'staff'),
    accounts.listActiveAccountsWithRole(ctx.db, 'admin'),
  ]);
  return [...staff, ...admins].map((person) => person.id);
}

/**
 * Domain events become socket pushes here and nowhere else. The hub hands each push to the bus, so it
 * reaches the person's sockets on whichever instance holds them. Sockets are closed by the end of their
 * session, not here (platform/realtime/hub.ts).
 */
export function pushDomainEvents(ctx: AppContext) {
  const push = (userId: string, channel: string, payload: unknown) =>
    ctx.hub.send({ userId, channel, payload });

  // Admin lists and the overview stay live: any change to an account, and a new patient from anywhere, tells
  // every admin to ask again.
  const tellAdmins = async () => {
    const admins = await accounts.listActiveAccountsWithRole(ctx.db, 'admin');
    await Promise.all(admins.map((admin) => push(admin.id, 'notifications', ACCOUNTS_CHANGED)));
  };
  ctx.events.subscribe('account.changed', tellAdmins);
  ctx.events.subscribe('account.deactivated', tellAdmins);
  ctx.events.subscribe('account.reactivated', tellAdmins);
  ctx.events.subscribe('patient.created', tellAdmins);

  // The sender's own sockets get the stored message too: other tabs show it, and a socket that sent it
  // learns its id. Browsers tell their own echo apart by the id.
  ctx.events.subscribe('message.sent', async ({ message }) => {
    const event: ServerMessagingEvent = {
      type: 'new_message',
      from: message.senderId,
      to: message.recipientId,
      data: message,
    };
    await Promise.all([
      push(message.recipientId, 'messaging', event),
      push(message.senderId, 'messaging', event),
    ]);
  });

  const receipt = (type: 'message_delivered' | 'message_read') => (event: MessageReceipt) =>
    push(event.senderId, 'messaging', {
      type,
      from: event.recipientId,
      to: event.senderId,
      data: { messageIds: event.messageIds, at: event.at },
    } satisfies ServerMessagingEvent);
  ctx.events.subscribe('message.delivered', receipt('message_delivered'));
  ctx.events.subscribe('message.read', receipt('message_read'));

  ctx.events.subscribe('notification.created', ({ userId, notification, delivery }) =>
    push(userId, 'notifications', {
      type: 'notification',
      data: notification,
      delivery,
    } satisfies NotificationSocketEvent),
  );

  pushDashboardChanges(ctx, push);
  pushAppointmentChanges(ctx, push);
  pushPublicBookingChanges(ctx, push);
  pushDonationChanges(ctx, push);
  pushInvoiceChanges(ctx, push);
  pushFeeChanges(ctx, push);
  pushExerciseLibraryChanges(ctx, push);
  pushCommunityEventChanges(ctx, push);
  pushOrderChanges(ctx, push);
  pushQuoteChanges(ctx, push);
  pushMemberProfileChanges(ctx, push);
  pushPrintfulChanges(ctx, push);
  pushCheckInChanges(ctx, push);
  pushExerciseProgrammeChanges(ctx, push);
  pushCallChanges(ctx, push);
}

/**
 * Open calendars and appointment lists stay live: the patient, the practitioner (and one it moved away
 * from) and every staff member and admin, whose calendars show the whole clinic, get a bare
 * 'appointments_changed' naming the appointment, and ask again under their own access rules.
 */
function pushAppointmentChanges(ctx: AppContext, push: Push) {
  const changed = async (event: AppointmentEvent) => {
    const clinic = await clinicTeamIds(ctx);
    const payload: AppointmentsChangedEvent = {
      type: APPOINTMENTS_CHANGED,
      appointmentId: event.appointmentId,
    };
    const people = new Set([event.patientId, event.practitionerId, ...clinic]);
    if (event.previousPractitionerId) people.add(event.previousPractitionerId);
    await Promise.all([...people].map((userId) => push(userId, 'notifications', payload)));
  };
  ctx.events.subscribe('appointment.created', changed);
  ctx.events.subscribe('appointment.updated', changed);
  ctx.events.subscribe('appointment.cancelled', changed);
}

/**
 * Open dashboards stay live: whoever's dashboard a change touches gets a bare 'dashboard_changed' on the
 * notifications socket every signed-in browser already holds, and asks for its dashboard again. The push
 * names nothing, so the dashboard's own access rules decide what is shown. Staff and admins share the
 * clinic-wide figures, so clinic-wide changes reach all of them.
 */
function pushDashboardChanges(ctx: AppContext, push: Push) {
  const tell = (userIds: Iterable<string>) =>
    Promise.all([...new Set(userIds)].map((userId) => push(userId, 'notifications', DASHBOARD_CHANGED)));

  // Unread messages: the recipient's count goes up on a new message and down when they read it elsewhere.
  ctx.events.subscribe('message.sent', ({ message }) => tell([message.recipientId]));
  ctx.events.subscribe('message.read', ({ recipientId }) => tell([recipientId]));
  // Unread notifications (patient), and everything announced by one: shared notes, onboarding completed.
  ctx.events.subscribe('notification.created', ({ userId }) => tell([userId]));
  // Notes: the patient's shared notes and progress, the author's drafts, the care team's recent notes, and
  // for a signature the clinic's count of notes signed this week.
  const noteChanged = (signed: boolean) => async (event: RecoveryNoteEvent) =>
    tell([
      event.patientId,
      event.authorId,
      ...(await careTeam.practitionersOf(ctx.db, event.patientId)),
      ...(signed ? await clinicTeamIds(ctx) : []),
    ]);
  ctx.events.subscribe('recovery-note.created', noteChanged(false));
  ctx.events.subscribe('recovery-note.signed', noteChanged(true));
  ctx.events.subscribe('recovery-note.amended', noteChanged(false));
  ctx.events.subscribe('recovery-note.shared', noteChanged(false));
  ctx.events.subscribe('recovery-note.unshared', noteChanged(false));
  // New and active patients on the clinic dashboard, whether staff added the patient or they signed up.
  ctx.events.subscribe('patient.created', async () => tell(await clinicTeamIds(ctx)));
  // The patient's own onboarding progress (their other tabs); a new patient also raises a notification.
  ctx.events.subscribe('onboarding.completed', ({ patientId }) => tell([patientId]));
  // Appointments: the patient's next appointment always; the practitioner's sessions and the clinic's
  // schedule only show today, so they are told when the appointment touches today or was moved (a move may
  // have taken it off today, and the old time is not on the event).
  const appointmentChanged = async (event: AppointmentEvent) => {
    const today = event.change === 'rescheduled' || touchesClinicDay(event.startsAt, event.endsAt);
    await tell([
      event.patientId,
      ...(today
        ? [
            event.practitionerId,
            ...(event.previousPractitionerId ? [event.previousPractitionerId] : []),
            ...(await clinicTeamIds(ctx)),
          ]
        : []),
    ]);
  };
  ctx.events.subscribe('appointment.created', appointmentChanged);
  ctx.events.subscribe('appointment.updated', appointmentChanged);
  ctx.events.subscribe('appointment.cancelled', appointmentChanged);
}

/**
 * Open request lists stay live: the request's practitioner and every staff member and admin get a bare
 * 'public_bookings_changed' and ask again under their own access rules; the practitioner's dashboard counts
 * the pending ones, so it is told too.
 */
function pushPublicBookingChanges(ctx: AppContext, push: Push) {
  const changed = async (event: PublicBookingEvent) => {
    const clinic = await clinicTeamIds(ctx);
    const people = new Set([event.practitionerId, ...clinic]);
    await Promise.all([
      ...[...people].map((userId) => push(userId, 'notifications', PUBLIC_BOOKINGS_CHANGED)),
      push(event.practitionerId, 'notifications', DASHBOARD_CHANGED),
    ]);
  };
  ctx.events.subscribe('public-booking.requested', changed);
  ctx.events.subscribe('public-booking.updated', changed);
}

/** Donation lists stay live: every admin (the clinic's list) and the donor (their own) hear of a change. */
function pushDonationChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('donation.changed', async (event) => {
    const admins = (await accounts.listActiveAccountsWithRole(ctx.db, 'admin')).map((person) => person.id);
    const people = new Set([...admins, ...(event.userId ? [event.userId] : [])]);
    await Promise.all([
      ...[...people].map((userId) => push(userId, 'notifications', DONATIONS_CHANGED)),
      // The donor's member dashboard shows their gifts.
      ...(event.userId ? [push(event.userId, 'notifications', DASHBOARD_CHANGED)] : []),
    ]);
  });
}

/**
 * Invoice lists stay live: the patient, the invoice's practitioner and every staff member and admin get a bare
 * 'invoices_changed' naming the invoice and ask again under their own access rules (a patient's list never
 * shows a draft). The patient's balance and the clinic's billing figures are on their dashboards, so they are
 * told too.
 */
function pushInvoiceChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('invoice.changed', async (event) => {
    const clinic = await clinicTeamIds(ctx);
    const payload: InvoicesChangedEvent = { type: 'invoices_changed', invoiceId: event.invoiceId };
    const people = new Set([event.patientId, ...clinic]);
    if (event.practitionerId) people.add(event.practitionerId);
    await Promise.all([
      ...[...people].map((userId) => push(userId, 'notifications', payload)),
      ...[...new Set([event.patientId, ...clinic])].map((userId) =>
        push(userId, 'notifications', DASHBOARD_CHANGED),
      ),
    ]);
  });
}

/**
 * Fee lists stay live (Billing's "Fees to decide", an appointment's fee): the session's practitioner and every
 * staff member and admin get a bare 'fees_changed' naming the fee and ask again under their own access rules.
 * Patients do not list fees; an applied fee reaches them as its invoice.
 */
function pushFeeChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('fee.changed', async (event) => {
    const clinic = await clinicTeamIds(ctx);
    const payload: FeesChangedEvent = { type: 'fees_changed', feeId: event.feeId };
    await Promise.all(
      [...new Set([event.practitionerId, ...clinic])].map((userId) => push(userId, 'notifications', payload)),
    );
  });
}

/**
 * The exercise library stays live: everyone who reads it (practitioners, staff, admins) gets a bare
 * 'exercise_library_changed' naming the exercise and asks again.
 */
function pushExerciseLibraryChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('exercise.changed', async (event) => {
    const [clinic, practitioners] = await Promise.all([
      clinicTeamIds(ctx),
      accounts.listActiveAccountsWithRole(ctx.db, 'practitioner'),
    ]);
    const payload: ExerciseLibraryChangedEvent = {
      type: 'exercise_library_changed',
      exerciseId: event.exerciseId,
    };
    await Promise.all(
      [...clinic, ...practitioners.map((person) => person.id)].map((userId) =>
        push(userId, 'notifications', payload),
      ),
    );
  });
}

/**
 * Event screens stay live: every admin (the attendee lists) and the members whose registration changed get a
 * bare 'events_changed' naming the event and ask again; those members' dashboards list their registrations.
 */
function pushCommunityEventChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('community-event.changed', async (event) => {
    const admins = (await accounts.listActiveAccountsWithRole(ctx.db, 'admin')).map((person) => person.id);
    const payload: EventsChangedEvent = { type: 'events_changed', eventId: event.eventId };
    await Promise.all([
      ...[...new Set([...admins, ...event.userIds])].map((userId) => push(userId, 'notifications', payload)),
      ...[...new Set(event.userIds)].map((userId) => push(userId, 'notifications', DASHBOARD_CHANGED)),
    ]);
  });
}

/**
 * Order screens stay live: the buyer (their own orders) and every admin (the clinic's list) get a bare
 * 'orders_changed' naming the order and ask again under their own access rules.
 */
function pushOrderChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('order.changed', async (event) => {
    const admins = (await accounts.listActiveAccountsWithRole(ctx.db, 'admin')).map((person) => person.id);
    const payload: OrdersChangedEvent = { type: 'orders_changed', orderId: event.orderId };
    await Promise.all(
      [...new Set([event.userId, ...admins])].map((userId) => push(userId, 'notifications', payload)),
    );
  });
}

/**
 * Quote screens stay live: the member whose quote it is and every admin get a bare 'quotes_changed' naming
 * the quote and ask again under their own access rules; the member's dashboard (open quotes) refreshes too.
 */
function pushQuoteChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('quote.changed', async (event) => {
    const admins = (await accounts.listActiveAccountsWithRole(ctx.db, 'admin')).map((person) => person.id);
    const payload: QuotesChangedEvent = { type: 'quotes_changed', quoteId: event.quoteId };
    await Promise.all([
      ...[...new Set([event.memberId, ...admins])].map((userId) => push(userId, 'notifications', payload)),
      push(event.memberId, 'notifications', DASHBOARD_CHANGED),
    ]);
  });
}

/** The member's other tabs follow their profile and onboarding, and their dashboard's onboarding card too. */
function pushMemberProfileChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('member-profile.changed', async (event) => {
    const payload: MemberProfileChangedEvent = { type: 'member_profile_changed' };
    await Promise.all([
      push(event.userId, 'notifications', payload),
      push(event.userId, 'notifications', DASHBOARD_CHANGED),
    ]);
  });
}

/** The Print on Demand page stays live: every admin hears that the connection, a sync or a fulfilment changed. */
function pushPrintfulChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('printful.changed', async () => {
    const admins = await accounts.listActiveAccountsWithRole(ctx.db, 'admin');
    const payload: PrintfulChangedEvent = { type: 'printful_changed' };
    await Promise.all(admins.map((admin) => push(admin.id, 'notifications', payload)));
  });
}

/**
 * Check-in lists, the patient's dashboard card and the recovery chart stay live: the patient, their care team
 * and every staff member and admin get a bare 'check_ins_changed' naming the patient and ask again under their
 * own access rules; the patient's dashboard asks again too.
 */
function pushCheckInChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('check-in.changed', async (event) => {
    const [clinic, practitioners] = await Promise.all([
      clinicTeamIds(ctx),
      careTeam.practitionersOf(ctx.db, event.patientId),
    ]);
    const payload: CheckInsChangedEvent = { type: 'check_ins_changed', patientId: event.patientId };
    const people = new Set([event.patientId, ...practitioners, ...clinic]);
    if (event.actorId) people.add(event.actorId);
    await Promise.all([
      ...[...people].map((userId) => push(userId, 'notifications', payload)),
      push(event.patientId, 'notifications', DASHBOARD_CHANGED),
    ]);
  });
}

/**
 * Exercise screens stay live: the patient (their other tabs, their dashboard card) and the practitioners of
 * their care team (the open panel, the worsening list on their dashboard) get a bare 'exercises_changed'
 * naming the programme, and ask again under their own access rules.
 */
function pushExerciseProgrammeChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('exercise-programme.changed', async (event) => {
    const payload: ExercisesChangedEvent = {
      type: EXERCISES_CHANGED,
      patientId: event.patientId,
      programmeId: event.programmeId,
    };
    const people = new Set([event.patientId, ...(await careTeam.practitionersOf(ctx.db, event.patientId))]);
    await Promise.all([...people].map((userId) => push(userId, 'notifications', payload)));
  });
}

/**
 * A video visit's call stays live on every page of it: after any change (started, ended, someone admitted,
 * invited, come or gone) each of its people gets the state as they see it (their own part, their own TURN
 * logins) on their telehealth sockets.
 */
function pushCallChanges(ctx: AppContext, push: Push) {
  ctx.events.subscribe('telehealth.changed', async ({ appointmentId }) => {
    const sessions = await telehealth.sessionsForPush(ctx, appointmentId);
    await Promise.all(
      sessions.map(({ userId, session }) =>
        push(userId, 'telehealth', { type: 'state', appointmentId, session } satisfies ServerCallEvent),
      ),
    );
  });
}
