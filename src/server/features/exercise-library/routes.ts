import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  CreateExerciseInputSchema,
  EXERCISE_ERRORS,
  EXERCISE_VIDEO_MAX_BYTES,
  ExerciseIdParamsSchema,
  ExercisePageSchema,
  ExerciseSchema,
  FileIdParamsSchema,
  ListExercisesQuerySchema,
  MediaFileSchema,
  UpdateExerciseInputSchema,
} from '../../../shared/exercise-library';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { AppError, badRequest } from '../../platform/errors';
import { openMedia, safeFileName, uploadMedia } from './media';
import * as library from './service';

/**
 * The exercise library: practitioners, staff and admins find, write and archive exercises and upload their
 * pictures and videos; patients see an exercise's media (their programmes show it), never the library.
 */
export function exerciseLibraryRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['exercises'];
    const writers = app.requireRole('practitioner', 'staff', 'admin');
    const params = ExerciseIdParamsSchema;
    const one = { 200: ExerciseSchema };

    app.get(
      '/api/exercises',
      {
        onRequest: writers,
        schema: { tags, querystring: ListExercisesQuerySchema, response: { 200: ExercisePageSchema } },
      },
      (request) => library.listExercises(ctx.db, request.query),
    );

    app.get(
      '/api/exercises/:id',
      { onRequest: writers, schema: { tags, params, response: one } },
      (request) => library.getExercise(ctx.db, request.params.id),
    );

    app.post(
      '/api/exercises',
      {
        onRequest: writers,
        schema: { tags, body: CreateExerciseInputSchema, response: { 201: ExerciseSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await library.createExercise(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.patch(
      '/api/exercises/:id',
      { onRequest: writers, schema: { tags, params, body: UpdateExerciseInputSchema, response: one } },
      (request) =>
        library.updateExercise(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    for (const [action, archived] of [
      ['archive', true],
      ['restore', false],
    ] as const) {
      app.post(
        `/api/exercises/:id/${action}`,
        { onRequest: writers, schema: { tags, params, body: EmptyBodySchema, response: one } },
        (request) =>
          library.setArchived(ctx, callerOf(request), {
            id: request.params.id,
            archived,
            meta: requestMeta(request),
          }),
      );
    }

    app.get(
      '/api/exercises/media/:fileId',
      {
        onRequest: app.requireRole('patient', 'practitioner', 'staff', 'admin'),
        schema: { tags, params: FileIdParamsSchema },
      },
      async (request, reply) => {
        const { file, range, body } = await openMedia(ctx, callerOf(request), {
          fileId: request.params.fileId,
          range: request.headers.range,
        });
        const etag = `"${file.sha256}"`;
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `inline; filename="${safeFileName(file.originalName)}"`)
          // The bytes under an id never change; only the signed-in person's browser keeps them.
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('etag', etag)
          .header('accept-ranges', 'bytes')
          // A file opened on its own is never a page: no script, no frames, nothing loaded from it.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cross-origin-resource-policy', 'same-origin');
        if (!body) return reply.status(416).header('content-range', `bytes */${file.byteSize}`).send();
        if (request.headers['if-none-match'] === etag) {
          body.destroy();
          return reply.status(304).send();
        }
        if (!range) return reply.header('content-length', String(file.byteSize)).send(body);
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.byteSize}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(body);
      },
    );

    // Multipart is read by this one route only: every other call of the API still takes JSON alone.
    await app.register(async (uploads) => {
      await uploads.register(fastifyMultipart, {
        limits: { fileSize: EXERCISE_VIDEO_MAX_BYTES + 1, files: 1, fields: 5, parts: 6, headerPairs: 100 },
      });
      uploads
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/api/exercises/media',
          { onRequest: writers, schema: { tags, response: { 201: MediaFileSchema } } },
          async (request, reply) => {
            if (!request.isMultipart())
              throw new AppError('UNSUPPORTED_MEDIA_TYPE', EXERCISE_ERRORS.notMultipart);
            const part = await request.file().catch((error: { statusCode?: number }) => {
              if (error.statusCode && error.statusCode < 500) throw error;
              throw badRequest(EXERCISE_ERRORS.malformed);
            });
            if (!part) throw badRequest(EXERCISE_ERRORS.noFile, { file: EXERCISE_ERRORS.noFile });
            const stored = await uploadMedia(ctx, callerOf(request), {
              stream: part.file,
              filename: part.filename,
              meta: requestMeta(request),
            });
            return reply.status(201).send(stored);
          },
        );
    });
  };
}
