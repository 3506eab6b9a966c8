import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  CreatePatientInputSchema,
  ListPatientsQuerySchema,
  PatientIdParamsSchema,
  PatientPageSchema,
  PatientPractitionerParamsSchema,
  PatientRecordSchema,
  UpdatePatientInputSchema,
} from '../../../shared/patients';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as patients from './service';

/**
 * Patient records. The collection answers 403 to roles that never list patients; a single record outside
 * the caller's reach answers 404 (the service decides), so ids cannot be probed.
 */
export function patientRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['patients'];
    const onRequest = app.requireUser;
    const record = { 200: PatientRecordSchema };

    app.get(
      '/api/patients',
      {
        onRequest: app.requireRole('practitioner', 'staff', 'admin'),
        schema: { tags, querystring: ListPatientsQuerySchema, response: { 200: PatientPageSchema } },
      },
      (request) =>
        patients.listPatients(ctx.db, callerOf(request), {
          query: request.query,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/patients',
      {
        onRequest: app.requireRole('staff', 'admin'),
        schema: { tags, body: CreatePatientInputSchema, response: { 201: PatientRecordSchema } },
      },
      async (request, reply) => {
        const created = await patients.createPatient(ctx, callerOf(request), {
          input: request.body,
          meta: requestMeta(request),
        });
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/patients/me',
      { onRequest: app.requireRole('patient'), schema: { tags, response: record } },
      (request) => {
        const caller = callerOf(request);
        return patients.getPatient(ctx.db, caller, { id: caller.id, meta: requestMeta(request) });
      },
    );

    app.get(
      '/api/patients/:id',
      { onRequest, schema: { tags, params: PatientIdParamsSchema, response: record } },
      (request) =>
        patients.getPatient(ctx.db, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.patch(
      '/api/patients/:id',
      {
        onRequest,
        schema: { tags, params: PatientIdParamsSchema, body: UpdatePatientInputSchema, response: record },
      },
      (request) =>
        patients.updatePatient(ctx.db, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/patients/:id/deactivate',
      { onRequest, schema: { tags, params: PatientIdParamsSchema, body: EmptyBodySchema, response: record } },
      (request) =>
        patients.deactivatePatient(ctx.db, callerOf(request), {
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );

    const careTeamSchema = {
      tags,
      params: PatientPractitionerParamsSchema,
      body: EmptyBodySchema,
      response: record,
    };
    app.post(
      '/api/patients/:id/practitioners/:practitionerId',
      { onRequest, schema: careTeamSchema },
      (request) =>
        patients.setPractitioner(ctx.db, callerOf(request), {
          id: request.params.id,
          practitionerId: request.params.practitionerId,
          assigned: true,
          meta: requestMeta(request),
        }),
    );
    app.delete(
      '/api/patients/:id/practitioners/:practitionerId',
      { onRequest, schema: careTeamSchema },
      (request) =>
        patients.setPractitioner(ctx.db, callerOf(request), {
          id: request.params.id,
          practitionerId: request.params.practitionerId,
          assigned: false,
          meta: requestMeta(request),
        }),
    );
  };
}
