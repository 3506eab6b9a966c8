import { Video } from 'lucide-react';
import { Link } from 'react-router';
import { telehealthSessionPath, type VideoVisit } from '../../../shared/telehealth';
import { useFormatter } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { buttonVariants } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { useVideoVisitList } from './api';
import { CALL_STATE_LABELS, joinLabelOf, otherPartyOf } from './call-state';

function VisitRow({ visit, role }: { visit: VideoVisit; role: string }) {
  const format = useFormatter();
  const other = otherPartyOf(visit, role);
  const joinLabel = joinLabelOf(visit, role);
  const canJoin = visit.state !== 'ended' || role === 'practitioner';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-medium">{other}</span>
        <span className="text-muted-foreground text-sm">
          <time dateTime={visit.startTime}>{format.weekday(visit.startTime)}</time>
          {', '}
          {format.timeRange(visit.startTime, visit.endTime)}
          {' · '}
          {visit.serviceName}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <Badge variant={visit.state === 'live' ? 'default' : 'outline'}>
          {CALL_STATE_LABELS[visit.state]}
        </Badge>
        {canJoin ? (
          <Link
            to={telehealthSessionPath(visit.appointmentId)}
            aria-label={`${joinLabel}: ${other}, ${format.weekdayTime(visit.startTime)}`}
            className={buttonVariants({
              size: 'sm',
              variant: visit.state === 'live' ? 'default' : 'outline',
            })}
          >
            <Video aria-hidden="true" />
            {joinLabel}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function VisitSection({
  id,
  title,
  visits,
  empty,
  role,
}: {
  id: string;
  title: string;
  visits: VideoVisit[];
  empty: string;
  role: string;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {visits.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="divide-y divide-border">
          {visits.map((visit) => (
            <VisitRow key={visit.appointmentId} visit={visit} role={role} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /telehealth: today's and upcoming video visits in the caller's reach, each with its call's state and a way in.
 * The list asks again every few seconds, so a visit the practitioner starts shows as in progress.
 */
export function TelehealthPage() {
  const user = useUser();
  const list = useVideoVisitList();
  if (list.isError)
    return <LoadError message="Could not load your video visits." retry={() => list.refetch()} />;
  if (!list.data) return <LoadingState label="Loading video visits…" />;
  const today = new Date().toDateString();
  const isToday = (visit: VideoVisit) => new Date(visit.startTime).toDateString() === today;
  const todays = list.data.visits.filter(isToday);
  const upcoming = list.data.visits.filter((visit) => !isToday(visit));
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <VisitSection
        id="video-visits-today"
        title="Today"
        visits={todays}
        empty="No video visits today."
        role={user.role}
      />
      <VisitSection
        id="video-visits-upcoming"
        title="Upcoming"
        visits={upcoming}
        empty="No upcoming video visits in the next two weeks."
        role={user.role}
      />
    </div>
  );
}
