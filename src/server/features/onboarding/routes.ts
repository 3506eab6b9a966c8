import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  AccountStepResponseSchema,
  AccountStepSchema,
  IntakeStepParamsSchema,
  OnboardingStateSchema,
  PatientConsentListSchema,
} from '../../../shared/onboarding';
import { PatientIdParamsSchema } from '../../../shared/patients';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as onboarding from './service';

/**
 * Patient onboarding (/patient-onboarding): a visitor makes the patient account, then the patient saves the
 * intake one step at a time and completes it. Only patients reach the intake (others 403); the consents a
 * patient signed are read like the rest of the record (outside the caller's reach: 404).
 */
export function onboardingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['onboarding'];
    const patientsOnly = app.requireRole('patient');
    const state = { 200: OnboardingStateSchema };
    const { limitByAddress } = ctx.rateLimits;

    app.post(
      '/api/onboarding/account',
      {
        onRequest: limitByAddress,
        schema: { tags, body: AccountStepSchema, response: { 201: AccountStepResponseSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await onboarding.createAccount(ctx, request.body, requestMeta(request))),
    );

    app.get('/api/onboarding', { onRequest: patientsOnly, schema: { tags, response: state } }, (request) =>
      onboarding.getOnboarding(ctx.db, callerOf(request), requestMeta(request)),
    );

    app.put(
      '/api/onboarding/steps/:step',
      {
        onRequest: patientsOnly,
        // Each step's own shared schema is applied by the service, which knows the step.
        schema: {
          tags,
          params: IntakeStepParamsSchema,
          body: z.record(z.string(), z.unknown()),
          response: state,
        },
      },
      (request) =>
        onboarding.saveStep(ctx.db, callerOf(request), {
          step: request.params.step,
          body: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/onboarding/complete',
      { onRequest: patientsOnly, schema: { tags, body: EmptyBodySchema, response: state } },
      (request) => onboarding.completeOnboarding(ctx, callerOf(request), requestMeta(request)),
    );

    app.get(
      '/api/patients/:id/consents',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['patients'],
          params: PatientIdParamsSchema,
          response: { 200: PatientConsentListSchema },
        },
      },
      (request) =>
        onboarding.listConsents(ctx.db, callerOf(request), {
          patientId: request.params.id,
          meta: requestMeta(request),
        }),
    );
  };
}
