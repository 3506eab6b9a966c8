import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { TELEHEALTH_PAGE_PATH, type TelehealthSession } from '../../../shared/telehealth';
import { isApiRequestError } from '../../lib/api-error';
import { useFormatter } from '../../lib/format';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { telehealthKeys, useCallSession } from './api';
import { CallView } from './call-view';
import { DeviceCheck } from './device-check';
import { useCall } from './use-call';
import { useLocalMedia } from './use-local-media';
import { VideoTile } from './video-tile';

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

type Phase = 'check' | 'joined' | 'left';

function BackToVisits() {
  return (
    <Link to={TELEHEALTH_PAGE_PATH} className={linkClass}>
      Back to video visits
    </Link>
  );
}

/** Where the call is not open to this person: not theirs (404, as the server answers), or not a video visit. */
function Refusal({ error }: { error: unknown }) {
  const status = isApiRequestError(error) ? error.status : 0;
  return (
    <section aria-labelledby="call-refused" className="flex max-w-xl flex-col gap-3">
      <h2 id="call-refused" className="font-semibold text-lg">
        {status === 404 ? 'Video visit not found' : 'This video visit cannot be opened'}
      </h2>
      <p>
        {status === 404
          ? 'There is no video visit at this address that you are part of. Only the appointment’s patient and practitioner, and staff they invite, can join.'
          : (error as Error).message || 'Please try again.'}
      </p>
      <BackToVisits />
    </section>
  );
}

function CallHeading({ session }: { session: TelehealthSession }) {
  const format = useFormatter();
  const host = session.people.find((person) => person.role === 'host');
  const patient = session.people.find((person) => person.role === 'patient');
  const other = session.role === 'patient' ? host?.name : patient?.name;
  return (
    <p className="text-muted-foreground text-sm">
      {`${session.serviceName}${other ? ` with ${other}` : ''} · `}
      <time dateTime={session.startTime}>{format.weekday(session.startTime)}</time>
      {`, ${format.timeRange(session.startTime, session.endTime)}`}
    </p>
  );
}

function WaitingRoom({
  session,
  media,
  onLeave,
}: {
  session: TelehealthSession;
  media: ReturnType<typeof useLocalMedia>;
  onLeave: () => void;
}) {
  const host = session.people.find((person) => person.role === 'host');
  return (
    <section aria-labelledby="waiting-heading" className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <h2 id="waiting-heading" tabIndex={-1} className="font-semibold text-lg outline-none">
        {`Waiting for ${host?.name ?? 'your practitioner'} to let you in`}
      </h2>
      <p className="text-muted-foreground text-sm">
        {session.state === 'live'
          ? 'They know you are here. Keep this page open.'
          : 'The visit has not started yet. Keep this page open; you will be let in when it starts.'}
      </p>
      <VideoTile
        stream={media.preview}
        name="You"
        isOwn
        isMuted={!media.isMicrophoneOn}
        isCameraOff={!media.isCameraOn}
        className="aspect-video w-full"
      />
      <div>
        <Button variant="outline" onClick={onLeave}>
          Leave
        </Button>
      </div>
    </section>
  );
}

function Ended({ isHost, onRejoin }: { isHost: boolean; onRejoin: () => void }) {
  return (
    <section aria-labelledby="call-ended" className="flex max-w-xl flex-col gap-3">
      <h2 id="call-ended" tabIndex={-1} className="font-semibold text-lg outline-none">
        The visit has ended
      </h2>
      <p className="text-muted-foreground text-sm">Your camera and microphone are off.</p>
      <div className="flex flex-wrap items-center gap-4">
        <BackToVisits />
        {isHost ? (
          <Button variant="outline" onClick={onRejoin}>
            Back to the call
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function Left({ onRejoin }: { onRejoin: () => void }) {
  return (
    <section aria-labelledby="call-left" className="flex max-w-xl flex-col gap-3">
      <h2 id="call-left" tabIndex={-1} className="font-semibold text-lg outline-none">
        You left the visit
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <Button onClick={onRejoin}>Rejoin</Button>
        <BackToVisits />
      </div>
    </section>
  );
}

/**
 * /telehealth-session/{appointmentId}: the device check, then the waiting room (a patient or guest until the
 * practitioner lets them in) or the call, and at the end a way back. Camera and microphone are on only while
 * the person is here and the visit has not ended.
 */
export function CallPage() {
  const { appointmentId = '' } = useParams();
  const user = useUser();
  const queryClient = useQueryClient();
  const session = useCallSession(appointmentId);
  const [phase, setPhase] = useState<Phase>('check');
  const [sawEnd, setSawEnd] = useState(false);
  const wasLive = useRef(false);
  const data = session.data;
  if (data?.state === 'live') wasLive.current = true;
  const hasEnded = phase === 'joined' && data?.state === 'ended' && (wasLive.current || data.role !== 'host');
  useEffect(() => {
    if (hasEnded) setSawEnd(true);
  }, [hasEnded]);
  const showEnded = sawEnd && phase === 'joined';
  const media = useLocalMedia(data !== undefined && phase !== 'left' && !showEnded);
  const call = useCall({ appointmentId, session: data, media, isJoined: phase === 'joined' && !showEnded });

  const isWaiting =
    phase === 'joined' && !showEnded && data !== undefined && data.role !== 'host' && !call.me?.admitted;
  const hostName = data?.people.find((person) => person.role === 'host')?.name ?? 'your practitioner';
  const { announce } = call;
  useEffect(() => {
    if (isWaiting) announce([`Waiting for ${hostName} to let you in`]);
  }, [isWaiting, hostName, announce]);

  const rejoin = () => {
    wasLive.current = false;
    setSawEnd(false);
    setPhase('check');
    void queryClient.invalidateQueries({ queryKey: telehealthKeys.session(appointmentId) });
  };

  // Each step of the call takes the focus to its heading, so a keyboard or screen reader is not left on a
  // button that went away (Join, Leave).
  const view = session.isError
    ? null
    : !data
      ? null
      : showEnded
        ? 'call-ended'
        : phase === 'left'
          ? 'call-left'
          : phase === 'check'
            ? null
            : isWaiting
              ? 'waiting-heading'
              : 'call-heading';
  useEffect(() => {
    if (view) document.getElementById(view)?.focus();
  }, [view]);

  let body: ReactNode;
  if (session.isError) body = <Refusal error={session.error} />;
  else if (!data) body = <LoadingState label="Loading the video visit…" />;
  else if (showEnded) body = <Ended isHost={data.role === 'host'} onRejoin={rejoin} />;
  else if (phase === 'left') body = <Left onRejoin={rejoin} />;
  else if (phase === 'check')
    body = <DeviceCheck media={media} joinLabel="Join" onJoin={() => setPhase('joined')} />;
  else if (isWaiting) body = <WaitingRoom session={data} media={media} onLeave={() => setPhase('left')} />;
  else
    body = (
      <CallView session={data} myId={user.id} media={media} call={call} onLeave={() => setPhase('left')} />
    );

  return (
    <div className="flex flex-col gap-4">
      {data ? <CallHeading session={data} /> : null}
      {/* Polite: who joined, muted or left, and where the call stands, read out without taking focus. */}
      <div role="status" aria-live="polite" className="sr-only">
        {call.announcement}
      </div>
      {body}
    </div>
  );
}
