import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddCartItemInputSchema,
  AdminOrdersQuerySchema,
  CartSchema,
  CheckoutAnswerSchema,
  CheckoutInputSchema,
  ConfirmOrderInputSchema,
  CreateProductInputSchema,
  IdParamsSchema,
  MoveOrderInputSchema,
  ORDER_UNPAID_SWEEP_MS,
  OrderAnswerSchema,
  OrdersAnswerSchema,
  ProductAnswerSchema,
  ProductsAnswerSchema,
  ProductsQuerySchema,
  UpdateCartItemInputSchema,
  UpdateProductInputSchema,
  UpdateVariantInputSchema,
  VariantParamsSchema,
} from '../../../shared/store';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { Sweeper, sweepWhileListening } from '../../platform/sweeper';
import type { Payments } from '../payments/service';
import * as service from './service';

/**
 * The store. Any signed-in user browses the catalogue, keeps a cart, checks out and sees their own orders
 * (another's order answers 404). Managing products and moving orders on are the admin's.
 */
export function storeRoutes(ctx: AppContext, payments: Payments) {
  payments.onSucceeded((intent) => service.settleOrder(ctx, payments, intent));
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['store'];
    const user = app.requireUser;
    const admin = app.requireRole('admin');
    sweepWhileListening(
      fastify,
      new Sweeper('unpaid order sweep', () => service.sweepUnpaid(ctx), {
        intervalMs: ORDER_UNPAID_SWEEP_MS,
        log: ctx.log,
      }),
    );

    app.get(
      '/api/products',
      {
        onRequest: user,
        schema: { tags, querystring: ProductsQuerySchema, response: { 200: ProductsAnswerSchema } },
      },
      (request) => service.listProducts(ctx.db, callerOf(request), request.query),
    );
    app.get(
      '/api/products/:id',
      { onRequest: user, schema: { tags, params: IdParamsSchema, response: { 200: ProductAnswerSchema } } },
      (request) => service.getProduct(ctx.db, callerOf(request), request.params.id),
    );
    app.post(
      '/api/products',
      {
        onRequest: admin,
        schema: { tags, body: CreateProductInputSchema, response: { 201: ProductAnswerSchema } },
      },
      async (request, reply) => {
        const answer = await service.createProduct(
          ctx,
          callerOf(request),
          request.body,
          requestMeta(request),
        );
        return reply.code(201).send(answer);
      },
    );
    app.patch(
      '/api/products/:id',
      {
        onRequest: admin,
        schema: {
          tags,
          params: IdParamsSchema,
          body: UpdateProductInputSchema,
          response: { 200: ProductAnswerSchema },
        },
      },
      (request) =>
        service.updateProduct(ctx, callerOf(request), request.params.id, request.body, requestMeta(request)),
    );
    app.patch(
      '/api/products/:id/variants/:variantId',
      {
        onRequest: admin,
        schema: {
          tags,
          params: VariantParamsSchema,
          body: UpdateVariantInputSchema,
          response: { 200: ProductAnswerSchema },
        },
      },
      (request) =>
        service.updateVariant(
          ctx,
          callerOf(request),
          request.params.id,
          request.params.variantId,
          request.body,
          requestMeta(request),
        ),
    );

    app.get('/api/cart', { onRequest: user, schema: { tags, response: { 200: CartSchema } } }, (request) =>
      service.getCart(ctx.db, callerOf(request)),
    );
    app.post(
      '/api/cart/items',
      { onRequest: user, schema: { tags, body: AddCartItemInputSchema, response: { 200: CartSchema } } },
      (request) => service.addToCart(ctx.db, callerOf(request), request.body),
    );
    app.patch(
      '/api/cart/items/:id',
      {
        onRequest: user,
        schema: {
          tags,
          params: IdParamsSchema,
          body: UpdateCartItemInputSchema,
          response: { 200: CartSchema },
        },
      },
      (request) =>
        service.updateCartItem(ctx.db, callerOf(request), request.params.id, request.body.quantity),
    );
    app.delete(
      '/api/cart/items/:id',
      { onRequest: user, schema: { tags, params: IdParamsSchema, response: { 200: CartSchema } } },
      (request) => service.removeCartItem(ctx.db, callerOf(request), request.params.id),
    );

    app.post(
      '/api/orders/checkout',
      {
        onRequest: [user, async (request) => payments.limits.consume(request.ip)],
        schema: { tags, body: CheckoutInputSchema, response: { 200: CheckoutAnswerSchema } },
      },
      (request) =>
        service.checkout(
          ctx,
          payments,
          callerOf(request),
          request.body.shippingAddress,
          requestMeta(request),
        ),
    );
    app.post(
      '/api/orders/confirm',
      {
        onRequest: user,
        schema: { tags, body: ConfirmOrderInputSchema, response: { 200: OrderAnswerSchema } },
      },
      (request) => service.confirm(ctx, payments, callerOf(request), request.body.paymentIntentId),
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
        service.moveOrder(
          ctx,
          payments,
          callerOf(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
    );
  };
}
