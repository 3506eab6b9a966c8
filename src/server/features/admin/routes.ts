import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUserResponseSchema, UserIdParamsSchema } from '../../../shared/admin';
import { EmptyBodySchema } from '../../../shared/api-error';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as admin from './service';

export function adminRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const schema = {
      tags: ['admin'],
      params: UserIdParamsSchema,
      body: EmptyBodySchema,
      response: { 200: AdminUserResponseSchema },
    };
    const onlyAdmins = app.requireRole('admin');

    app.post('/api/admin/users/:id/deactivate', { onRequest: onlyAdmins, schema }, (request) =>
      admin.deactivateUser(ctx, callerOf(request), request.params.id, requestMeta(request)),
    );

    app.post('/api/admin/users/:id/reactivate', { onRequest: onlyAdmins, schema }, (request) =>
      admin.reactivateUser(ctx, callerOf(request), request.params.id, requestMeta(request)),
    );
  };
}
