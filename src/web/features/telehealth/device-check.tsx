import { Video } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Select } from '../../ui/select';
import { canChooseSpeaker, watchAudioLevel } from './local-media';
import type { LocalMedia } from './use-local-media';
import { VideoTile } from './video-tile';

function DeviceSelect({
  label,
  value,
  devices,
  onChange,
  fallback,
}: {
  label: string;
  value: string;
  devices: MediaDeviceInfo[];
  onChange: (id: string) => void;
  fallback: string;
}) {
  return (
    <FormField label={label}>
      <Select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={devices.length === 0}
      >
        {devices.length === 0 ? <option value="">{fallback}</option> : null}
        {devices.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `${label} ${index + 1}`}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** The microphone's level as a meter a screen reader can read; it moves while the person speaks. */
function MicrophoneLevel({ track }: { track: MediaStreamTrack | null }) {
  const [level, setLevel] = useState(0);
  useEffect(() => (track ? watchAudioLevel(track, setLevel) : undefined), [track]);
  const percent = Math.round(level * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <span id="microphone-level-label" className="font-medium text-sm">
        Microphone level
      </span>
      <meter
        aria-labelledby="microphone-level-label"
        min={0}
        max={100}
        value={percent}
        className="h-2 w-full"
      >{`${percent}%`}</meter>
      <p className="text-muted-foreground text-xs">Say something: the bar should move.</p>
    </div>
  );
}

function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
        {hint ? (
          <span id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Before joining: which camera, microphone and speaker, a live preview, the microphone's level, and whether to
 * join muted, with the camera off or with the video blurred.
 */
export function DeviceCheck({
  media,
  joinLabel,
  onJoin,
}: {
  media: LocalMedia;
  joinLabel: string;
  onJoin: () => void;
}) {
  return (
    <section aria-labelledby="device-check-heading" className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="device-check-heading" className="font-semibold text-lg">
          Check your camera and microphone
        </h2>
        <p className="text-muted-foreground text-sm">
          Nothing of the call is recorded. Your video goes straight to the other person.
        </p>
      </div>
      {media.error ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{media.error}</span>
          <Button size="sm" variant="outline" onClick={media.retry}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <VideoTile
          stream={media.preview}
          name="You"
          isOwn
          isMuted={!media.isMicrophoneOn}
          isCameraOff={!media.isCameraOn}
          className="aspect-video w-full"
        />
        <div className="flex flex-col gap-3">
          <DeviceSelect
            label="Camera"
            value={media.cameraId}
            devices={media.devices.cameras}
            onChange={media.chooseCamera}
            fallback="No camera found"
          />
          <DeviceSelect
            label="Microphone"
            value={media.microphoneId}
            devices={media.devices.microphones}
            onChange={media.chooseMicrophone}
            fallback="No microphone found"
          />
          {canChooseSpeaker() ? (
            <DeviceSelect
              label="Speaker"
              value={media.speakerId}
              devices={media.devices.speakers}
              onChange={media.chooseSpeaker}
              fallback="The system's speaker"
            />
          ) : null}
          <MicrophoneLevel track={media.audioTrack} />
        </div>
      </div>
      <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
        <legend className="px-1 font-medium text-sm">When I join</legend>
        <Toggle
          label="Start with my microphone muted"
          checked={!media.isMicrophoneOn}
          onChange={(muted) => media.setMicrophoneOn(!muted)}
        />
        <Toggle
          label="Start with my camera off"
          checked={!media.isCameraOn}
          onChange={(off) => media.setCameraOn(!off)}
        />
        <Toggle
          label="Blur my video"
          hint="Blurs your whole picture, you included, not only the background."
          checked={media.isBlurred}
          onChange={media.setBlurred}
        />
      </fieldset>
      <div>
        <Button onClick={onJoin} size="lg">
          <Video aria-hidden="true" />
          {joinLabel}
        </Button>
      </div>
    </section>
  );
}
