import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import { RECORD_COPY_FORMATS, RecordCopyAnswerSchema } from '../../../shared/record-copies';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { requireDataExchange } from '../clinic-features/service';
import { downloadCopy, latestCopyOf, requestCopy } from './copies';

const params = z.object({
  id: z.uuid({ error: 'Copy not found' }),
  format: z.enum(RECORD_COPY_FORMATS, { error: 'Format must be pdf or fhir' }),
});

/** My Account, "Download my record": the patient's own copies only; 409 while data exchange is off. */
export function recordCopyRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['record-copies'];
    // The capability is checked after the body is read, so malformed input is a 400 whatever the setting.
    const preHandler = async () => {
      await requireDataExchange(ctx.db);
    };
    const onRequest = [app.requireRole('patient')];
    const response = { 200: RecordCopyAnswerSchema };

    app.get(
      '/api/my-record/copies/latest',
      { onRequest, preHandler, schema: { tags, response } },
      (request) => latestCopyOf(ctx, callerOf(request)),
    );
    app.post(
      '/api/my-record/copies',
      { onRequest, preHandler, schema: { tags, body: EmptyBodySchema, response } },
      (request) => requestCopy(ctx, callerOf(request), requestMeta(request)),
    );
    app.get(
      '/api/my-record/copies/:id/:format',
      { onRequest, preHandler, schema: { tags, params } },
      async (request, reply) => {
        const file = await downloadCopy(ctx, callerOf(request), {
          id: request.params.id,
          format: request.params.format,
          meta: requestMeta(request),
        });
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
}
