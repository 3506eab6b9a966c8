import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActivityFiltersSchema,
  ActivityPageSchema,
  AdminMessageSchema,
  AdminOverviewSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserResponseSchema,
  ChangeRoleInputSchema,
  CreateUserInputSchema,
  ListActivityQuerySchema,
  ListUsersQuerySchema,
  UpdateUserInputSchema,
  UserIdParamsSchema,
} from '../../../shared/admin';
import { EmptyBodySchema } from '../../../shared/api-error';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as activity from './activity';
import { getOverview } from './overview';
import * as admin from './service';

/** Every route here is the admin panel's: admins only (403 to anyone else signed in, 401 to a visitor). */
export function adminRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = app.requireRole('admin');
    const tags = ['admin'];
    const byId = { tags, params: UserIdParamsSchema };

    app.get(
      '/api/admin/overview',
      { onRequest, schema: { tags, response: { 200: AdminOverviewSchema } } },
      () => getOverview(ctx),
    );

    app.get(
      '/api/admin/users',
      {
        onRequest,
        schema: { tags, querystring: ListUsersQuerySchema, response: { 200: AdminUserPageSchema } },
      },
      (request) =>
        admin.listUsers(ctx, callerOf(request), { query: request.query, meta: requestMeta(request) }),
    );

    app.post(
      '/api/admin/users',
      { onRequest, schema: { tags, body: CreateUserInputSchema, response: { 201: AdminUserDetailSchema } } },
      async (request, reply) =>
        reply.status(201).send(
          await admin.createUser(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.get(
      '/api/admin/users/:id',
      { onRequest, schema: { ...byId, response: { 200: AdminUserDetailSchema } } },
      (request) =>
        admin.viewUser(ctx, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.patch(
      '/api/admin/users/:id',
      {
        onRequest,
        schema: { ...byId, body: UpdateUserInputSchema, response: { 200: AdminUserDetailSchema } },
      },
      (request) =>
        admin.updateUser(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.put(
      '/api/admin/users/:id/role',
      {
        onRequest,
        schema: { ...byId, body: ChangeRoleInputSchema, response: { 200: AdminUserDetailSchema } },
      },
      (request) =>
        admin.changeRole(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/admin/users/:id/password-reset',
      { onRequest, schema: { ...byId, body: EmptyBodySchema, response: { 200: AdminMessageSchema } } },
      (request) =>
        admin.sendPasswordReset(ctx, callerOf(request), {
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );

    const statusSchema = { ...byId, body: EmptyBodySchema, response: { 200: AdminUserResponseSchema } };
    app.post('/api/admin/users/:id/deactivate', { onRequest, schema: statusSchema }, (request) =>
      admin.deactivateUser(ctx, callerOf(request), { userId: request.params.id, meta: requestMeta(request) }),
    );
    app.post('/api/admin/users/:id/reactivate', { onRequest, schema: statusSchema }, (request) =>
      admin.reactivateUser(ctx, callerOf(request), { userId: request.params.id, meta: requestMeta(request) }),
    );

    // The log is append-only: it is read and exported here, and no route edits or deletes an entry.
    app.get(
      '/api/admin/activity',
      {
        onRequest,
        schema: { tags, querystring: ListActivityQuerySchema, response: { 200: ActivityPageSchema } },
      },
      (request) => activity.listActivity(ctx, request.query),
    );

    app.get(
      '/api/admin/activity/export',
      { onRequest, schema: { tags, querystring: ActivityFiltersSchema } },
      async (request, reply) => {
        const csv = await activity.exportActivity(ctx, callerOf(request), {
          filters: request.query,
          meta: requestMeta(request),
        });
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
