import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  IMPORT_BODY_LIMIT_BYTES,
  ImportIdParamsSchema,
  ImportInputSchema,
  ImportPreviewSchema,
  ImportRunListSchema,
  ImportRunSchema,
} from '../../../shared/imports';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as imports from './service';

/** Admin > Import: admins only (403 to anyone else signed in, 401 to a visitor). */
export function importRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = app.requireRole('admin');
    const tags = ['imports'];
    const bodyLimit = IMPORT_BODY_LIMIT_BYTES;

    app.post(
      '/api/admin/imports/preview',
      {
        onRequest,
        bodyLimit,
        schema: { tags, body: ImportInputSchema, response: { 200: ImportPreviewSchema } },
      },
      (request) => imports.previewImport(ctx, request.body),
    );

    app.post(
      '/api/admin/imports',
      { onRequest, bodyLimit, schema: { tags, body: ImportInputSchema, response: { 202: ImportRunSchema } } },
      async (request, reply) =>
        reply.status(202).send(
          await imports.startImport(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.get(
      '/api/admin/imports',
      { onRequest, schema: { tags, response: { 200: ImportRunListSchema } } },
      () => imports.listImports(ctx),
    );

    app.get(
      '/api/admin/imports/:id',
      { onRequest, schema: { tags, params: ImportIdParamsSchema, response: { 200: ImportRunSchema } } },
      (request) => imports.getImport(ctx, request.params.id),
    );

    app.post(
      '/api/admin/imports/:id/undo',
      {
        onRequest,
        schema: {
          tags,
          params: ImportIdParamsSchema,
          body: EmptyBodySchema,
          response: { 200: ImportRunSchema },
        },
      },
      (request) =>
        imports.undoImport(ctx, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );
  };
}
