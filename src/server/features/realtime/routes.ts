import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SOCKET_CHANNELS, SOCKET_CLOSE } from '../../../shared/realtime';
import type { AppContext } from '../../platform/context';
import { AppError, forbidden } from '../../platform/errors';
import { isOwnPage } from '../../platform/page-origin';
import { resolveSession, resolveSocketSession } from '../../platform/sessions';
import { serveCallSocket } from './call-socket';
import { serveMessagingSocket } from './messaging-socket';
import { pushDomainEvents } from './pushes';

const SocketQuerySchema = z.object({
  token: z.string().max(200).optional(),
  userId: z.string().max(64).optional(),
  channel: z.enum(SOCKET_CHANNELS).default('account-status'),
});

/** Frames a browser may send before its token is checked; more than this is not a browser. */
const EARLY_FRAMES_MAX = 50;

export function realtimeRoutes(ctx: AppContext) {
  pushDomainEvents(ctx);

  return async (app: FastifyInstance) => {
    const refuseForeignPages = async (request: FastifyRequest) => {
      if (!isOwnPage(request, ctx.config.appUrl))
        throw forbidden('Sockets open only from the clinic’s own pages');
    };
    app.get('/ws', { websocket: true, onRequest: refuseForeignPages }, (socket, request) => {
      const query = SocketQuerySchema.safeParse(request.query);
      if (!query.success) {
        socket.close(SOCKET_CLOSE.badRequest, 'Unknown channel or bad query');
        return;
      }
      // Listen at once: a frame that arrives while the token is being checked is kept, not lost.
      const early: string[] = [];
      let deliver: ((raw: string) => void) | null = null;
      socket.on('message', (data) => {
        // A socket being closed (its session ended) acts no more, whatever is still on its way in.
        if (socket.readyState !== socket.OPEN) return;
        const raw = data.toString();
        if (deliver) deliver(raw);
        else if (early.length < EARLY_FRAMES_MAX) early.push(raw);
      });

      const { channel, token, userId: claimedUserId } = query.data;
      // Pushes to the user and session endings that come while the token is checked are held, not lost.
      const admission = ctx.hub.wait(socket, { claimedUserId, channel });
      resolveSocketSession(ctx.db, token)
        .then(({ user, expiresAt }) => {
          if (claimedUserId && claimedUserId !== user.id) {
            admission.refuse();
            socket.close(SOCKET_CLOSE.unauthenticated, 'Token does not belong to this user');
            return;
          }
          // Asked again when the session would fall idle or expire: activity since then keeps the socket open.
          const recheck = async () => (await resolveSocketSession(ctx.db, token)).expiresAt;
          admission.admit({ userId: user.id, sessionId: user.sessionId, expiresAt, recheck });
          if (socket.readyState !== socket.OPEN) return;
          // Only the messaging and telehealth channels take events from the browser; the others are push-only.
          if (channel !== 'messaging' && channel !== 'telehealth') return;
          // Every frame acts as the session, so it must still stand then: should the news of an ending be
          // lost between instances, the socket still acts no more.
          const sessionStands = () => resolveSession(ctx.db, token, ctx.sessionCache);
          const serve = channel === 'messaging' ? serveMessagingSocket : serveCallSocket;
          deliver = serve(ctx, socket, {
            user,
            meta: { ipAddress: request.ip, sessionStands },
            log: request.log,
          });
          for (const raw of early.splice(0)) deliver(raw);
        })
        .catch((error) => {
          admission.refuse();
          const reason = error instanceof AppError ? error.message : 'Invalid token';
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'socket authentication failed');
          socket.close(SOCKET_CLOSE.unauthenticated, reason);
        });
    });
  };
}
