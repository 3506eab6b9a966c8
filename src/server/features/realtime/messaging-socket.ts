import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { ClientMessagingEventSchema, type ServerMessagingEvent } from '../../../shared/messaging';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as messaging from '../messaging/service';
import { readFrame } from './frames';

/** How long a "may these two write to each other" answer is trusted for typing indicators. */
const REACH_CACHE_MS = 30_000;

/**
 * What a browser sends on its messaging socket. Every frame must name the socket's own user as `from`;
 * anything malformed, foreign or refused is answered with an error frame and dropped. A frame that comes
 * once the session no longer stands closes the socket instead.
 */
export function serveMessagingSocket(
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
  const reach = new Map<string, { allowed: boolean; until: number }>();

  const reply = (message: string) => {
    if (socket.readyState !== socket.OPEN) return;
    const frame: ServerMessagingEvent = { type: 'error', from: 'server', to: user.id, data: { message } };
    socket.send(JSON.stringify(frame));
  };

  async function mayReach(otherId: string) {
    const cached = reach.get(otherId);
    if (cached && cached.until > Date.now()) return cached.allowed;
    const allowed = (await messaging.reachablePerson(ctx.db, user, otherId)) !== null;
    reach.set(otherId, { allowed, until: Date.now() + REACH_CACHE_MS });
    return allowed;
  }

  async function handle(raw: string) {
    const event = await readFrame(raw, {
      socket,
      sessionStands: meta.sessionStands,
      schema: ClientMessagingEventSchema,
      refuse: (message) => reply(message),
    });
    if (!event) return;
    if (event.from !== user.id) return reply('Event sender does not match this connection');

    switch (event.type) {
      case 'typing_start':
      case 'typing_stop':
        if (!(await mayReach(event.to))) return reply(messaging.RECIPIENT_NOT_FOUND);
        await ctx.hub.send({
          userId: event.to,
          channel: 'messaging',
          payload: { type: event.type, from: user.id, to: event.to, data: {} } satisfies ServerMessagingEvent,
        });
        return;
      case 'message_delivered':
        await messaging.confirmDelivered(ctx, user.id, event.data.messageIds);
        return;
      case 'message_read':
        await messaging.confirmRead(ctx, user.id, event.data.messageIds);
        return;
      case 'new_message':
        await messaging.sendMessage(ctx, user, {
          input: { recipientId: event.to, content: event.data.content },
          meta: { ipAddress: meta.ipAddress },
        });
        return;
    }
  }

  // Frames are handled one after another, so a typing_stop cannot overtake its typing_start.
  let queue = Promise.resolve();
  return (raw: string) => {
    queue = queue
      .then(() => handle(raw))
      .catch((error) => {
        if (error instanceof AppError) return reply(error.message);
        log.error({ err: error, userId: user.id }, 'messaging socket event failed');
        reply('Something went wrong on our side. Please try again.');
      });
  };
}
