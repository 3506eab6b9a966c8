import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountStatusEvent } from '../../../shared/auth';
import { SOCKET_CLOSE } from '../../../shared/realtime';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { resolveSession } from '../../platform/sessions';

/** Channels served so far; messaging and notifications join them with their features. */
const CHANNELS = ['account-status'] as const;

const SocketQuerySchema = z.object({
  token: z.string().max(200).optional(),
  userId: z.string().max(64).optional(),
  channel: z.enum(CHANNELS).default('account-status'),
});

export function realtimeRoutes(ctx: AppContext) {
  ctx.events.subscribe('account.deactivated', ({ userId }) =>
    ctx.hub.send({
      userId,
      channel: '*',
      payload: { type: 'account_deactivated' } satisfies AccountStatusEvent,
      close: { code: SOCKET_CLOSE.deactivated, reason: 'Account deactivated' },
    }),
  );
  ctx.events.subscribe('account.sessions-revoked', ({ userId, exceptSessionId }) =>
    ctx.hub.send({
      userId,
      channel: '*',
      exceptSessionId,
      close: { code: SOCKET_CLOSE.signedOut, reason: 'Signed out' },
    }),
  );

  return async (app: FastifyInstance) => {
    app.get('/ws', { websocket: true }, async (socket, request) => {
      const query = SocketQuerySchema.safeParse(request.query);
      if (!query.success) {
        socket.close(SOCKET_CLOSE.badRequest, 'Unknown channel or bad query');
        return;
      }
      try {
        const user = await resolveSession(ctx.db, query.data.token);
        if (query.data.userId && query.data.userId !== user.id) {
          socket.close(SOCKET_CLOSE.unauthenticated, 'Token does not belong to this user');
          return;
        }
        ctx.hub.add({ userId: user.id, sessionId: user.sessionId, channel: query.data.channel }, socket);
      } catch (error) {
        const reason = error instanceof AppError ? error.message : 'Invalid token';
        socket.close(SOCKET_CLOSE.unauthenticated, reason);
      }
    });
  };
}
