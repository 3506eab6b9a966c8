import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import type { TelehealthSession } from '../../../shared/telehealth';
import { cn } from '../../lib/cn';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { refusalOf } from '../../ui/form-dialog';
import { LoadingState } from '../../ui/spinner';
import { useHostAction } from './api';
import { CallControls, QualityLabel } from './call-controls';
import { ChatPanel } from './chat-panel';
import { PeoplePanel } from './people-panel';
import type { useCall } from './use-call';
import type { LocalMedia } from './use-local-media';
import { VideoTile } from './video-tile';

const AppointmentNote = lazy(() =>
  import('../recovery-notes/appointment-note').then((m) => ({ default: m.AppointmentNote })),
);

const canShareScreen = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/**
 * Inside the call: the others' video large, one's own small, the controls under them, and beside them the
 * people, the chat and (for the host, when opened) the visit's recovery note.
 */
export function CallView({
  session,
  myId,
  media,
  call,
  onLeave,
}: {
  session: TelehealthSession;
  myId: string;
  media: LocalMedia;
  call: ReturnType<typeof useCall>;
  onLeave: () => void;
}) {
  const [isNoteOpen, setNoteOpen] = useState(false);
  const host = useHostAction(session.appointmentId);
  const isHost = session.role === 'host';
  const isLive = session.state === 'live';
  const others = session.people.filter(
    (person) => person.userId !== myId && person.present && person.admitted,
  );
  const patient = session.people.find((person) => person.role === 'patient');

  const act = async (action: 'start' | 'end' | 'complete', done: string, fallback: string) => {
    try {
      await host.mutateAsync(action);
      if (action === 'complete') toast.success(done);
      else call.announce([done]);
    } catch (caught) {
      toast.error(refusalOf(caught, fallback).message);
    }
  };

  return (
    <div className="flex flex-col gap-4 xl:flex-row">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <h2 id="call-heading" tabIndex={-1} className="sr-only">
          {`Call with ${others.map((person) => person.name).join(' and ') || (isHost ? patient?.name : 'your practitioner')}`}
        </h2>
        {!isLive ? (
          <Alert className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {session.state === 'ended'
                ? isHost
                  ? 'The visit has ended. Start it again to let the patient back in.'
                  : 'The visit has ended.'
                : isHost
                  ? 'The visit has not started. Start it to let the patient in.'
                  : 'The visit has not started yet.'}
            </span>
            {isHost ? (
              <Button
                onClick={() => act('start', 'The visit has started', 'The visit could not be started.')}
              >
                Start visit
              </Button>
            ) : null}
          </Alert>
        ) : null}
        {call.problem ? (
          <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
            <span>{call.problem}</span>
            <Button size="sm" variant="outline" onClick={call.clearProblem}>
              Dismiss
            </Button>
          </Alert>
        ) : null}
        <div className="relative">
          {others.length === 0 ? (
            <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-muted p-4 text-center text-muted-foreground">
              {isLive
                ? isHost
                  ? `Waiting for ${patient?.name ?? 'the patient'} to join.`
                  : 'Waiting for the others to join.'
                : 'Nobody else is in the call yet.'}
            </div>
          ) : (
            <div className={cn('grid gap-2', others.length > 1 && 'sm:grid-cols-2')}>
              {others.map((person) => {
                const state = call.remoteMedia[person.userId];
                const peer = call.peers.find((view) => view.userId === person.userId);
                return (
                  <VideoTile
                    key={person.userId}
                    stream={peer?.stream ?? null}
                    name={person.name}
                    isMuted={state ? !state.audio : false}
                    isCameraOff={state ? !state.video && !state.screen : false}
                    speakerId={media.speakerId}
                    className="aspect-video w-full"
                  />
                );
              })}
            </div>
          )}
          <VideoTile
            stream={media.preview}
            name="You"
            isOwn
            isMuted={!media.isMicrophoneOn}
            isCameraOff={!media.isCameraOn}
            className="absolute right-2 bottom-2 aspect-video w-28 border-2 border-background shadow-lg sm:w-48"
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <QualityLabel reading={others.length > 0 ? call.quality : null} />
          {call.isSharingScreen ? <span className="text-sm">You are sharing your screen.</span> : null}
        </div>
        <CallControls
          isMuted={!media.isMicrophoneOn}
          isCameraOff={!media.isCameraOn}
          isSharing={call.isSharingScreen}
          canShare={canShareScreen() && isLive}
          isNoteOpen={isNoteOpen}
          isHost={isHost}
          isCompleted={session.appointmentStatus === 'completed'}
          isBusy={host.isPending}
          onMute={() => media.setMicrophoneOn(!media.isMicrophoneOn)}
          onCamera={() => media.setCameraOn(!media.isCameraOn)}
          onShare={() => void call.shareScreen()}
          onNote={() => setNoteOpen((open) => !open)}
          onLeave={onLeave}
          onEnd={() => act('end', 'Call ended', 'The visit could not be ended.')}
          onComplete={() =>
            act('complete', 'The appointment is marked completed', 'The appointment could not be completed.')
          }
        />
      </div>
      <aside aria-label="Call details" className="flex w-full flex-col gap-6 xl:w-96 xl:shrink-0">
        {isHost && isNoteOpen && patient ? (
          <section aria-labelledby="call-note-heading" className="flex flex-col gap-2">
            <h2 id="call-note-heading" className="font-semibold text-base">
              Recovery note
            </h2>
            <Suspense fallback={<LoadingState label="Loading the note…" />}>
              <AppointmentNote patientId={patient.userId} appointmentId={session.appointmentId} />
            </Suspense>
          </section>
        ) : null}
        <PeoplePanel session={session} myId={myId} />
        <ChatPanel lines={call.chat} onSend={call.sendChat} disabled={!call.isInCall} />
      </aside>
    </div>
  );
}
