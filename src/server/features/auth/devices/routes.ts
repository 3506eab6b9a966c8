import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import { MessageResponseSchema } from '../../../../shared/auth';
import {
  DeviceSessionsSchema,
  IdleSignOutSettingsSchema,
  SessionIdParamsSchema,
  SessionPolicySchema,
} from '../../../../shared/devices';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import * as devices from './service';

/**
 * The caller's signed-in devices (list, end one), the activity that keeps a session from falling idle, the
 * caller's idle limit, and the clinic's idle sign-out setting (admins).
 */
export function deviceRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.get(
      '/api/auth/sessions',
      { onRequest: app.requireUser, schema: { tags, response: { 200: DeviceSessionsSchema } } },
      (request) => devices.listSessions(ctx, callerOf(request)),
    );

    app.delete(
      '/api/auth/sessions/:id',
      {
        onRequest: app.requireUser,
        schema: { tags, params: SessionIdParamsSchema, response: { 200: MessageResponseSchema } },
      },
      (request) =>
        devices.endSession(ctx, callerOf(request), {
          sessionId: request.params.id,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/auth/activity',
      {
        onRequest: app.requireUser,
        schema: { tags, body: EmptyBodySchema, response: { 200: MessageResponseSchema } },
      },
      (request) => devices.reportActivity(ctx, callerOf(request)),
    );

    app.get(
      '/api/auth/session-policy',
      { onRequest: app.requireUser, schema: { tags, response: { 200: SessionPolicySchema } } },
      (request) => devices.sessionPolicy(ctx, callerOf(request)),
    );

    app.get(
      '/api/admin/idle-sign-out',
      { onRequest: app.requireRole('admin'), schema: { tags, response: { 200: IdleSignOutSettingsSchema } } },
      () => devices.getIdleSettings(ctx),
    );

    app.put(
      '/api/admin/idle-sign-out',
      {
        onRequest: app.requireRole('admin'),
        schema: { tags, body: IdleSignOutSettingsSchema, response: { 200: IdleSignOutSettingsSchema } },
      },
      (request) =>
        devices.putIdleSettings(ctx, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );
  };
}
