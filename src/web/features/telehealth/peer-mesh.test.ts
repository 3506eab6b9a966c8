import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Signal } from '../../../shared/telehealth';
import { ICE_RESTART_AFTER_MS, OFFER_ANSWER_WITHIN_MS, PeerMesh } from './peer-mesh';

type Description = { type: 'offer' | 'answer' | 'rollback'; sdp?: string };

/** A peer connection that keeps the signalling states of the standard, and nothing of media. */
class FakeConnection {
  static made: FakeConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: Description | null = null;
  remoteDescription: Description | null = null;
  onnegotiationneeded: ((event: Event) => void) | null = null;
  onicecandidate = null;
  ontrack = null;
  oniceconnectionstatechange: (() => void) | null = null;
  restartIce = vi.fn();
  closed = false;
  constructor() {
    FakeConnection.made.push(this);
  }
  senders: { track: MediaStreamTrack; replaceTrack: ReturnType<typeof vi.fn> }[] = [];
  addTrack(added: MediaStreamTrack) {
    queueMicrotask(() => this.onnegotiationneeded?.(new Event('negotiationneeded')));
    const sender = { track: added, replaceTrack: vi.fn(async () => undefined) };
    this.senders.push(sender);
    return sender;
  }
  async setLocalDescription(description?: Description) {
    if (description?.type === 'rollback') {
      this.signalingState = 'stable';
      this.localDescription = null;
      return;
    }
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: 'answer' };
      this.signalingState = 'stable';
    } else {
      this.localDescription = { type: 'offer', sdp: 'offer' };
      this.signalingState = 'have-local-offer';
    }
  }
  /** Set to play a connection that cannot take an offer of a connection made afresh (another certificate). */
  rejectsOffers = false;
  async setRemoteDescription(description: Description) {
    if (this.rejectsOffers && description.type === 'offer')
      throw new Error('DTLS fingerprint does not match');
    this.remoteDescription = description;
    // An offer met while offering rolls the own offer back first (implicit rollback).
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async addIceCandidate() {}
  async getStats() {
    return new Map();
  }
  close() {
    this.closed = true;
  }
  setIce(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

const track = (kind: string) => ({ kind, enabled: true }) as unknown as MediaStreamTrack;

class FakeStream {
  tracks: MediaStreamTrack[] = [];
  getTracks() {
    return this.tracks;
  }
  addTrack(added: MediaStreamTrack) {
    this.tracks.push(added);
  }
  removeTrack(removed: MediaStreamTrack) {
    this.tracks = this.tracks.filter((candidate) => candidate !== removed);
  }
}

beforeEach(() => {
  FakeConnection.made = [];
  vi.stubGlobal('RTCPeerConnection', FakeConnection);
  vi.stubGlobal('MediaStream', FakeStream);
});
afterEach(() => {
  vi.useRealTimers();
});

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

/** Two meshes whose signals reach each other, as the server relays them. */
function pair() {
  const host: PeerMesh = new PeerMesh({
    iceServers: [],
    onChange: () => undefined,
    politeFor: () => false,
    send: (_to, data: Signal) => void patient.receive('host', data),
  });
  const patient: PeerMesh = new PeerMesh({
    iceServers: [],
    onChange: () => undefined,
    politeFor: () => true,
    send: (_to, data: Signal) => void host.receive('patient', data),
  });
  for (const mesh of [host, patient]) mesh.setTracks({ audio: track('audio'), video: track('video') });
  return { host, patient };
}

describe('the call’s peer connections', () => {
  it('settle when both sides first offer at once: the polite side takes the offer on a fresh connection', async () => {
    const { host, patient } = pair();
    host.sync([{ userId: 'patient', polite: false }]);
    patient.sync([{ userId: 'host', polite: true }]);
    await settle();
    // Its own first offer is not rolled back (Chromium may then gather no candidates for the answer).
    const [hostPc, firstPatientPc, patientPc] = FakeConnection.made;
    expect(FakeConnection.made).toHaveLength(3);
    expect(firstPatientPc.closed).toBe(true);
    expect(hostPc.signalingState).toBe('stable');
    expect(patientPc.signalingState).toBe('stable');
    expect(patientPc.closed).toBe(false);
    expect(hostPc.remoteDescription?.type).toBe('answer');
  });

  it('settle when both sides offer at once later on (an ICE restart): the polite side rolls back and answers', async () => {
    const { host } = pair();
    host.sync([{ userId: 'patient', polite: false }]);
    await settle();
    const [hostPc, patientPc] = FakeConnection.made;
    expect(patientPc.remoteDescription?.type).toBe('offer');
    // Both restart and offer at once, on the connections they have.
    hostPc.onnegotiationneeded?.(new Event('negotiationneeded'));
    patientPc.onnegotiationneeded?.(new Event('negotiationneeded'));
    await settle();
    expect(FakeConnection.made).toHaveLength(2);
    expect(hostPc.signalingState).toBe('stable');
    expect(patientPc.signalingState).toBe('stable');
    expect(patientPc.localDescription?.type).toBe('answer');
    expect(hostPc.remoteDescription?.type).toBe('answer');
  });

  it('opens a connection for an offer that comes first, and drops signals from someone not in the call', async () => {
    const mesh = new PeerMesh({
      iceServers: [],
      onChange: () => undefined,
      politeFor: (userId) => (userId === 'host' ? true : null),
      send: () => undefined,
    });
    await mesh.receive('stranger', { description: { type: 'offer', sdp: 'x' } });
    expect(FakeConnection.made).toHaveLength(0);
    await mesh.receive('host', { description: { type: 'offer', sdp: 'x' } });
    expect(FakeConnection.made).toHaveLength(1);
    expect(FakeConnection.made[0].localDescription?.type).toBe('answer');
  });

  it('starts afresh when the other side did (an offer the old connection cannot take)', async () => {
    const sent: Signal[] = [];
    const mesh = new PeerMesh({
      iceServers: [],
      onChange: () => undefined,
      politeFor: () => true,
      send: (_to, data) => sent.push(data),
    });
    mesh.sync([{ userId: 'host', polite: true }]);
    const [old] = FakeConnection.made;
    old.rejectsOffers = true;
    await mesh.receive('host', { description: { type: 'offer', sdp: 'fresh' } });
    expect(old.closed).toBe(true);
    expect(FakeConnection.made).toHaveLength(2);
    expect(FakeConnection.made[1].localDescription?.type).toBe('answer');
    expect(sent).toContainEqual({ description: { type: 'answer', sdp: 'answer' } });
  });

  it('offers again when the host’s offer goes unanswered', async () => {
    vi.useFakeTimers();
    const sent: Signal[] = [];
    const mesh = new PeerMesh({
      iceServers: [],
      onChange: () => undefined,
      politeFor: () => false,
      send: (_to, data) => sent.push(data),
    });
    mesh.setTracks({ audio: track('audio'), video: null });
    mesh.sync([{ userId: 'patient', polite: false }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.filter((signal) => 'description' in signal)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(OFFER_ANSWER_WITHIN_MS + 10);
    expect(sent.filter((signal) => 'description' in signal)).toHaveLength(2);
  });

  it('restarts ICE at once when it failed, and after a few seconds disconnected', async () => {
    vi.useFakeTimers();
    const mesh = new PeerMesh({
      iceServers: [],
      onChange: () => undefined,
      politeFor: () => false,
      send: () => undefined,
    });
    mesh.sync([{ userId: 'patient', polite: false }]);
    const [pc] = FakeConnection.made;
    pc.setIce('failed');
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    pc.setIce('disconnected');
    await vi.advanceTimersByTimeAsync(ICE_RESTART_AFTER_MS - 100);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(pc.restartIce).toHaveBeenCalledTimes(2);
    // Back before the time is up: no restart.
    pc.setIce('disconnected');
    pc.setIce('connected');
    await vi.advanceTimersByTimeAsync(ICE_RESTART_AFTER_MS + 100);
    expect(pc.restartIce).toHaveBeenCalledTimes(2);
    mesh.close();
    expect(pc.closed).toBe(true);
  });

  it('replaces the video it sends (a shared screen) without a new connection', async () => {
    const mesh = new PeerMesh({
      iceServers: [],
      onChange: () => undefined,
      politeFor: () => false,
      send: () => undefined,
    });
    const camera = track('video');
    mesh.setTracks({ audio: track('audio'), video: camera });
    mesh.sync([{ userId: 'patient', polite: false }]);
    const screen = track('video');
    mesh.setTracks({ audio: track('audio'), video: screen });
    expect(FakeConnection.made).toHaveLength(1);
    const video = FakeConnection.made[0].senders.find((sender) => sender.track === camera);
    expect(video?.replaceTrack).toHaveBeenCalledWith(screen);
  });
});
