import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { requireDataExchange } from '../clinic-features/service';
import { downloadExportFile, EXPORT_NOT_FOUND, readExport, startExport } from './exports';

const id = z.uuid({ error: EXPORT_NOT_FOUND });
const fileParams = z.object({
  id,
  type: z.string().regex(/^[A-Z][A-Za-z]{1,63}$/, { error: 'type must be a FHIR resource type' }),
});

/** Admins' whole-clinic FHIR export (Bulk Data NDJSON); 409 while data exchange is off. */
export function fhirExportRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['fhir-exports'];
    // The capability is checked after the body is read, so malformed input is a 400 whatever the setting.
    const preHandler = async () => {
      await requireDataExchange(ctx.db);
    };
    const onRequest = [app.requireRole('admin')];

    app.post(
      '/api/fhir-exports',
      { onRequest, preHandler, schema: { tags, body: EmptyBodySchema } },
      (request) => startExport(ctx, callerOf(request), requestMeta(request)),
    );
    app.get(
      '/api/fhir-exports/:id',
      { onRequest, preHandler, schema: { tags, params: z.object({ id }) } },
      (request) => readExport(ctx, request.params.id),
    );
    app.get(
      '/api/fhir-exports/:id/files/:type',
      { onRequest, preHandler, schema: { tags, params: fileParams } },
      async (request, reply) => {
        const body = await downloadExportFile(ctx, callerOf(request), {
          id: request.params.id,
          type: request.params.type,
          meta: requestMeta(request),
        });
        return reply
          .header('content-type', 'application/fhir+ndjson')
          .header('content-disposition', `attachment; filename="${request.params.type}.ndjson"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
}
