import { CheckCircle2, Mic, MicOff, MonitorUp, NotebookPen, PhoneOff, Video, VideoOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';

function ToggleButton({
  label,
  pressed,
  onClick,
  children,
  disabled,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Button
      variant={pressed ? 'secondary' : 'outline'}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      className="min-w-0"
    >
      {children}
      <span>{label}</span>
    </Button>
  );
}

/**
 * The call's buttons. The switches (mute, camera off, share screen, note) say their state with aria-pressed
 * and keep one name; the host's buttons end the visit or mark the appointment completed.
 */
export function CallControls({
  isMuted,
  isCameraOff,
  isSharing,
  canShare,
  isNoteOpen,
  isHost,
  isCompleted,
  isBusy,
  onMute,
  onCamera,
  onShare,
  onNote,
  onLeave,
  onEnd,
  onComplete,
}: {
  isMuted: boolean;
  isCameraOff: boolean;
  isSharing: boolean;
  canShare: boolean;
  isNoteOpen: boolean;
  isHost: boolean;
  isCompleted: boolean;
  isBusy: boolean;
  onMute: () => void;
  onCamera: () => void;
  onShare: () => void;
  onNote: () => void;
  onLeave: () => void;
  onEnd: () => void;
  onComplete: () => void;
}) {
  return (
    <div role="toolbar" aria-label="Call controls" className="flex flex-wrap items-center gap-2">
      <ToggleButton label="Mute" pressed={isMuted} onClick={onMute}>
        {isMuted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
      </ToggleButton>
      <ToggleButton label="Camera off" pressed={isCameraOff} onClick={onCamera}>
        {isCameraOff ? <VideoOff aria-hidden="true" /> : <Video aria-hidden="true" />}
      </ToggleButton>
      {canShare ? (
        <ToggleButton label="Share screen" pressed={isSharing} onClick={onShare}>
          <MonitorUp aria-hidden="true" />
        </ToggleButton>
      ) : null}
      {isHost ? (
        <ToggleButton label="Open note" pressed={isNoteOpen} onClick={onNote}>
          <NotebookPen aria-hidden="true" />
        </ToggleButton>
      ) : null}
      {isHost ? (
        <Button variant="outline" onClick={onComplete} disabled={isCompleted || isBusy}>
          <CheckCircle2 aria-hidden="true" />
          {isCompleted ? 'Completed' : 'Mark completed'}
        </Button>
      ) : null}
      <Button variant="outline" onClick={onLeave}>
        Leave
      </Button>
      {isHost ? (
        <Button variant="destructive" onClick={onEnd} disabled={isBusy}>
          <PhoneOff aria-hidden="true" />
          End visit
        </Button>
      ) : null}
    </div>
  );
}

/** Connection quality in words (and the figures behind it), never a colour alone. */
export function QualityLabel({
  reading,
}: {
  reading: { quality: string; roundTripMs: number | null; lossPercent: number } | null;
}) {
  if (!reading) return <span className="text-muted-foreground text-sm">Connection: measuring…</span>;
  const figures = [
    reading.roundTripMs === null ? null : `${reading.roundTripMs} ms round trip`,
    `${reading.lossPercent}% packets lost`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <span className="text-sm">
      <span className="font-medium">{`Connection: ${reading.quality}`}</span>
      <span className="text-muted-foreground">{` (${figures})`}</span>
    </span>
  );
}
