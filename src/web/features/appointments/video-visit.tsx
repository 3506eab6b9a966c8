import { Video } from 'lucide-react';
import { Link } from 'react-router';
import type { Appointment } from '../../../shared/scheduling';
import { Badge } from '../../ui/badge';

/** The call's address inside the app, from the absolute join link the appointment carries. */
const pathOf = (joinUrl: string) => {
  try {
    return new URL(joinUrl, window.location.origin).pathname;
  } catch {
    return null;
  }
};

const isOpen = (appointment: Appointment) =>
  appointment.status !== 'cancelled' &&
  appointment.status !== 'completed' &&
  appointment.status !== 'no_show';

/**
 * A video visit's mark and its way in. isVideo and joinUrl come only while the clinic has video visits on,
 * so nothing shows otherwise.
 */
export function VideoVisitMark({
  appointment,
  withJoin = false,
}: {
  appointment: Appointment;
  withJoin?: boolean;
}) {
  if (!appointment.isVideo) return null;
  const path = appointment.joinUrl ? pathOf(appointment.joinUrl) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge variant="secondary">Video visit</Badge>
      {withJoin && path && isOpen(appointment) ? (
        <Link
          to={path}
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          <Video aria-hidden="true" className="size-4" />
          Join video visit
        </Link>
      ) : null}
    </span>
  );
}
