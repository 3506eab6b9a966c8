import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  StatementAnswerSchema,
  StatementEmailInputSchema,
  StatementQuerySchema,
} from '../../../../shared/billing';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import { sendPdf, statementPdf } from '../pdf';
import { emailStatement, readStatement } from './service';

/**
 * Patient statements, while session billing is on: read (and downloaded as a PDF) by the patient and by whoever
 * may see the patient's invoices; emailed to the patient by staff and admins.
 */
export function statementRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const readers = app.requireRole('patient', 'practitioner', 'staff', 'admin');

    app.get(
      '/api/billing/statements',
      {
        onRequest: readers,
        schema: { tags, querystring: StatementQuerySchema, response: { 200: StatementAnswerSchema } },
      },
      (request) =>
        readStatement(ctx.db, callerOf(request), { query: request.query, meta: requestMeta(request) }),
    );

    app.get(
      '/api/billing/statements/pdf',
      { onRequest: readers, schema: { tags, querystring: StatementQuerySchema } },
      async (request, reply) => {
        const { statement } = await readStatement(ctx.db, callerOf(request), {
          query: request.query,
          meta: requestMeta(request),
          action: 'billing.statement_downloaded',
        });
        return sendPdf(
          reply,
          `statement-${statement.from}-to-${statement.to}.pdf`,
          await statementPdf(statement),
        );
      },
    );

    app.post(
      '/api/billing/statements/email',
      {
        onRequest: app.requireRole('staff', 'admin'),
        schema: { tags, body: StatementEmailInputSchema, response: { 200: StatementAnswerSchema } },
      },
      (request) =>
        emailStatement(ctx, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );
  };
}
