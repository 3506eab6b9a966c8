/**
 * The camera, microphone and speaker of this browser for a video visit. Nothing here is sent anywhere: the
 * call sends the tracks this gives it, peer to peer.
 */

export type DeviceLists = {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
};

export const NO_DEVICES: DeviceLists = { cameras: [], microphones: [], speakers: [] };

/** Device names show only once the browser has been allowed the camera and microphone, so ask after that. */
export async function listDevices(): Promise<DeviceLists> {
  if (!navigator.mediaDevices?.enumerateDevices) return NO_DEVICES;
  const devices = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: devices.filter((device) => device.kind === 'videoinput'),
    microphones: devices.filter((device) => device.kind === 'audioinput'),
    speakers: devices.filter((device) => device.kind === 'audiooutput'),
  };
}

/** Whether this browser can send sound to a speaker of the person's choice (Chromium can, Safari cannot). */
export const canChooseSpeaker = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/** Camera and microphone, the chosen ones when named; either may be missing on a device without one. */
export async function openCameraAndMicrophone(choice: {
  cameraId: string;
  microphoneId: string;
}): Promise<MediaStream> {
  const video: MediaTrackConstraints = {
    width: { ideal: 1280 },
    height: { ideal: 720 },
    ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : {}),
  };
  const audio: MediaTrackConstraints = {
    echoCancellation: true,
    noiseSuppression: true,
    ...(choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : {}),
  };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio });
  } catch (error) {
    // A person with only a microphone (or only a camera) can still take part.
    if ((error as DOMException).name === 'NotAllowedError') throw error;
    try {
      return await navigator.mediaDevices.getUserMedia({ audio });
    } catch {
      return await navigator.mediaDevices.getUserMedia({ video });
    }
  }
}

export const stopStream = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** What to tell a person whose camera or microphone could not be opened. */
export function mediaErrorMessage(error: unknown): string {
  const name = (error as DOMException | null)?.name;
  if (name === 'NotAllowedError')
    return 'The browser was not allowed to use your camera and microphone. Allow them in the address bar, then try again.';
  if (name === 'NotFoundError') return 'No camera or microphone was found on this device.';
  if (name === 'NotReadableError')
    return 'Your camera or microphone is in use by another application. Close it, then try again.';
  return 'Your camera and microphone could not be started.';
}

const BLUR_FRAME_MS = 1000 / 24;

/**
 * "Blur my video": the camera drawn to a canvas through a blur filter, and the canvas sent instead. The whole
 * frame is blurred (not only the background): honest and simple, and the person is told so.
 */
export function blurVideo(source: MediaStreamTrack): { track: MediaStreamTrack; stop: () => void } {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([source]);
  void Promise.resolve()
    .then(() => video.play())
    .catch(() => undefined);
  const { width = 640, height = 480 } = source.getSettings();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  let timer: ReturnType<typeof setTimeout> | null = null;
  // A timer, not animation frames: a call in a background tab keeps sending.
  const draw = () => {
    if (context && video.readyState >= 2) {
      context.filter = 'blur(12px)';
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
    }
    timer = setTimeout(draw, BLUR_FRAME_MS);
  };
  draw();
  const [track] = canvas.captureStream(24).getVideoTracks();
  return {
    track,
    stop: () => {
      if (timer) clearTimeout(timer);
      track.stop();
      video.srcObject = null;
    },
  };
}

/** The microphone's level, 0 to 1, read a few times a second for the meter. */
export function watchAudioLevel(track: MediaStreamTrack, onLevel: (level: number) => void): () => void {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return () => undefined;
  const context = new AudioContextClass();
  const source = context.createMediaStreamSource(new MediaStream([track]));
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getByteTimeDomainData(samples);
    let peak = 0;
    for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128) / 128);
    onLevel(track.enabled ? Math.min(1, peak * 1.5) : 0);
  }, 150);
  return () => {
    clearInterval(timer);
    source.disconnect();
    void context.close().catch(() => undefined);
  };
}
