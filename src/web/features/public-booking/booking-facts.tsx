import type { VisitorBooking } from '../../../shared/public-booking';
import { bookingTimeLabel } from './times';

export const VISITOR_STATUS_LABELS: Record<VisitorBooking['status'], string> = {
  pending: 'Waiting for the practitioner to confirm',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/**
 * The booking's reference, status, service, practitioner and time, as a description list. A rehearsal's status
 * is what a real booking's would be.
 */
export function BookingFacts({
  booking,
  rehearsal = false,
}: {
  booking: VisitorBooking;
  rehearsal?: boolean;
}) {
  const status = VISITOR_STATUS_LABELS[booking.status];
  const facts: [string, string][] = [
    ['Reference', booking.reference],
    rehearsal ? ['A real booking would be', status.toLowerCase()] : ['Status', status],
    ['Service', booking.serviceName],
    ['With', booking.practitionerName],
    ['When', bookingTimeLabel(booking)],
    ['Name', booking.name],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-muted-foreground">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
