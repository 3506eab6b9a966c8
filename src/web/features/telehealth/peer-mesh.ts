import type { IceServer, Signal } from '../../../shared/telehealth';

/** How long a connection may stay 'disconnected' before ICE is restarted (a network change, a Wi-Fi drop). */
export const ICE_RESTART_AFTER_MS = 4000;
/** How long an offer may go unanswered before the impolite side takes it back and offers again. */
export const OFFER_ANSWER_WITHIN_MS = 5000;

export type PeerView = {
  userId: string;
  stream: MediaStream | null;
  connection: RTCIceConnectionState;
};

type Peer = {
  userId: string;
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  stream: MediaStream | null;
  audioSender: RTCRtpSender | null;
  videoSender: RTCRtpSender | null;
  restartTimer: ReturnType<typeof setTimeout> | null;
  offerTimer: ReturnType<typeof setTimeout> | null;
};

type MeshOptions = {
  iceServers: IceServer[];
  send: (to: string, data: Signal) => void;
  onChange: () => void;
  /**
   * Whether this side gives way to someone who offers before this side knew they were in (their state push
   * came first); null for someone not in the call, whose signals are dropped.
   */
  politeFor: (userId: string) => boolean | null;
};

/**
 * One RTCPeerConnection per other admitted person in the call, negotiated with the "perfect negotiation"
 * pattern: either side may offer at any time; on a collision the polite side gives way (the host is impolite,
 * everyone else polite). The server only relays the descriptions and candidates between the two.
 */
export class PeerMesh {
  private readonly peers = new Map<string, Peer>();
  private readonly local = new MediaStream();
  private audio: MediaStreamTrack | null = null;
  private video: MediaStreamTrack | null = null;
  private closed = false;
  // Signals are handled one after another: a candidate must not overtake the description it belongs to.
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: MeshOptions) {}

  /** The tracks to send; a change (blur, another camera, a shared screen) replaces them without renegotiating. */
  setTracks(tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null }) {
    this.audio = tracks.audio;
    this.video = tracks.video;
    for (const track of this.local.getTracks()) this.local.removeTrack(track);
    if (tracks.audio) this.local.addTrack(tracks.audio);
    if (tracks.video) this.local.addTrack(tracks.video);
    for (const peer of this.peers.values()) {
      this.attach(peer, 'audio', tracks.audio);
      this.attach(peer, 'video', tracks.video);
    }
  }

  /** Connections to exactly these people: new ones are opened, those who left are closed. */
  sync(people: { userId: string; polite: boolean }[]) {
    if (this.closed) return;
    const wanted = new Set(people.map((person) => person.userId));
    for (const userId of [...this.peers.keys()]) if (!wanted.has(userId)) this.drop(userId);
    for (const person of people) if (!this.peers.has(person.userId)) this.open(person.userId, person.polite);
  }

  /** A description or candidate from another person, relayed by the server. */
  receive(from: string, data: Signal): Promise<void> {
    this.queue = this.queue.then(() => this.handle(from, data));
    return this.queue;
  }

  private async handle(from: string, data: Signal, isRetry = false): Promise<void> {
    if (this.closed) return;
    if (!this.peers.has(from)) {
      const polite = this.options.politeFor(from);
      if (polite === null) return;
      this.open(from, polite);
    }
    const peer = this.peers.get(from);
    if (!peer) return;
    const { pc } = peer;
    try {
      if ('description' in data) {
        const description = data.description as RTCSessionDescriptionInit;
        const collision =
          description.type === 'offer' && (peer.makingOffer || pc.signalingState !== 'stable');
        peer.ignoreOffer = !peer.polite && collision;
        if (peer.ignoreOffer) return;
        if (collision && !pc.remoteDescription && !isRetry) {
          // The polite side's first offer crossed the other's. Rolling a first offer back while its candidates
          // are still being gathered can leave Chromium's connection gathering none for the answer (met in
          // testing: ICE stayed 'new', no media); a fresh connection takes the offer instead.
          this.drop(from);
          return this.handle(from, data, true);
        }
        try {
          await pc.setRemoteDescription(description);
        } catch (error) {
          // An offer this connection cannot take comes from a connection the other side made afresh (it saw
          // this side leave and come back): this side starts afresh too, once.
          if (description.type !== 'offer' || isRetry) throw error;
          this.drop(from);
          return this.handle(from, data, true);
        }
        if (description.type === 'offer') {
          await pc.setLocalDescription();
          this.sendDescription(peer);
        }
      } else if (data.candidate) {
        try {
          await pc.addIceCandidate(data.candidate as RTCIceCandidateInit);
        } catch (error) {
          if (!peer.ignoreOffer) throw error;
        }
      }
    } catch {
      // A description that no longer fits (a glare resolved meanwhile); the next negotiation settles it.
    }
  }

  views(): PeerView[] {
    return [...this.peers.values()].map((peer) => ({
      userId: peer.userId,
      stream: peer.stream,
      connection: peer.pc.iceConnectionState,
    }));
  }

  /** Statistics of every connection, for the connection quality. */
  async stats(): Promise<RTCStatsReport[]> {
    return Promise.all([...this.peers.values()].map((peer) => peer.pc.getStats()));
  }

  close() {
    this.closed = true;
    for (const userId of [...this.peers.keys()]) this.drop(userId);
  }

  private open(userId: string, polite: boolean) {
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    const peer: Peer = {
      userId,
      pc,
      polite,
      makingOffer: false,
      ignoreOffer: false,
      stream: null,
      audioSender: null,
      videoSender: null,
      restartTimer: null,
      offerTimer: null,
    };
    this.peers.set(userId, peer);
    this.attach(peer, 'audio', this.audio);
    this.attach(peer, 'video', this.video);
    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        this.sendDescription(peer);
        this.awaitAnswer(peer);
      } catch {
        // the connection closed meanwhile
      } finally {
        peer.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.options.send(userId, { candidate: candidate.toJSON() as never });
    };
    pc.ontrack = ({ track, streams }) => {
      const stream = streams[0] ?? peer.stream ?? new MediaStream();
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
      peer.stream = stream;
      this.options.onChange();
    };
    pc.oniceconnectionstatechange = () => {
      this.watchConnection(peer);
      this.options.onChange();
    };
  }

  /**
   * An offer can be lost when it reaches the other side before that side knew the call had started for it (or
   * both offered and each waits for the other). The impolite side then takes its offer back, which asks for a
   * fresh negotiation; the polite side always accepts an offer, so the next one settles it.
   */
  private awaitAnswer(peer: Peer) {
    if (peer.polite) return;
    if (peer.offerTimer) clearTimeout(peer.offerTimer);
    peer.offerTimer = setTimeout(() => {
      peer.offerTimer = null;
      if (this.closed || peer.pc.signalingState !== 'have-local-offer') return;
      void peer.pc
        .setLocalDescription({ type: 'rollback' })
        .then(() => {
          // Rolled back, the transceivers still want negotiating: offer again.
          peer.pc.onnegotiationneeded?.(new Event('negotiationneeded'));
        })
        .catch(() => undefined);
    }, OFFER_ANSWER_WITHIN_MS);
  }

  /** ICE is restarted at once when it failed, and after a few seconds of 'disconnected'; the call stays up. */
  private watchConnection(peer: Peer) {
    const state = peer.pc.iceConnectionState;
    if (peer.restartTimer) clearTimeout(peer.restartTimer);
    peer.restartTimer = null;
    if (state === 'failed') peer.pc.restartIce();
    if (state === 'disconnected') {
      peer.restartTimer = setTimeout(() => {
        if (peer.pc.iceConnectionState === 'disconnected') peer.pc.restartIce();
      }, ICE_RESTART_AFTER_MS);
    }
  }

  private attach(peer: Peer, kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    const key = kind === 'audio' ? 'audioSender' : 'videoSender';
    const sender = peer[key];
    if (sender) {
      void sender.replaceTrack(track).catch(() => undefined);
      return;
    }
    if (!track) return;
    peer[key] = peer.pc.addTrack(track, this.local);
  }

  private sendDescription(peer: Peer) {
    const description = peer.pc.localDescription;
    if (!description) return;
    this.options.send(peer.userId, {
      description: { type: description.type, sdp: description.sdp },
    });
  }

  private drop(userId: string) {
    const peer = this.peers.get(userId);
    if (!peer) return;
    if (peer.restartTimer) clearTimeout(peer.restartTimer);
    if (peer.offerTimer) clearTimeout(peer.offerTimer);
    peer.pc.close();
    this.peers.delete(userId);
    this.options.onChange();
  }
}

