import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PackageAnswerSchema,
  PackageIdParamsSchema,
  PackageInputSchema,
  PackageListAnswerSchema,
  PatientPackagesAnswerSchema,
  PatientPackagesQuerySchema,
} from '../../../../shared/billing-packages';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import { createPackage, deletePackage, listHeld, listPackages, updatePackage } from './service';

/**
 * Packages of sessions, while session billing is on: the catalogue is read by whoever bills and written by
 * admins; the packages a patient holds are read by the patient (their own) and those who reach the patient.
 */
export function packageRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const admin = app.requireRole('admin');
    const params = PackageIdParamsSchema;
    const response = { 200: PackageAnswerSchema };

    app.get(
      '/api/billing/packages',
      {
        onRequest: app.requireRole('practitioner', 'staff', 'admin'),
        schema: { tags, response: { 200: PackageListAnswerSchema } },
      },
      () => listPackages(ctx.db),
    );

    app.post(
      '/api/billing/packages',
      {
        onRequest: admin,
        schema: { tags, body: PackageInputSchema, response: { 201: PackageAnswerSchema } },
      },
      async (request, reply) => {
        const made = await createPackage(ctx.db, callerOf(request), {
          input: request.body,
          meta: requestMeta(request),
        });
        return reply.status(201).send(made);
      },
    );

    app.put(
      '/api/billing/packages/:id',
      { onRequest: admin, schema: { tags, params, body: PackageInputSchema, response } },
      (request) =>
        updatePackage(ctx.db, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.delete(
      '/api/billing/packages/:id',
      { onRequest: admin, schema: { tags, params, response: { 204: z.null() } } },
      async (request, reply) => {
        await deletePackage(ctx.db, callerOf(request), { id: request.params.id, meta: requestMeta(request) });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/billing/patient-packages',
      {
        onRequest: app.requireRole('patient', 'practitioner', 'staff', 'admin'),
        schema: {
          tags,
          querystring: PatientPackagesQuerySchema,
          response: { 200: PatientPackagesAnswerSchema },
        },
      },
      (request) =>
        listHeld(ctx.db, callerOf(request), {
          patientId: request.query.patientId,
          meta: requestMeta(request),
        }),
    );
  };
}
