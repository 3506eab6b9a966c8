import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { VisitorBooking } from '../../../shared/public-booking';
import { Card, CardContent } from '../../ui/card';
import { BookingFacts } from './booking-facts';

export const STATUS_HEADLINES = {
  pending: 'Request received — the practitioner will confirm',
  confirmed: 'Booked',
} as const;

export const manageAddress = (booking: Pick<VisitorBooking, 'bookingLink' | 'manageToken'>) =>
  `/book/${encodeURIComponent(booking.bookingLink)}?manage=${encodeURIComponent(booking.manageToken ?? '')}`;

/** What the visitor sees once the booking is sent: where it stands, and the link to change it later. */
export function Confirmation({ booking, rehearsal }: { booking: VisitorBooking; rehearsal: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const headline = rehearsal
    ? 'Rehearsal complete — nothing was stored'
    : booking.status === 'confirmed'
      ? STATUS_HEADLINES.confirmed
      : STATUS_HEADLINES.pending;
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 p-6">
        <CircleCheck aria-hidden="true" className="size-10 text-success" />
        <h2 ref={heading} tabIndex={-1} className="font-semibold text-xl outline-none">
          {headline}
        </h2>
        {rehearsal ? (
          <p>
            Every check a real booking gets was made, and the time was free. No request was stored and no
            email was sent.
          </p>
        ) : (
          <p>
            {booking.status === 'confirmed'
              ? 'Your appointment is booked. We have emailed you the details.'
              : 'We have emailed you a copy. You will hear from the clinic once the practitioner has looked at it.'}
          </p>
        )}
        <BookingFacts booking={booking} rehearsal={rehearsal} />
        {rehearsal ? (
          <Link to="/booking-demo" className="font-medium text-primary underline underline-offset-4">
            Book for real on the demo booking page
          </Link>
        ) : null}
        {!rehearsal && booking.manageToken ? (
          <p>
            Need to change it?{' '}
            <Link
              to={manageAddress(booking)}
              className="font-medium text-primary underline underline-offset-4"
            >
              Cancel or reschedule this booking
            </Link>{' '}
            (the same link is in your email; keep it private).
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
