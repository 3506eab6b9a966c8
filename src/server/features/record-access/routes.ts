import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PatientIdParamsSchema } from '../../../shared/patients';
import { AccessLogPageSchema, AccessLogQuerySchema } from '../../../shared/record-access';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { notFound } from '../../platform/errors';
import * as recordAccess from './service';

/** Who opened a patient's record, from the activity log: the patient's own, and any patient's for staff and admin. */
export function recordAccessRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['record-access'];
    const response = { 200: AccessLogPageSchema };

    app.get(
      '/api/patients/me/access-log',
      { onRequest: app.requireUser, schema: { tags, querystring: AccessLogQuerySchema, response } },
      (request) => {
        const caller = callerOf(request);
        // Only a patient has a record of their own.
        if (caller.role !== 'patient') throw notFound(recordAccess.PATIENT_NOT_FOUND);
        return recordAccess.accessLogOf(ctx.db, caller, {
          patientId: caller.id,
          query: request.query,
          meta: requestMeta(request),
        });
      },
    );

    app.get(
      '/api/patients/:id/access-log',
      {
        onRequest: app.requireUser,
        schema: { tags, params: PatientIdParamsSchema, querystring: AccessLogQuerySchema, response },
      },
      (request) =>
        recordAccess.accessLogOf(ctx.db, callerOf(request), {
          patientId: request.params.id,
          query: request.query,
          meta: requestMeta(request),
        }),
    );
  };
}
