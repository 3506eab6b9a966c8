import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MeResponseSchema } from '../../../shared/auth';
import { UpdateProfileInputSchema, UploadPhotoInputSchema } from '../../../shared/profile';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as accounts from './service';

export function accountRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['profile'];

    app.put(
      '/api/profile',
      {
        onRequest: app.requireUser,
        schema: { tags, body: UpdateProfileInputSchema, response: { 200: MeResponseSchema } },
      },
      (request) =>
        accounts.updateProfile(ctx, callerOf(request).id, {
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.put(
      '/api/profile/photo',
      {
        onRequest: app.requireUser,
        schema: { tags, body: UploadPhotoInputSchema, response: { 200: MeResponseSchema } },
      },
      (request) =>
        accounts.setPhoto(ctx.db, callerOf(request).id, { input: request.body, meta: requestMeta(request) }),
    );

    app.delete(
      '/api/profile/photo',
      { onRequest: app.requireUser, schema: { tags, response: { 200: MeResponseSchema } } },
      (request) => accounts.removePhoto(ctx.db, callerOf(request).id, requestMeta(request)),
    );

    // Photos are addressed by an unguessable id so an <img> can load them without a bearer header.
    app.get(
      '/api/photos/:photoId',
      { schema: { tags, params: z.strictObject({ photoId: z.uuid({ error: 'photoId must be a UUID' }) }) } },
      async (request, reply) => {
        const photo = await accounts.getPhoto(ctx.db, request.params.photoId);
        return reply
          .header('Content-Type', photo.mimeType)
          .header('Cache-Control', 'private, max-age=31536000, immutable')
          .send(photo.data);
      },
    );
  };
}
