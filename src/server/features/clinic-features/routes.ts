import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClinicFeaturesAnswerSchema, ClinicFeaturesSchema } from '../../../shared/clinic-features';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { getFeatures, putFeatures } from './service';

/** The clinic's optional capabilities: read by every signed-in user (screens follow them), set by admins. */
export function clinicFeatureRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['clinic'];
    const response = { 200: ClinicFeaturesAnswerSchema };

    app.get('/api/clinic/features', { onRequest: app.requireUser, schema: { tags, response } }, () =>
      getFeatures(ctx.db),
    );

    app.put(
      '/api/clinic/features',
      { onRequest: app.requireRole('admin'), schema: { tags, body: ClinicFeaturesSchema, response } },
      (request) =>
        putFeatures(ctx.db, {
          callerId: callerOf(request).id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
