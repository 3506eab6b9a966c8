import { clinicFormatter } from '../../../shared/display-format';
import type { AppContext } from '../../platform/context';

type Ctx = Pick<AppContext, 'mailer' | 'config'>;

/** What an email to the visitor says about their booking; never the reason they gave. */
export type BookingFacts = {
  to: string;
  name: string;
  reference: string;
  serviceName: string;
  practitionerName: string;
  startsAt: Date;
  timeZone: string;
  bookingLink: string | null;
  /** The signed link's token; the email is the only place it is written down. */
  manageToken: string | null;
};

/** "Monday 24 November 2026, 09:30 (Europe/London)": where the appointment takes place. */
export function whenIn(startsAt: Date, timeZone: string) {
  return `${clinicFormatter(timeZone).longDateTime(startsAt)} (${timeZone})`;
}

const base = (ctx: Ctx) => ctx.config.appUrl.replace(/\/$/, '');

export function manageUrl(ctx: Ctx, bookingLink: string | null, token: string) {
  return `${base(ctx)}/book/${bookingLink ?? 'manage'}?manage=${encodeURIComponent(token)}`;
}

function manageLine(ctx: Ctx, facts: BookingFacts) {
  if (!facts.manageToken) return '';
  return `\n\nTo cancel or change it, open this link (keep it to yourself; it needs no account):\n${manageUrl(ctx, facts.bookingLink, facts.manageToken)}`;
}

/** A new patient's portal account: chosen a password through the same single-use link staff-made ones get. */
const accountLine = (accountLink: string | null) =>
  accountLink
    ? `\n\nThe clinic has opened a patient portal account for you. Open this link within one hour to choose your password:\n${accountLink}\nIf it has expired, choose "Forgot password" on the sign-in page.`
    : '';

const what = (facts: BookingFacts) =>
  `${facts.serviceName} with ${facts.practitionerName} on ${whenIn(facts.startsAt, facts.timeZone)}`;

function send(ctx: Ctx, facts: BookingFacts, { subject, body }: { subject: string; body: string }) {
  return ctx.mailer.send({
    to: facts.to,
    subject: `${subject} (${facts.reference})`,
    text: `Hello ${facts.name},\n\n${body}\n\nYour reference: ${facts.reference}\n\nClinic Portal`,
  });
}

/** The manage links go out here, straight from the service, and never over the event bus or into a log. */
export const bookingEmails = {
  requested: (ctx: Ctx, facts: BookingFacts) =>
    send(ctx, facts, {
      subject: 'We received your booking request',
      body: `Thank you for your request for ${what(facts)}. The practitioner will confirm it, and we will email you when they do.${manageLine(ctx, facts)}`,
    }),
  booked: (ctx: Ctx, facts: BookingFacts, accountLink: string | null) =>
    send(ctx, facts, {
      subject: 'Your appointment is booked',
      body: `You are booked for ${what(facts)}.${manageLine(ctx, facts)}${accountLine(accountLink)}`,
    }),
  confirmed: (ctx: Ctx, facts: BookingFacts, accountLink: string | null) =>
    send(ctx, facts, {
      subject: 'Your booking is confirmed',
      body: `Your request is confirmed: ${what(facts)}.${manageLine(ctx, facts)}${accountLine(accountLink)}`,
    }),
  declined: (ctx: Ctx, facts: BookingFacts, message: string) =>
    send(ctx, facts, {
      subject: 'Your booking request was declined',
      body: `Your request for ${what(facts)} could not be accepted. The practitioner wrote:\n\n${message}`,
    }),
  cancelled: (ctx: Ctx, facts: BookingFacts) =>
    send(ctx, facts, {
      subject: 'Your booking is cancelled',
      body: `Your booking for ${what(facts)} is cancelled.`,
    }),
  rescheduled: (ctx: Ctx, facts: BookingFacts) =>
    send(ctx, facts, {
      subject: 'Your booking has moved',
      body: `Your booking is now for ${what(facts)}.${manageLine(ctx, facts)}`,
    }),
};

/** The practitioner hears of a new request by email: a reference, a time and where to decide, nothing more. */
export function newRequestEmail(
  ctx: Ctx,
  practitioner: { email: string; firstName: string },
  request: { reference: string; startsAt: Date; timeZone: string },
) {
  return ctx.mailer.send({
    to: practitioner.email,
    subject: 'New online booking request',
    text:
      `Hello ${practitioner.firstName},\n\n` +
      `A visitor asked for ${whenIn(request.startsAt, request.timeZone)} online (${request.reference}). ` +
      `Confirm or decline it here:\n${base(ctx)}/practitioner/public-bookings\n\nClinic Portal`,
  });
}
