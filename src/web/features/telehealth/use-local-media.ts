import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  blurVideo,
  type DeviceLists,
  listDevices,
  mediaErrorMessage,
  NO_DEVICES,
  openCameraAndMicrophone,
  stopStream,
} from './local-media';

export type LocalMedia = {
  /** The camera and microphone as opened (the preview shows this). */
  stream: MediaStream | null;
  /** What the others will see (the blurred copy when blurred), for one's own small tile. */
  preview: MediaStream | null;
  /** The video to send: the camera, or its blurred copy. */
  videoTrack: MediaStreamTrack | null;
  audioTrack: MediaStreamTrack | null;
  devices: DeviceLists;
  cameraId: string;
  microphoneId: string;
  speakerId: string;
  chooseCamera: (id: string) => void;
  chooseMicrophone: (id: string) => void;
  chooseSpeaker: (id: string) => void;
  isMicrophoneOn: boolean;
  isCameraOn: boolean;
  isBlurred: boolean;
  setMicrophoneOn: (on: boolean) => void;
  setCameraOn: (on: boolean) => void;
  setBlurred: (on: boolean) => void;
  error: string | null;
  retry: () => void;
  /** Stops every track: the camera light goes off. */
  stop: () => void;
};

/** The person's own camera and microphone for the call, opened while `isWanted` and stopped after. */
export function useLocalMedia(isWanted: boolean): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<DeviceLists>(NO_DEVICES);
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [speakerId, setSpeakerId] = useState('');
  const [isMicrophoneOn, setMicrophoneOn] = useState(true);
  const [isCameraOn, setCameraOn] = useState(true);
  const [isBlurred, setBlurred] = useState(false);
  const [blurred, setBlurredTrack] = useState<MediaStreamTrack | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!isWanted || !navigator.mediaDevices?.getUserMedia) {
      if (isWanted) setError('This browser cannot make video calls. Please use a current browser.');
      return;
    }
    let isCurrent = true;
    void attempt;
    openCameraAndMicrophone({ cameraId, microphoneId })
      .then(async (opened) => {
        if (!isCurrent) return stopStream(opened);
        stopStream(streamRef.current);
        streamRef.current = opened;
        setStream(opened);
        setError(null);
        setDevices(await listDevices());
      })
      .catch((caught) => {
        if (isCurrent) setError(mediaErrorMessage(caught));
      });
    return () => {
      isCurrent = false;
    };
  }, [isWanted, cameraId, microphoneId, attempt]);

  // Stopped when no longer wanted, and when the page goes.
  useEffect(() => {
    if (isWanted) return;
    stopStream(streamRef.current);
    streamRef.current = null;
    setStream(null);
  }, [isWanted]);
  useEffect(() => () => stopStream(streamRef.current), []);

  const cameraTrack = stream?.getVideoTracks()[0] ?? null;
  const audioTrack = stream?.getAudioTracks()[0] ?? null;

  useEffect(() => {
    if (!isBlurred || !cameraTrack) {
      setBlurredTrack(null);
      return;
    }
    const blur = blurVideo(cameraTrack);
    setBlurredTrack(blur.track);
    return blur.stop;
  }, [isBlurred, cameraTrack]);

  const videoTrack = blurred ?? cameraTrack;
  const preview = useMemo(() => (videoTrack ? new MediaStream([videoTrack]) : null), [videoTrack]);
  useEffect(() => {
    if (audioTrack) audioTrack.enabled = isMicrophoneOn;
  }, [audioTrack, isMicrophoneOn]);
  useEffect(() => {
    if (cameraTrack) cameraTrack.enabled = isCameraOn;
    if (blurred) blurred.enabled = isCameraOn;
  }, [cameraTrack, blurred, isCameraOn]);

  const stop = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
    setStream(null);
  }, []);

  return {
    stream,
    preview,
    videoTrack,
    audioTrack,
    devices,
    cameraId: cameraId || cameraTrack?.getSettings().deviceId || '',
    microphoneId: microphoneId || audioTrack?.getSettings().deviceId || '',
    speakerId,
    chooseCamera: setCameraId,
    chooseMicrophone: setMicrophoneId,
    chooseSpeaker: setSpeakerId,
    isMicrophoneOn,
    isCameraOn,
    isBlurred,
    setMicrophoneOn,
    setCameraOn,
    setBlurred,
    error,
    retry: () => setAttempt((count) => count + 1),
    stop,
  };
}
