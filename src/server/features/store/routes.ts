import type { FastifyInstance } from 'fastify';
import { ORDER_UNPAID_SWEEP_MS } from '../../../shared/store';
import type { AppContext } from '../../platform/context';
import { Sweeper, sweepWhileListening } from '../../platform/sweeper';
import type { Payments } from '../payments/service';
import { cartRoutes } from './cart/routes';
import { catalogueRoutes } from './catalogue/routes';
import { orderRoutes } from './orders/routes';
import { sweepUnpaid } from './orders/service';
import { settleOrder } from './orders/settle';

/**
 * The store. Any signed-in user browses the catalogue, keeps a cart, checks out and sees their own orders;
 * managing products and moving orders on are the admin's. Fulfilment has no routes of its own: print on
 * demand moves orders on through the store's service.
 */
export function storeRoutes(ctx: AppContext, payments: Payments) {
  payments.onSucceeded((intent) => settleOrder(ctx, { payments, intent }));
  return async (fastify: FastifyInstance) => {
    sweepWhileListening(
      fastify,
      new Sweeper('unpaid order sweep', () => sweepUnpaid(ctx), {
        intervalMs: ORDER_UNPAID_SWEEP_MS,
        log: ctx.log,
      }),
    );
    await fastify.register(catalogueRoutes(ctx));
    await fastify.register(cartRoutes(ctx));
    await fastify.register(orderRoutes(ctx, payments));
  };
}
