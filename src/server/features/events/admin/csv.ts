import { type CsvValue, csvOf } from '../../../../shared/csv';
import { type Attendee, REGISTRATION_STATUS_LABELS } from '../../../../shared/events';
import { decimalFromCents } from '../../../../shared/money';

const COLUMNS = [
  'Name',
  'Email',
  'Status',
  'Waitlist position',
  'Registered at (UTC)',
  'Checked in at (UTC)',
  'Paid',
  'Refunded',
];

/** The attendee list as CSV; every field quoted and made formula-safe, since names come from members. */
export function attendeesCsv(attendees: Attendee[]) {
  const lines: CsvValue[][] = [COLUMNS];
  for (const attendee of attendees)
    lines.push(
      [
        attendee.name,
        attendee.email,
        REGISTRATION_STATUS_LABELS[attendee.status],
        attendee.waitlistPosition,
        attendee.registeredAt,
        attendee.checkedInAt,
        decimalFromCents(attendee.paidCents),
        decimalFromCents(attendee.refundedCents),
      ].map((value) => (value === null ? '' : String(value))),
    );
  return csvOf(lines);
}
