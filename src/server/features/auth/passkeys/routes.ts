import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import { AuthResponseSchema, MessageResponseSchema } from '../../../../shared/auth';
import {
  AddPasskeyInputSchema,
  PasskeyIdParamsSchema,
  PasskeyListSchema,
  PasskeyLoginInputSchema,
  PasskeyOptionsResponseSchema,
  PasskeySchema,
  RemovePasskeyInputSchema,
  RenamePasskeyInputSchema,
} from '../../../../shared/passkeys';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import * as passkeys from './service';

export function passkeyRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];
    const { limitByAddress } = ctx.rateLimits;

    app.post(
      '/api/auth/passkeys/registration-options',
      {
        onRequest: app.requireUser,
        schema: { tags, body: EmptyBodySchema, response: { 200: PasskeyOptionsResponseSchema } },
      },
      (request) => passkeys.registrationOptions(ctx, callerOf(request)),
    );

    app.post(
      '/api/auth/passkeys',
      {
        onRequest: app.requireUser,
        schema: { tags, body: AddPasskeyInputSchema, response: { 201: PasskeySchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await passkeys.addPasskey(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.get(
      '/api/auth/passkeys',
      { onRequest: app.requireUser, schema: { tags, response: { 200: PasskeyListSchema } } },
      (request) => passkeys.listOwnPasskeys(ctx, callerOf(request)),
    );

    app.patch(
      '/api/auth/passkeys/:id',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          params: PasskeyIdParamsSchema,
          body: RenamePasskeyInputSchema,
          response: { 200: PasskeySchema },
        },
      },
      (request) =>
        passkeys.renameOwnPasskey(ctx, callerOf(request), { id: request.params.id, name: request.body.name }),
    );

    app.delete(
      '/api/auth/passkeys/:id',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          params: PasskeyIdParamsSchema,
          body: RemovePasskeyInputSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      (request) =>
        passkeys.removeOwnPasskey(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/auth/passkey/options',
      {
        onRequest: limitByAddress,
        schema: { tags, body: EmptyBodySchema, response: { 200: PasskeyOptionsResponseSchema } },
      },
      () => passkeys.signInOptions(ctx),
    );

    app.post(
      '/api/auth/passkey/login',
      {
        onRequest: limitByAddress,
        schema: { tags, body: PasskeyLoginInputSchema, response: { 200: AuthResponseSchema } },
      },
      (request) => passkeys.signInWithPasskey(ctx, request.body, requestMeta(request)),
    );
  };
}
