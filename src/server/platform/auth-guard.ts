import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/roles';
import type { Db } from '../db/client';
import { forbidden } from './errors';
import type { SessionCache } from './session-cache';
import { resolveSession, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: any signed-in user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook factory: a signed-in user with one of these roles (403 otherwise). */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** The signed-in user of a request, once the guard has run. */
export function callerOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new Error('route reached without its auth guard');
  return request.sessionUser;
}

type GuardOptions = { db: Db; sessionCache?: SessionCache };

export const authGuard = fp(async (app: FastifyInstance, options: GuardOptions) => {
  app.decorateRequest('sessionUser', null);
  const requireUser = async (request: FastifyRequest) => {
    request.sessionUser = await resolveSession(options.db, bearerToken(request), options.sessionCache);
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    await requireUser(request);
    if (!roles.includes(callerOf(request).role)) throw forbidden();
    void reply;
  });
});
