import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { ClientCallEventSchema, type ServerCallEvent, TELEHEALTH_ERRORS } from '../../../shared/telehealth';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as telehealth from '../telehealth/presence';
import { readFrame } from './frames';

/**
 * How many frames a call's socket may send: a burst (the ICE candidates of a start or a restart come
 * together) and then a steady rate, far above what two browsers in a call send and far below a flood.
 */
export const CALL_FRAMES_BURST = 200;
export const CALL_FRAMES_PER_SECOND = 50;
/** How long a signal's allowed receivers are trusted without asking the database again. */
const SIGNAL_REACH_CACHE_MS = 2_000;

/**
 * What a browser sends on its telehealth socket: join and leave a call's page, and the signalling, media state
 * and chat of a live call, relayed to the other people of the call through the hub (any instance). Nothing of
 * it is stored or logged but who joined and left. Anything malformed, foreign or refused is answered with an
 * error frame and dropped; a frame that comes once the session no longer stands closes the socket instead.
 */
export function serveCallSocket(
  ctx: AppContext,
  socket: WebSocket,
  {
    user,
    meta,
    log,
  }: {
    user: SessionUser;
    meta: { ipAddress: string; sessionStands: () => Promise<unknown> };
    log: FastifyBaseLogger;
  },
) {
  const socketId = randomUUID();
  const push = (userId: string, payload: ServerCallEvent) =>
    ctx.hub.send({ userId, channel: 'telehealth', payload });

  const reply = (appointmentId: string | null, message: string) => {
    if (socket.readyState !== socket.OPEN) return;
    const frame: ServerCallEvent = { type: 'error', appointmentId, message };
    socket.send(JSON.stringify(frame));
  };

  // A token bucket per socket; a socket over its rate is told once a second, and its frames are dropped.
  let tokens = CALL_FRAMES_BURST;
  let filledAt = Date.now();
  let warnedAt = 0;
  function withinRate() {
    const now = Date.now();
    tokens = Math.min(CALL_FRAMES_BURST, tokens + ((now - filledAt) / 1000) * CALL_FRAMES_PER_SECOND);
    filledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      return true;
    }
    if (now - warnedAt > 1000) {
      warnedAt = now;
      reply(null, TELEHEALTH_ERRORS.tooManyEvents);
    }
    return false;
  }

  // A connection's start or restart sends its candidates in a burst: one answer on who may receive them holds
  // for a moment (the host's end or a new admission shows within it), instead of reading the call per frame.
  const signalReach = new Map<string, { recipients: string[]; until: number }>();
  async function signalTargets(id: string, to: string) {
    const key = `${id}:${to}`;
    const cached = signalReach.get(key);
    if (cached && cached.until > Date.now()) return cached.recipients;
    const { recipients } = await telehealth.relayTargets(ctx.db, user, { id, to });
    signalReach.set(key, { recipients, until: Date.now() + SIGNAL_REACH_CACHE_MS });
    return recipients;
  }

  async function handle(raw: string) {
    const event = await readFrame(raw, {
      socket,
      sessionStands: meta.sessionStands,
      schema: ClientCallEventSchema,
      // The refusal names the call when the frame named one that looks like an id.
      refuse: (message, json) => {
        const named = (json as { appointmentId?: unknown } | undefined)?.appointmentId;
        reply(typeof named === 'string' && /^[0-9a-f-]{36}$/i.test(named) ? named : null, message);
      },
    });
    if (!event) return;
    const id = event.appointmentId;
    try {
      switch (event.type) {
        case 'join':
          if (socket.readyState !== socket.OPEN) return;
          await telehealth.joinCall(ctx, user, { id, socketId, ipAddress: meta.ipAddress });
          onPage = true;
          return;
        case 'leave':
          return await telehealth.leaveCalls(ctx, user, { socketId, id, ipAddress: meta.ipAddress });
        case 'signal': {
          const recipients = await signalTargets(id, event.to);
          await Promise.all(
            recipients.map((to) =>
              push(to, { type: 'signal', appointmentId: id, from: user.id, data: event.data }),
            ),
          );
          return;
        }
        case 'media': {
          const { recipients } = await telehealth.relayTargets(ctx.db, user, { id });
          await Promise.all(
            recipients.map((to) =>
              push(to, { type: 'media', appointmentId: id, from: user.id, data: event.data }),
            ),
          );
          return;
        }
        case 'chat': {
          // Every admitted person gets the line, the sender's own tabs too: the echo carries the time it was
          // sent and keeps everyone's order the same. Never stored, never logged.
          const { recipients, senderName } = await telehealth.relayTargets(ctx.db, user, { id });
          const frame: ServerCallEvent = {
            type: 'chat',
            appointmentId: id,
            from: user.id,
            fromName: senderName,
            text: event.text,
            sentAt: new Date().toISOString(),
          };
          await Promise.all([...recipients, user.id].map((to) => push(to, frame)));
          return;
        }
      }
    } catch (error) {
      if (error instanceof AppError) return reply(id, error.message);
      throw error;
    }
  }

  // Frames are handled one after another, so a description is never overtaken by its own candidates.
  let queue = Promise.resolve();

  // While the socket is on a call's page its presence is renewed; an instance that dies stops renewing it.
  let onPage = false;
  const renewal = setInterval(() => {
    if (!onPage) return;
    telehealth
      .renewPresence(ctx.db, socketId)
      .catch((error) => log.error({ err: error, userId: user.id }, 'renewing call presence failed'));
  }, telehealth.PRESENCE_RENEW_MS);
  renewal.unref();

  // Leaving the page by closing it (or the session ending) takes the socket off every call it joined, after
  // whatever frame is still being handled (a join in flight must not outlive its socket).
  socket.on('close', () => {
    clearInterval(renewal);
    queue = queue
      .then(() => telehealth.leaveCalls(ctx, user, { socketId, ipAddress: meta.ipAddress }))
      .catch((error) => log.error({ err: error, userId: user.id }, 'leaving calls on close failed'));
  });

  return (raw: string) => {
    if (!withinRate()) return;
    queue = queue
      .then(() => handle(raw))
      .catch((error) => {
        log.error({ err: error, userId: user.id }, 'telehealth socket event failed');
        reply(null, 'Something went wrong on our side. Please try again.');
      });
  };
}
