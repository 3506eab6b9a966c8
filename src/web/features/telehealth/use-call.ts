import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MediaState, ServerCallEvent, TelehealthSession } from '../../../shared/telehealth';
import { useSession } from '../auth';
import { mediaChanges, sessionChanges } from './announcements';
import { telehealthKeys } from './api';
import { type CallSend, useCallChannel } from './call-channel';
import { PeerMesh, type PeerView, type QualityReading, readQuality } from './peer-mesh';
import type { LocalMedia } from './use-local-media';

export type ChatLine = { id: string; fromName: string; text: string; sentAt: string; isOwn: boolean };

const QUALITY_EVERY_MS = 3000;
const EARLY_SIGNALS_KEPT = 200;

/** Whether this side gives way when both offer at once: the host never does; between two others, a fixed rule. */
export function isPolite(me: { userId: string; role: string }, other: { userId: string; role: string }) {
  if (me.role === 'host') return false;
  if (other.role === 'host') return true;
  return me.userId > other.userId;
}

/**
 * Everything of a call once the person is past the device check: the socket, the state it pushes, the peer
 * connections to the others admitted, the relayed chat and media states, the connection quality, and the
 * words the live region reads out.
 */
export function useCall({
  appointmentId,
  session,
  media,
  isJoined,
}: {
  appointmentId: string;
  session: TelehealthSession | undefined;
  media: LocalMedia;
  isJoined: boolean;
}) {
  const queryClient = useQueryClient();
  const { token, user } = useSession();
  const myId = user?.id ?? '';
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [remoteMedia, setRemoteMedia] = useState<Record<string, MediaState>>({});
  const [announcement, setAnnouncement] = useState('');
  const [peers, setPeers] = useState<PeerView[]>([]);
  const [quality, setQuality] = useState<QualityReading | null>(null);
  const [screenTrack, setScreenTrack] = useState<MediaStreamTrack | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // After the socket came back the others saw this side leave and join: both sides start afresh.
  const [generation, setGeneration] = useState(0);
  const meshRef = useRef<PeerMesh | null>(null);
  const early = useRef<Extract<ServerCallEvent, { type: 'signal' }>[]>([]);
  const [mesh, setMesh] = useState<PeerMesh | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const remoteRef = useRef(remoteMedia);
  remoteRef.current = remoteMedia;

  const announce = useCallback((lines: string[]) => {
    if (lines.length > 0) setAnnouncement(lines.join('. '));
  }, []);
  const nameOf = (userId: string) =>
    sessionRef.current?.people.find((person) => person.userId === userId)?.name ?? 'Someone';

  const onEvent = (event: ServerCallEvent) => {
    switch (event.type) {
      case 'state':
        announce(sessionChanges(sessionRef.current ?? null, event.session, myId));
        sessionRef.current = event.session;
        queryClient.setQueryData(telehealthKeys.session(appointmentId), event.session);
        break;
      case 'signal':
        // A signal can come before this side's own state push says the call is open to it: kept until then.
        if (meshRef.current) void meshRef.current.receive(event.from, event.data);
        else if (early.current.length < EARLY_SIGNALS_KEPT) early.current.push(event);
        break;
      case 'media':
        announce(mediaChanges(nameOf(event.from), remoteRef.current[event.from], event.data));
        setRemoteMedia((all) => ({ ...all, [event.from]: event.data }));
        break;
      case 'chat':
        // The server echoes each line to its sender too, with the time it was sent: every side keeps one order.
        setChat((lines) => [
          ...lines,
          {
            id: `${event.from}-${event.sentAt}-${lines.length}`,
            fromName: event.from === myId ? 'You' : event.fromName,
            text: event.text,
            sentAt: event.sentAt,
            isOwn: event.from === myId,
          },
        ]);
        break;
      case 'error':
        setProblem(event.message);
        break;
    }
  };

  const send: CallSend = useCallChannel({
    token,
    userId: myId,
    appointmentId,
    isOpen: isJoined,
    onEvent,
    onReconnect: () => {
      setGeneration((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: telehealthKeys.session(appointmentId) });
    },
  });
  const sendRef = useRef(send);
  sendRef.current = send;

  const me = session?.people.find((person) => person.userId === myId);
  const isInCall = isJoined && session?.state === 'live' && me?.admitted === true;

  // The connections exist while the person is in a live call; they close when it ends or they leave.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation (the socket came back) opens afresh
  useEffect(() => {
    if (!isInCall) return;
    const opened = new PeerMesh({
      // Read once: a later state push carries fresh TURN credentials, which the open connections do not need.
      iceServers: sessionRef.current?.iceServers ?? [],
      send: (to, data) => sendRef.current({ type: 'signal', appointmentId, to, data }),
      onChange: () => setPeers(opened.views()),
      politeFor: (userId) => {
        const people = sessionRef.current?.people ?? [];
        const self = people.find((person) => person.userId === myId);
        const other = people.find((person) => person.userId === userId);
        return self && other ? isPolite(self, other) : null;
      },
    });
    meshRef.current = opened;
    setMesh(opened);
    for (const signal of early.current.splice(0)) void opened.receive(signal.from, signal.data);
    return () => {
      early.current = [];
      opened.close();
      meshRef.current = null;
      setMesh(null);
      setPeers([]);
      setQuality(null);
    };
  }, [isInCall, appointmentId, myId, generation]);

  const outgoingVideo = screenTrack ?? media.videoTrack;
  useEffect(() => {
    mesh?.setTracks({ audio: media.audioTrack, video: outgoingVideo });
  }, [mesh, media.audioTrack, outgoingVideo]);

  const others = useMemo(
    () =>
      isInCall && me
        ? (session?.people ?? [])
            .filter((person) => person.userId !== myId && person.present && person.admitted)
            .map((person) => ({ userId: person.userId, polite: isPolite(me, person) }))
        : [],
    [isInCall, me, session, myId],
  );
  const othersKey = others.map((person) => person.userId).join(',');
  useEffect(() => {
    mesh?.sync(others);
  }, [mesh, others]);

  // The others learn what this side's microphone, camera and screen are doing, and newcomers learn it too.
  const audio = media.isMicrophoneOn;
  const video = media.isCameraOn;
  const screen = screenTrack !== null;
  useEffect(() => {
    if (!isInCall || othersKey === '') return;
    sendRef.current({ type: 'media', appointmentId, data: { audio, video, screen } });
  }, [isInCall, othersKey, audio, video, screen, appointmentId]);

  useEffect(() => {
    if (!isInCall) return;
    const previous = new Map<string, { received: number; lost: number }>();
    const timer = setInterval(async () => {
      const mesh = meshRef.current;
      if (!mesh) return;
      setQuality(readQuality(await mesh.stats(), previous));
    }, QUALITY_EVERY_MS);
    return () => clearInterval(timer);
  }, [isInCall]);

  const shareScreen = async () => {
    if (screenTrack) {
      screenTrack.stop();
      setScreenTrack(null);
      return;
    }
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const [track] = display.getVideoTracks();
      // The browser's own "Stop sharing" ends the track: the camera comes back.
      track.addEventListener('ended', () =>
        setScreenTrack((current) => (current === track ? null : current)),
      );
      setScreenTrack(track);
    } catch {
      setProblem('Screen sharing did not start.');
    }
  };
  useEffect(() => () => screenTrack?.stop(), [screenTrack]);

  /** False when the socket is down: the line was not sent (it shows once the server relays it back). */
  const sendChat = (text: string) => send({ type: 'chat', appointmentId, text });

  return {
    me,
    isInCall,
    peers,
    remoteMedia,
    chat,
    sendChat,
    quality,
    isSharingScreen: screenTrack !== null,
    shareScreen,
    announcement,
    announce,
    problem,
    clearProblem: () => setProblem(null),
  };
}
