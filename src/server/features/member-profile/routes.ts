import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  ContactStepSchema,
  InterestsStepSchema,
  MemberProfileAnswerSchema,
  SupportStepSchema,
  UpdateMemberProfileInputSchema,
} from '../../../shared/member-profile';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as service from './service';

/**
 * The member's own profile and onboarding: members only (other roles 403, visitors 401), and only ever the
 * caller's own, so there is no id to name anyone else's.
 */
export function memberProfileRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['member profile'];
    const member = app.requireRole('member');
    const answer = { 200: MemberProfileAnswerSchema };

    app.get('/api/member/profile', { onRequest: member, schema: { tags, response: answer } }, (request) =>
      service.getProfile(ctx.db, callerOf(request).id),
    );
    app.put(
      '/api/member/profile',
      { onRequest: member, schema: { tags, body: UpdateMemberProfileInputSchema, response: answer } },
      (request) =>
        service.updateProfile(ctx, {
          userId: callerOf(request).id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );
    app.put(
      '/api/member/onboarding/interests',
      { onRequest: member, schema: { tags, body: InterestsStepSchema, response: answer } },
      (request) =>
        service.saveStep(ctx, {
          userId: callerOf(request).id,
          step: 'interests',
          input: request.body,
          meta: requestMeta(request),
        }),
    );
    app.put(
      '/api/member/onboarding/support',
      { onRequest: member, schema: { tags, body: SupportStepSchema, response: answer } },
      (request) =>
        service.saveStep(ctx, {
          userId: callerOf(request).id,
          step: 'support',
          input: request.body,
          meta: requestMeta(request),
        }),
    );
    app.put(
      '/api/member/onboarding/contact',
      { onRequest: member, schema: { tags, body: ContactStepSchema, response: answer } },
      (request) =>
        service.saveStep(ctx, {
          userId: callerOf(request).id,
          step: 'contact',
          input: request.body,
          meta: requestMeta(request),
        }),
    );
    app.post(
      '/api/member/onboarding/finish',
      { onRequest: member, schema: { tags, body: EmptyBodySchema, response: answer } },
      (request) => service.finishOnboarding(ctx, callerOf(request).id, requestMeta(request)),
    );
  };
}
