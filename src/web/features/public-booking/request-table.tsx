import { Link } from 'react-router';
import type { PublicBookingRequest, PublicBookingStatus } from '../../../shared/public-booking';
import { formatterFor } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { columnsOf, DataTable } from '../../ui/data-table';
import { whenLabel } from '../appointments';

export const REQUEST_STATUS_LABELS: Record<PublicBookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** The requested time in the viewer's own zone. */
export const requestTimeLabel = (request: Pick<PublicBookingRequest, 'startsAt' | 'endsAt'>) =>
  whenLabel(request);

type RequestTableProps = {
  caption: string;
  requests: PublicBookingRequest[];
  showPractitioner: boolean;
  busyId: string | null;
  onConfirm: (request: PublicBookingRequest) => void;
  onDecline: (request: PublicBookingRequest) => void;
};

const linkClass = 'font-medium text-primary underline underline-offset-4';

/** One row a request: when, who and how to reach them, what for, and what may be done with it. */
export function RequestTable({
  caption,
  requests,
  showPractitioner,
  busyId,
  onConfirm,
  onDecline,
}: RequestTableProps) {
  const columns = columnsOf(
    'Requested time',
    'Name',
    'Contact',
    'Service',
    showPractitioner && 'Practitioner',
    'Reason',
    'Status',
    'Actions',
  );
  return (
    <DataTable caption={caption} columns={columns}>
      {requests.map((request) => {
        const describe = `${request.name}, ${formatterFor().shortDateTime(request.startsAt)}`;
        return (
          <tr key={request.id} className="border-border border-t align-top">
            <th scope="row" className="px-3 py-2 font-normal">
              <time dateTime={request.startsAt}>{requestTimeLabel(request)}</time>
              <p className="text-muted-foreground text-xs">{request.reference}</p>
            </th>
            <td className="px-3 py-2">{request.name}</td>
            <td className="px-3 py-2">
              <a href={`mailto:${request.email}`} className={linkClass}>
                {request.email}
              </a>
              <p>
                <a href={`tel:${request.phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
                  {request.phone}
                </a>
              </p>
            </td>
            <td className="px-3 py-2">{request.serviceName}</td>
            {showPractitioner ? <td className="px-3 py-2">{request.practitionerName}</td> : null}
            <td className="max-w-64 whitespace-pre-line px-3 py-2">{request.reason || '—'}</td>
            <td className="px-3 py-2">
              <Badge
                variant={
                  request.status === 'pending'
                    ? 'default'
                    : request.status === 'confirmed'
                      ? 'secondary'
                      : 'outline'
                }
              >
                {REQUEST_STATUS_LABELS[request.status]}
              </Badge>
              {request.message ? (
                <p className="mt-1 text-muted-foreground text-xs">
                  {request.status === 'cancelled' ? 'Visitor’s reason' : 'Message'}: {request.message}
                </p>
              ) : null}
              {request.decidedByName ? (
                <p className="mt-1 text-muted-foreground text-xs">By {request.decidedByName}</p>
              ) : null}
            </td>
            <td className="px-3 py-2">
              {request.status === 'pending' ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    aria-label={`Confirm: ${describe}`}
                    disabled={busyId === request.id}
                    onClick={() => onConfirm(request)}
                  >
                    Confirm
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Decline: ${describe}`}
                    disabled={busyId === request.id}
                    onClick={() => onDecline(request)}
                  >
                    Decline
                  </Button>
                </div>
              ) : request.status === 'confirmed' && request.patientId ? (
                <div className="flex flex-col gap-1">
                  <Link
                    to={`/clients?patient=${request.patientId}`}
                    className={linkClass}
                    aria-label={`Patient record of ${request.name}`}
                  >
                    Patient record
                  </Link>
                  {request.appointmentId ? (
                    <Link
                      to={`/appointments?appointment=${request.appointmentId}`}
                      className={linkClass}
                      aria-label={`Appointment of ${describe}`}
                    >
                      Appointment
                    </Link>
                  ) : null}
                </div>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
