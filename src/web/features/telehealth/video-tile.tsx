import { MicOff, VideoOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';

type SinkableVideo = HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> };

/**
 * One person's video in the call: theirs large, one's own small and mirrored (and silent). Their muted
 * microphone and turned-off camera show as words on the tile, not as an icon or a colour alone.
 */
export function VideoTile({
  stream,
  name,
  isOwn = false,
  isMuted = false,
  isCameraOff = false,
  speakerId = '',
  className,
}: {
  stream: MediaStream | null;
  name: string;
  isOwn?: boolean;
  isMuted?: boolean;
  isCameraOff?: boolean;
  speakerId?: string;
  className?: string;
}) {
  const ref = useRef<SinkableVideo>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (stream)
      void Promise.resolve()
        .then(() => video.play())
        .catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    const video = ref.current;
    if (!video || isOwn || !speakerId || typeof video.setSinkId !== 'function') return;
    void video.setSinkId(speakerId).catch(() => undefined);
  }, [speakerId, isOwn]);
  return (
    <figure
      className={cn('relative overflow-hidden rounded-lg bg-neutral-900 text-white', className)}
      aria-label={isOwn ? `Your video` : `${name}'s video`}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={isOwn}
        className={cn('size-full object-cover', isOwn && '-scale-x-100', isCameraOff && 'invisible')}
      />
      {isCameraOff ? (
        // The caption says "Camera off"; the picture's place shows whose tile it is.
        <div
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center p-2 text-center font-medium text-lg"
        >
          {isOwn ? 'You' : name}
        </div>
      ) : null}
      <figcaption className="absolute bottom-2 left-2 flex flex-wrap items-center gap-1.5 rounded bg-black/70 px-2 py-1 text-xs">
        <span className="font-medium">{isOwn ? 'You' : name}</span>
        {isMuted ? (
          <span className="inline-flex items-center gap-1">
            <MicOff aria-hidden="true" className="size-3" />
            Muted
          </span>
        ) : null}
        {isCameraOff ? (
          <span className="inline-flex items-center gap-1">
            <VideoOff aria-hidden="true" className="size-3" />
            Camera off
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
