import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '../../shared/messaging';
import type { Notification, NotificationDelivery } from '../../shared/notifications';
import type { PublicBookingStatus } from '../../shared/public-booking';
import type { QuoteStatus } from '../../shared/quotes';
import type { AppointmentStatus } from '../../shared/scheduling';
import type { OrderStatus } from '../../shared/store';

/** Receipts name the messages one recipient confirmed, all sent by the same sender. */
export type MessageReceipt = { senderId: string; recipientId: string; messageIds: string[]; at: string };

/**
 * A change to a recovery note. Ids and flags only: subscribers look up what they need, and no clinical text
 * travels on the bus.
 */
export type RecoveryNoteEvent = {
  noteId: string;
  patientId: string;
  authorId: string;
  actorId: string;
  sharedWithPatient: boolean;
  status: 'draft' | 'signed';
};

/**
 * A change to an appointment: who it concerns, who acted, and what changed. `previousPractitionerId` is set
 * when it moved to another practitioner, whose calendar changes too. No notes travel on the bus.
 */
export type AppointmentEvent = {
  appointmentId: string;
  patientId: string;
  practitionerId: string;
  previousPractitionerId?: string;
  actorId: string;
  status: AppointmentStatus;
  startsAt: string;
  endsAt: string;
  change:
    | 'created'
    | 'rescheduled'
    | 'edited'
    | 'confirmed'
    | 'checked_in'
    | 'completed'
    | 'no_show'
    | 'no_show_undone'
    | 'cancelled';
};

/**
 * A public booking request arrived or changed: whose it is and what happened. No name, contact or reason
 * travels on the bus; subscribers that need them read the request.
 */
export type PublicBookingEvent = {
  requestId: string;
  practitionerId: string;
  /** Null when a visitor acted through their link. */
  actorId: string | null;
  status: PublicBookingStatus;
  change: 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'rescheduled';
};

/** Domain events: a change is published once; notifications, sockets and email subscribe. */
export type DomainEvents = {
  'account.changed': { userId: string; actorId: string; change: 'created' | 'updated' | 'role' };
  'account.deactivated': { userId: string; actorId: string };
  'account.reactivated': { userId: string; actorId: string };
  'message.sent': { message: Message };
  'message.delivered': MessageReceipt;
  'message.read': MessageReceipt;
  'recovery-note.created': RecoveryNoteEvent;
  'recovery-note.signed': RecoveryNoteEvent;
  'recovery-note.amended': RecoveryNoteEvent;
  'recovery-note.shared': RecoveryNoteEvent;
  'recovery-note.unshared': RecoveryNoteEvent;
  'notification.created': { userId: string; notification: Notification; delivery: NotificationDelivery };
  'appointment.created': AppointmentEvent;
  /** Rescheduled, edited, or moved on in its day (confirmed, checked in, completed, no-show). */
  'appointment.updated': AppointmentEvent;
  'appointment.cancelled': AppointmentEvent;
  /** A visitor sent a request (pending, or confirmed at once when the practitioner confirms automatically). */
  'public-booking.requested': PublicBookingEvent;
  /** Confirmed, declined, cancelled or moved by the clinic or through the visitor's link. */
  'public-booking.updated': PublicBookingEvent;
  /** A patient's record was made: by staff or an admin, or by the patient signing up (then they are the actor). */
  'patient.created': { patientId: string; actorId: string };
  /** A donation was made (pending), paid or refunded; userId is the signed-in donor's, null for a visitor. */
  'donation.changed': { donationId: string; userId: string | null; change: 'created' | 'paid' | 'refunded' };
  /**
   * An invoice was made, changed, deleted, sent, paid (in part or in full), refunded, voided or fell overdue.
   * Ids only; subscribers read the invoice under their own rules.
   */
  'invoice.changed': {
    invoiceId: string;
    patientId: string;
    practitionerId: string | null;
    change:
      | 'created'
      | 'updated'
      | 'deleted'
      | 'sent'
      | 'payment'
      | 'paid'
      | 'refunded'
      | 'voided'
      | 'overdue';
  };
  /**
   * A late-cancellation or no-show fee was offered (by the no-show or the cancellation that made it), applied
   * as an invoice, waived, dropped (its appointment changed) or withdrawn (its no-show taken back). Ids only.
   */
  'fee.changed': {
    feeId: string;
    patientId: string;
    practitionerId: string;
    change: 'offered' | 'applied' | 'waived' | 'dropped' | 'withdrawn';
  };
  /** A store order was made (pending), paid, or moved on by an admin. Ids and the status only. */
  'order.changed': { orderId: string; userId: string; status: OrderStatus };
  /** A patient finished their onboarding (again, when they reviewed it): a new patient or changed intake. */
  'onboarding.completed': { patientId: string; kind: 'registered' | 'updated' };
  /** A community event or its registrations changed; userIds are the members whose own registration did. */
  'community-event.changed': { eventId: string; userIds: string[] };
  /** A quote was requested, answered, accepted, declined or expired. Ids and the status only. */
  'quote.changed': { quoteId: string; memberId: string; status: QuoteStatus };
  /** A member saved their profile or an onboarding step, or finished onboarding. */
  'member-profile.changed': { userId: string };
  /** An exercise of the library was made, changed or archived. Its id only. */
  'exercise.changed': { exerciseId: string };
  /**
   * A check-in (an outcome measure) was sent to a patient or answered by them. Ids only: no answers or scores
   * travel on the bus.
   */
  'check-in.changed': {
    /** The check-in sent or answered; null when the patient's schedule changed. */
    checkInId: string | null;
    patientId: string;
    actorId: string | null;
    change: 'requested' | 'completed' | 'schedule';
  };
  /** The Printful connection, a sync or an order's fulfilment at Printful changed; orderId names the order. */
  'printful.changed': { orderId: string | null };
  /** A home exercise programme was assigned or changed, or its patient checked in. Ids only. */
  'exercise-programme.changed': {
    programmeId: string;
    patientId: string;
    change: 'assigned' | 'updated' | 'checked_in';
  };
  /**
   * A video visit's call changed: started, ended, someone admitted or invited, someone came to or left its page,
   * or its appointment was completed from it. Ids only; nothing of the call itself travels.
   */
  'telehealth.changed': {
    appointmentId: string;
    actorId: string;
    change: 'started' | 'ended' | 'admitted' | 'invited' | 'joined' | 'rejoined' | 'left' | 'completed';
    /** The person admitted or invited. */
    userId?: string;
  };
};

export type EventName = keyof DomainEvents;

export class DomainEventBus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly log: FastifyBaseLogger) {}

  publish<E extends EventName>(name: E, payload: DomainEvents[E]) {
    for (const listener of this.emitter.listeners(name)) {
      // A failing subscriber must not undo the change that was already committed.
      Promise.resolve()
        .then(() => (listener as (p: DomainEvents[E]) => unknown)(payload))
        .catch((err) => this.log.error({ err, event: name }, 'event subscriber failed'));
    }
  }

  subscribe<E extends EventName>(name: E, listener: (payload: DomainEvents[E]) => unknown) {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
