import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  CreateServiceTypeInputSchema,
  ServiceTypeSchema,
  UpdateServiceTypeInputSchema,
} from '../../../shared/scheduling';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import * as services from './service';

const ServiceTypeIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Must be a valid id' }) });
/** `include=all` adds retired service types, for the staff who manage them. */
const ListServiceTypesQuerySchema = z.strictObject({
  include: z.enum(['active', 'all'], { error: 'Include must be active or all' }).optional(),
});

/** Service types: everyone signed in reads what is offered; staff and admin manage them. */
export function serviceTypeRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['service-types'];
    const managers = app.requireRole('staff', 'admin');
    const params = ServiceTypeIdParamsSchema;
    const one = { 200: ServiceTypeSchema };

    app.get(
      '/api/service-types',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          querystring: ListServiceTypesQuerySchema,
          response: { 200: z.array(ServiceTypeSchema) },
        },
      },
      (request) => {
        const includeInactive = request.query.include === 'all';
        const { role } = callerOf(request);
        if (includeInactive && role !== 'staff' && role !== 'admin') throw forbidden();
        return services.listServiceTypes(ctx.db, { includeInactive });
      },
    );

    app.post(
      '/api/service-types',
      {
        onRequest: managers,
        schema: { tags, body: CreateServiceTypeInputSchema, response: { 201: ServiceTypeSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await services.createServiceType(ctx.db, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.patch(
      '/api/service-types/:id',
      { onRequest: managers, schema: { tags, params, body: UpdateServiceTypeInputSchema, response: one } },
      (request) =>
        services.updateServiceType(ctx.db, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/service-types/:id/archive',
      { onRequest: managers, schema: { tags, params, body: EmptyBodySchema, response: one } },
      (request) =>
        services.archiveServiceType(ctx.db, callerOf(request), {
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );
  };
}