export type Quality = 'Good' | 'Fair' | 'Poor';
export type QualityReading = { quality: Quality; roundTripMs: number | null; lossPercent: number };

type Totals = { received: number; lost: number };

/**
 * Connection quality from the statistics: round-trip time of the pair in use and the share of packets lost
 * since the last reading. The worst connection counts.
 */
export function readQuality(reports: RTCStatsReport[], previous: Map<string, Totals>): QualityReading | null {
  let roundTrip: number | null = null;
  let received = 0;
  let lost = 0;
  let seen = false;
  reports.forEach((report, index) => {
    report.forEach((entry: Record<string, unknown>) => {
      if (entry.type === 'candidate-pair' && entry.nominated && entry.state === 'succeeded') {
        const rtt = entry.currentRoundTripTime;
        if (typeof rtt === 'number') roundTrip = Math.max(roundTrip ?? 0, rtt);
        seen = true;
      }
      if (entry.type === 'inbound-rtp') {
        const key = `${index}:${String(entry.id)}`;
        const now = { received: Number(entry.packetsReceived ?? 0), lost: Number(entry.packetsLost ?? 0) };
        const before = previous.get(key) ?? { received: 0, lost: 0 };
        received += Math.max(0, now.received - before.received);
        lost += Math.max(0, now.lost - before.lost);
        previous.set(key, now);
        seen = true;
      }
    });
  });
  if (!seen) return null;
  const lossPercent = received + lost > 0 ? (lost / (received + lost)) * 100 : 0;
  const roundTripMs = roundTrip === null ? null : Math.round((roundTrip as number) * 1000);
  const rtt = roundTripMs ?? 0;
  const quality: Quality =
    rtt < 300 && lossPercent < 2 ? 'Good' : rtt < 600 && lossPercent < 8 ? 'Fair' : 'Poor';
  return { quality, roundTripMs, lossPercent: Math.round(lossPercent * 10) / 10 };
}
