import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../../shared/store';
import {
  AddCartItemInputSchema,
  CartSchema,
  UpdateCartItemInputSchema,
} from '../../../../shared/store-orders';
import { callerOf } from '../../../platform/auth-guard';
import type { AppContext } from '../../../platform/context';
import * as service from './service';

/** Every signed-in user keeps one cart on the server; its lines are theirs alone. */
export function cartRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['store'];
    const user = app.requireUser;

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
        service.updateCartItem(ctx.db, callerOf(request), {
          id: request.params.id,
          quantity: request.body.quantity,
        }),
    );
    app.delete(
      '/api/cart/items/:id',
      { onRequest: user, schema: { tags, params: IdParamsSchema, response: { 200: CartSchema } } },
      (request) => service.removeCartItem(ctx.db, callerOf(request), request.params.id),
    );
  };
}
