import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TransactionsExportQuerySchema,
  TransactionsPageSchema,
  TransactionsQuerySchema,
} from '../../../shared/transactions';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as service from './service';

/** The clinic's ledger: admins only (403 to anyone else signed in, 401 to a visitor). */
export function transactionRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const onRequest = app.requireRole('admin');
    const tags = ['transactions'];

    app.get(
      '/api/admin/transactions',
      {
        onRequest,
        schema: { tags, querystring: TransactionsQuerySchema, response: { 200: TransactionsPageSchema } },
      },
      (request) => service.listTransactions(ctx.db, request.query),
    );

    app.get(
      '/api/admin/transactions/export.csv',
      { onRequest, schema: { tags, querystring: TransactionsExportQuerySchema } },
      async (request, reply) => {
        const csv = await service.exportTransactions(ctx.db, callerOf(request), {
          filter: request.query,
          meta: requestMeta(request),
        });
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
