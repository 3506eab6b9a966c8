import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../../shared/store';
import {
  AdminOrdersQuerySchema,
  CheckoutAnswerSchema,
  CheckoutInputSchema,
  ConfirmOrderInputSchema,
  MoveOrderInputSchema,
  OrderAnswerSchema,
  OrdersAnswerSchema,
} from '../../../../shared/store-orders';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import type { Payments } from '../../payments/service';
import { checkout } from './checkout';
import * as service from './service';
import { confirm } from './settle';

/**
 * A signed-in user checks out their cart, confirms the payment and sees their own orders (another's order
 * answers 404); seeing every order and moving orders on is the admin's.
 */
export function orderRoutes(ctx: AppContext, payments: Payments) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['store'];
    const user = app.requireUser;
    const admin = app.requireRole('admin');

    app.post(
      '/api/orders/checkout',
      {
        onRequest: [user, async (request) => payments.limits.consume(request.ip)],
        schema: { tags, body: CheckoutInputSchema, response: { 200: CheckoutAnswerSchema } },
      },
      (request) =>
        checkout(ctx, {
          payments,
          caller: callerOf(request),
          shippingAddress: request.body.shippingAddress,
          meta: requestMeta(request),
        }),
    );
    app.post(
      '/api/orders/confirm',
      {
        onRequest: user,
        schema: { tags, body: ConfirmOrderInputSchema, response: { 200: OrderAnswerSchema } },
      },
      (request) =>
        confirm(ctx, { payments, caller: callerOf(request), paymentIntentId: request.body.paymentIntentId }),
    );
    app.get(
      '/api/orders',
      { onRequest: user, schema: { tags, response: { 200: OrdersAnswerSchema } } },
      (request) => service.listMine(ctx.db, callerOf(request)),
    );
    app.get(
      '/api/orders/:id',
      { onRequest: user, schema: { tags, params: IdParamsSchema, response: { 200: OrderAnswerSchema } } },
      (request) => service.getOrder(ctx.db, callerOf(request), request.params.id),
    );

    app.get(
      '/api/admin/orders',
      {
        onRequest: admin,
        schema: { tags, querystring: AdminOrdersQuerySchema, response: { 200: OrdersAnswerSchema } },
      },
      (request) => service.listForAdmin(ctx.db, request.query),
    );
    app.post(
      '/api/admin/orders/:id/status',
      {
        onRequest: admin,
        schema: {
          tags,
          params: IdParamsSchema,
          body: MoveOrderInputSchema,
          response: { 200: OrderAnswerSchema },
        },
      },
      (request) =>
        service.moveOrder(ctx, {
          payments,
          caller: callerOf(request),
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
