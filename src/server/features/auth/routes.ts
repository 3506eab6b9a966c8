import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  AuthResponseSchema,
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
} from '../../../shared/auth';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as accounts from '../accounts/service';
import * as auth from './service';

export function authRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];
    const { limitByAddress } = ctx.rateLimits;

    app.post(
      '/api/auth/login',
      {
        onRequest: limitByAddress,
        schema: { tags, body: LoginInputSchema, response: { 200: LoginResponseSchema } },
      },
      (request) => auth.login(ctx, request.body, requestMeta(request)),
    );

    app.post(
      '/api/auth/register',
      {
        onRequest: limitByAddress,
        schema: { tags, body: RegisterInputSchema, response: { 201: AuthResponseSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await auth.register(ctx, request.body, requestMeta(request))),
    );

    app.get(
      '/api/auth/me',
      { onRequest: app.requireUser, schema: { tags, response: { 200: MeResponseSchema } } },
      (request) => accounts.getAccount(ctx.db, callerOf(request).id),
    );

    app.post(
      '/api/auth/logout',
      {
        onRequest: app.requireUser,
        schema: { tags, body: EmptyBodySchema, response: { 200: MessageResponseSchema } },
      },
      (request) => auth.logout(ctx, callerOf(request), requestMeta(request)),
    );

    app.post(
      '/api/auth/logout-all',
      {
        onRequest: app.requireUser,
        schema: { tags, body: EmptyBodySchema, response: { 200: MessageResponseSchema } },
      },
      (request) => auth.logoutEverywhere(ctx, callerOf(request), requestMeta(request)),
    );

    app.post(
      '/api/auth/forgot-password',
      {
        onRequest: limitByAddress,
        schema: { tags, body: ForgotPasswordInputSchema, response: { 200: MessageResponseSchema } },
      },
      (request) => auth.forgotPassword(ctx, request.body, requestMeta(request)),
    );

    app.post(
      '/api/auth/reset-password',
      {
        onRequest: limitByAddress,
        schema: { tags, body: ResetPasswordInputSchema, response: { 200: MessageResponseSchema } },
      },
      (request) => auth.resetPassword(ctx, request.body, requestMeta(request)),
    );

    app.post(
      '/api/auth/change-password',
      {
        onRequest: app.requireUser,
        schema: { tags, body: ChangePasswordInputSchema, response: { 200: MessageResponseSchema } },
      },
      (request) =>
        auth.changePassword(ctx, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );
  };
}
