import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import {
  AppliedFeeAnswerSchema,
  FeeAnswerSchema,
  FeeIdParamsSchema,
  FeeListAnswerSchema,
  ListFeesQuerySchema,
  WaiveFeeInputSchema,
} from '../../../../shared/billing-fees';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import { applyFee, listFees, waiveFee } from './service';

/**
 * Late-cancellation and no-show fees: the desk (staff, admins) and the practitioners of the sessions list and
 * apply them; staff and admins waive them. Patients and members get 403; a fee out of reach answers 404.
 */
export function feeRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const onRequest = app.requireRole('practitioner', 'staff', 'admin');
    const params = FeeIdParamsSchema;

    app.get(
      '/api/billing/fees',
      {
        onRequest,
        schema: { tags, querystring: ListFeesQuerySchema, response: { 200: FeeListAnswerSchema } },
      },
      (request) => listFees(ctx, callerOf(request), { query: request.query, meta: requestMeta(request) }),
    );

    app.post(
      '/api/billing/fees/:id/apply',
      {
        onRequest,
        schema: { tags, params, body: EmptyBodySchema, response: { 200: AppliedFeeAnswerSchema } },
      },
      (request) => applyFee(ctx, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.post(
      '/api/billing/fees/:id/waive',
      { onRequest, schema: { tags, params, body: WaiveFeeInputSchema, response: { 200: FeeAnswerSchema } } },
      (request) =>
        waiveFee(ctx, callerOf(request), {
          id: request.params.id,
          reason: request.body.reason,
          meta: requestMeta(request),
        }),
    );
  };
}
