import { z } from 'zod';
import { SOCKET_FRAME_MAX_BYTES } from './realtime';

/**
 * Video visits (an optional capability, `videoVisits` in the clinic's capabilities): the call between an
 * appointment's patient and practitioner at /telehealth-session/{appointmentId}. Media flows peer to peer
 * (WebRTC); the server only checks who may join, relays signalling on the `telehealth` socket channel and
 * records when a call started and ended and who joined. Nothing of the call itself is stored.
 */

/** The page of today's and upcoming video visits (the sidebar's Telehealth entry when video visits are on). */
export const TELEHEALTH_PAGE_PATH = '/telehealth';
/** The call's address; the specification names the segment (the notification socket does not reconnect on it). */
export const TELEHEALTH_SESSION_SEGMENT = '/telehealth-session/';
export const telehealthSessionPath = (appointmentId: string) =>
  `${TELEHEALTH_SESSION_SEGMENT}${appointmentId}`;

/** How many days ahead the Telehealth page lists video visits. */
export const UPCOMING_VIDEO_VISIT_DAYS = 14;
/** Longest chat line in a call. */
export const CALL_CHAT_MAX_LENGTH = 2000;

/**
 * Where a call stands: not started (nobody may be admitted yet), live (the practitioner started it), ended.
 * A call that ended may be started again (a dropped visit resumed); each start and end is logged.
 */
