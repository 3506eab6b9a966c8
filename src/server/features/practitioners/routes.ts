import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PractitionerListSchema } from '../../../shared/practitioners';
import type { AppContext } from '../../platform/context';
import { listPractitioners } from './service';

/**
 * The clinic's practitioners for the roles that filter or assign by practitioner. Patients and members
 * never pick a practitioner here, so they are refused.
 */
export function practitionerRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/practitioners',
      {
        onRequest: app.requireRole('practitioner', 'staff', 'admin'),
        schema: { tags: ['practitioners'], response: { 200: PractitionerListSchema } },
      },
      () => listPractitioners(ctx.db),
    );
  };
}
