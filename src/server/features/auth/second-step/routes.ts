import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import { AuthResponseSchema, EnrolledResponseSchema, MessageResponseSchema } from '../../../../shared/auth';
import {
  EnrolConfirmInputSchema,
  EnrolStartInputSchema,
  RecoveryCodesSchema,
  SecondStepInputSchema,
  SignInPolicySchema,
  TotpConfirmInputSchema,
  TotpSetupSchema,
  TwoStepDisableInputSchema,
  TwoStepStatusSchema,
} from '../../../../shared/two-step';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import * as twoStep from './service';

/** Two-step sign-in: the second step of a sign-in, the authenticator app in Settings, and the clinic's policy. */
export function twoStepRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];
    const { limitByAddress } = ctx.rateLimits;

    app.post(
      '/api/auth/login/second-step',
      {
        onRequest: limitByAddress,
        schema: { tags, body: SecondStepInputSchema, response: { 200: AuthResponseSchema } },
      },
      (request) => twoStep.completeSecondStep(ctx, request.body, requestMeta(request)),
    );

    app.get(
      '/api/two-step',
      { onRequest: app.requireUser, schema: { tags, response: { 200: TwoStepStatusSchema } } },
      (request) => twoStep.status(ctx, callerOf(request)),
    );

    app.post(
      '/api/two-step/setup',
      {
        onRequest: app.requireUser,
        schema: { tags, body: EmptyBodySchema, response: { 200: TotpSetupSchema } },
      },
      (request) => twoStep.startSetup(ctx, callerOf(request)),
    );

    app.post(
      '/api/two-step/setup/confirm',
      {
        onRequest: app.requireUser,
        schema: { tags, body: TotpConfirmInputSchema, response: { 200: RecoveryCodesSchema } },
      },
      (request) =>
        twoStep.confirmSetup(ctx, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );

    app.post(
      '/api/two-step/disable',
      {
        onRequest: app.requireUser,
        schema: { tags, body: TwoStepDisableInputSchema, response: { 200: MessageResponseSchema } },
      },
      (request) =>
        twoStep.disable(ctx, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );

    app.post(
      '/api/two-step/recovery-codes',
      {
        onRequest: app.requireUser,
        schema: { tags, body: TotpConfirmInputSchema, response: { 200: RecoveryCodesSchema } },
      },
      (request) =>
        twoStep.replaceRecoveryCodes(ctx, callerOf(request), {
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/two-step/enrol/start',
      {
        onRequest: limitByAddress,
        schema: { tags, body: EnrolStartInputSchema, response: { 200: TotpSetupSchema } },
      },
      (request) => twoStep.startEnrolment(ctx, request.body),
    );

    app.post(
      '/api/two-step/enrol/confirm',
      {
        onRequest: limitByAddress,
        schema: { tags, body: EnrolConfirmInputSchema, response: { 200: EnrolledResponseSchema } },
      },
      (request) => twoStep.confirmEnrolment(ctx, request.body, requestMeta(request)),
    );

    const adminOnly = app.requireRole('admin');
    app.get(
      '/api/admin/sign-in-policy',
      { onRequest: adminOnly, schema: { tags: ['admin'], response: { 200: SignInPolicySchema } } },
      () => twoStep.getPolicy(ctx),
    );

    app.put(
      '/api/admin/sign-in-policy',
      {
        onRequest: adminOnly,
        schema: { tags: ['admin'], body: SignInPolicySchema, response: { 200: SignInPolicySchema } },
      },
      (request) =>
        twoStep.setPolicy(ctx, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );
  };
}