export const CALL_STATES = ['not_started', 'live', 'ended'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** The caller's part in a call: the practitioner hosts, the patient attends, invited staff are guests. */
export const CALL_ROLES = ['host', 'patient', 'guest'] as const;
export type CallRole = (typeof CALL_ROLES)[number];

export type CallPerson = {
  userId: string;
  name: string;
  role: CallRole;
  /** On the call's socket now (waiting or in the call). */
  present: boolean;
  /** Admitted by the host (the host is always admitted); a present person not admitted is in the waiting room. */
  admitted: boolean;
};

/** A STUN or TURN server as RTCPeerConnection takes it. TURN credentials are short-lived (see docs). */
export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** GET /api/telehealth/sessions/{appointmentId}: everything the call page needs; 404 for anyone not in it. */
export type TelehealthSession = {
  appointmentId: string;
  startTime: string;
  endTime: string;
  serviceName: string;
  /** The appointment's own status (specification values); the host may mark it completed from the call. */
  appointmentStatus: string;
  state: CallState;
  startedAt: string | null;
  endedAt: string | null;
  /** The caller's part. */
  role: CallRole;
  /** The patient, the practitioner and any invited staff, with presence and admission. */
  people: CallPerson[];
  iceServers: IceServer[];
};

/** One row of the Telehealth page (GET /api/telehealth/visits). */
export type VideoVisit = {
  appointmentId: string;
  startTime: string;
  endTime: string;
  serviceName: string;
  patientName: string;
  practitionerName: string;
  appointmentStatus: string;
  state: CallState;
  /** /telehealth-session/{appointmentId} on the clinic's own origin. */
  joinUrl: string;
};
export type VideoVisitsAnswer = { visits: VideoVisit[] };

/** POST /api/telehealth/sessions/{appointmentId}/admit and …/invite: whom. */
export const CallPersonInputSchema = z.strictObject({
  userId: z.uuid({ error: 'userId must be a user id' }),
});
export type CallPersonInput = z.infer<typeof CallPersonInputSchema>;

/** How many staff one search for the host's invitation answers at most. */
export const INVITABLE_STAFF_MAX = 20;
export const INVITABLE_SEARCH_MAX = 100;

/** GET /api/telehealth/sessions/{appointmentId}/invitable?q=: the text to find staff by (name or email). */
export const InvitableStaffQuerySchema = z.strictObject({
  q: z
    .string({ error: 'q must be one search text' })
    .trim()
    .max(INVITABLE_SEARCH_MAX, `Search must be at most ${INVITABLE_SEARCH_MAX} characters`)
    .optional(),
});
export type InvitableStaffQuery = z.infer<typeof InvitableStaffQuerySchema>;

/** A staff member the host may invite: an active staff account not yet invited to the call. */
export type InvitableStaff = { id: string; firstName: string; lastName: string; email: string };
/** The host's search: at most INVITABLE_STAFF_MAX staff by name, those already invited left out. */
export type InvitableStaffAnswer = { staff: InvitableStaff[] };

/** What the media of one side is doing, shown on the other side. */
export const MediaStateSchema = z.strictObject({
  audio: z.boolean(),
  video: z.boolean(),
  screen: z.boolean(),
});
export type MediaState = z.infer<typeof MediaStateSchema>;

/**
 * The longest session description (SDP) a signal may carry, counted as it travels: the bytes of the SDP
 * written as JSON text in UTF-8, escapes included (each line's CRLF is four bytes). Half the socket's frame
 * limit: the largest valid signal frame (the description, two ids and the frame's own keys) fits with room
 * to spare, and a description just over is refused with a clear error instead of closing the socket. A
 * call's descriptions (audio, video, their codecs and candidates) are a few kilobytes.
 */
export const SIGNAL_SDP_MAX_BYTES = SOCKET_FRAME_MAX_BYTES / 2;
export const SIGNAL_SDP_TOO_LONG = `A session description must be at most ${SIGNAL_SDP_MAX_BYTES} bytes`;

/** The bytes a text takes inside a JSON frame: its UTF-8 encoding with its quotes and escapes. */
export const jsonTextBytes = (text: string) => new TextEncoder().encode(JSON.stringify(text)).length;

/** A WebRTC description or candidate, relayed as it is; sizes bounded so a frame cannot flood the relay. */
const SignalSchema = z.union([
  z.strictObject({
    description: z.strictObject({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z
        .string()
        .max(SIGNAL_SDP_MAX_BYTES, { error: SIGNAL_SDP_TOO_LONG, abort: true })
        .refine((sdp) => jsonTextBytes(sdp) <= SIGNAL_SDP_MAX_BYTES, SIGNAL_SDP_TOO_LONG)
        .optional(),
    }),
  }),
  z.strictObject({
    candidate: z
      .strictObject({
        candidate: z.string().max(2_000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .nullable(),
  }),
]);
export type Signal = z.infer<typeof SignalSchema>;

/**
 * What a browser sends on /ws?token=…&channel=telehealth. Every frame names the call; the server checks the
 * sender belongs to it (and, for signal, media and chat, that sender and receivers are admitted to a live call).
 */
export const ClientCallEventSchema = z.discriminatedUnion('type', [
  /** Present on the call's page: the waiting room for a patient or guest not yet admitted. */
  z.strictObject({ type: z.literal('join'), appointmentId: z.uuid() }),
  z.strictObject({ type: z.literal('leave'), appointmentId: z.uuid() }),
  z.strictObject({ type: z.literal('signal'), appointmentId: z.uuid(), to: z.uuid(), data: SignalSchema }),
  z.strictObject({ type: z.literal('media'), appointmentId: z.uuid(), data: MediaStateSchema }),
  z.strictObject({
    type: z.literal('chat'),
    appointmentId: z.uuid(),
    text: z.string().trim().min(1).max(CALL_CHAT_MAX_LENGTH),
  }),
]);
export type ClientCallEvent = z.infer<typeof ClientCallEventSchema>;

/** What the server pushes on the telehealth channel. */
export type ServerCallEvent =
  /** After any change of state, presence, admission or invitation; the page redraws from it. */
  | { type: 'state'; appointmentId: string; session: TelehealthSession }
  | { type: 'signal'; appointmentId: string; from: string; data: Signal }
  | { type: 'media'; appointmentId: string; from: string; data: MediaState }
  | { type: 'chat'; appointmentId: string; from: string; fromName: string; text: string; sentAt: string }
  | { type: 'error'; appointmentId: string | null; message: string };

export const TELEHEALTH_ERRORS = {
  notVideo: 'This appointment is not a video visit',
  notLive: 'The call has not started',
  notAdmitted: 'Wait until the practitioner admits you',
  hostOnly: 'Only the appointment’s practitioner can do this',
  inviteStaffOnly: 'Only staff can be invited to a call',
  personNotInCall: 'That person is not part of this call',
  cancelled: 'This appointment was cancelled',
  tooManyEvents: 'Too many call events: slow down',
} as const;
