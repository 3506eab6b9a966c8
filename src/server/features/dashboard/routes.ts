import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSchema } from '../../../shared/dashboard';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { dashboardOf } from './service';

/** GET /api/dashboard: every signed-in person's own dashboard, chosen by their role. */
export function dashboardRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/dashboard',
      { onRequest: app.requireUser, schema: { tags: ['dashboard'], response: { 200: DashboardSchema } } },
      (request) => dashboardOf(ctx.db, callerOf(request), requestMeta(request)),
    );
  };
}
