import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckoutAnswerSchema,
  CheckoutInputSchema,
  CheckoutParamsSchema,
  CheckoutPreviewSchema,
} from '../../../../shared/billing';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import type { Payments } from '../../payments/service';
import { checkout, checkoutPreview } from './service';

/** Checkout of a completed session, while session billing is on: practitioners their own, the desk any. */
export function checkoutRoutes(ctx: AppContext, payments: Payments) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const writers = app.requireRole('practitioner', 'staff', 'admin');
    const params = CheckoutParamsSchema;

    app.get(
      '/api/invoices/checkout/:appointmentId',
      { onRequest: writers, schema: { tags, params, response: { 200: CheckoutPreviewSchema } } },
      (request) => checkoutPreview(ctx.db, callerOf(request), request.params.appointmentId),
    );

    app.post(
      '/api/invoices/checkout/:appointmentId',
      {
        onRequest: writers,
        schema: { tags, params, body: CheckoutInputSchema, response: { 200: CheckoutAnswerSchema } },
      },
      (request) =>
        checkout(ctx, callerOf(request), {
          payments,
          appointmentId: request.params.appointmentId,
          input: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
