import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReportAnswerSchema, ReportParamsSchema, ReportQuerySchema } from '../../../shared/reports';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { reportFor } from './service';

/**
 * GET /api/reports/{report}: one report for a range of days. Patients and members are refused here as a whole;
 * which reports a practitioner or staff member may open is decided by the service.
 */
export function reportRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/reports/:report',
      {
        onRequest: app.requireRole('practitioner', 'staff', 'admin'),
        schema: {
          tags: ['reports'],
          params: ReportParamsSchema,
          querystring: ReportQuerySchema,
          response: { 200: ReportAnswerSchema },
        },
      },
      (request) =>
        reportFor(ctx.db, callerOf(request), {
          report: request.params.report,
          query: request.query,
          meta: requestMeta(request),
        }),
    );
  };
}
