import type { CallPerson, TelehealthSession, VideoVisit } from '../../shared/telehealth';
import { userWithRole } from './fixtures';

export const APPOINTMENT_ID = '00000000-0000-4000-8000-00000000a701';

const person = (role: 'patient' | 'practitioner' | 'staff', callRole: CallPerson['role']): CallPerson => {
  const user = userWithRole(role);
  return {
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`,
    role: callRole,
    present: false,
    admitted: callRole === 'host',
  };
};

/** The call of the fake video visit: Riley Chen hosts, Pat Morgan attends. */
export function sessionAs(
  role: 'host' | 'patient',
  changes: {
    state?: TelehealthSession['state'];
    host?: Partial<CallPerson>;
    patient?: Partial<CallPerson>;
  } = {},
): TelehealthSession {
  return {
    appointmentId: APPOINTMENT_ID,
    startTime: '2026-03-10T10:00:00.000Z',
    endTime: '2026-03-10T10:45:00.000Z',
    serviceName: 'Video follow-up',
    appointmentStatus: 'confirmed',
    state: changes.state ?? 'not_started',
    startedAt: null,
    endedAt: null,
    role,
    people: [
      { ...person('practitioner', 'host'), ...changes.host },
      { ...person('patient', 'patient'), ...changes.patient },
    ],
    iceServers: [],
  };
}

export function visit(changes: Partial<VideoVisit> = {}): VideoVisit {
  return {
    appointmentId: APPOINTMENT_ID,
    startTime: new Date().toISOString(),
    endTime: new Date(Date.now() + 45 * 60_000).toISOString(),
    serviceName: 'Video follow-up',
    patientName: 'Pat Morgan',
    practitionerName: 'Riley Chen',
    appointmentStatus: 'confirmed',
    state: 'not_started',
    joinUrl: `http://localhost/telehealth-session/${APPOINTMENT_ID}`,
    ...changes,
  };
}

class FakeTrack extends EventTarget {
  enabled = true;
  readyState = 'live';
  constructor(
    readonly kind: 'audio' | 'video',
    readonly id: string,
  ) {
    super();
  }
  stop() {
    this.readyState = 'ended';
  }
  getSettings() {
    return { deviceId: `${this.kind}-1`, width: 640, height: 480 };
  }
}

class FakeStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
  removeTrack(track: FakeTrack) {
    this.tracks.splice(this.tracks.indexOf(track), 1);
  }
}

/** Peer connections as far as the page drives them in jsdom: made, given tracks, closed. */
class FakePeerConnection {
  static instances: FakePeerConnection[] = [];
  iceConnectionState = 'new';
  signalingState = 'stable';
  localDescription = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate = null;
  ontrack = null;
  oniceconnectionstatechange = null;
  closed = false;
  constructor() {
    FakePeerConnection.instances.push(this);
  }
  addTrack() {
    return { replaceTrack: async () => undefined };
  }
  async setLocalDescription() {}
  async setRemoteDescription() {}
  async addIceCandidate() {}
  async getStats() {
    return new Map();
  }
  restartIce() {}
  close() {
    this.closed = true;
  }
}

/** A browser with a camera and a microphone, and WebRTC, as far as jsdom can pretend. */
export function installFakeMedia(vi: { stubGlobal: (name: string, value: unknown) => void }) {
  FakePeerConnection.instances = [];
  const devices = [
    { kind: 'videoinput', deviceId: 'video-1', label: 'Front camera', groupId: 'a' },
    { kind: 'audioinput', deviceId: 'audio-1', label: 'Built-in microphone', groupId: 'a' },
    { kind: 'audiooutput', deviceId: 'speaker-1', label: 'Speakers', groupId: 'a' },
  ];
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () =>
        new FakeStream([new FakeTrack('audio', 'mic'), new FakeTrack('video', 'camera')]),
      enumerateDevices: async () => devices,
      getDisplayMedia: async () => new FakeStream([new FakeTrack('video', 'screen')]),
    },
  });
  // jsdom plays no media; the page's play() only needs an answer.
  Object.defineProperty(HTMLMediaElement.prototype, 'play', {
    configurable: true,
    value: async () => undefined,
  });
  vi.stubGlobal('MediaStream', FakeStream);
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  return { peerConnections: FakePeerConnection.instances };
}
