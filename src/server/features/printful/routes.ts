import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  ConnectPrintfulInputSchema,
  FulfilmentsAnswerSchema,
  PRINTFUL_SWEEP_MS,
  PrintfulStatusSchema,
  SyncAnswerSchema,
  WebhookQuerySchema,
} from '../../../shared/printful';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { Sweeper, sweepWhileListening } from '../../platform/sweeper';
import { fulfilOrder, handleWebhook, sweep } from './fulfilment';
import * as service from './service';

/**
 * Print on demand. Admins connect the clinic's Printful store, sync its products into the store and follow
 * what was sent to Printful (visitors 401, other roles 403). Printful calls the webhook, which answers 404
 * unless the address carries the connection's secret. A store order that becomes paid is sent to Printful
 * when it holds Printful variants; each listening instance also sweeps for what events and webhooks missed.
 */
export function printfulRoutes(ctx: AppContext) {
  ctx.events.subscribe('order.changed', async (event) => {
    if (event.status === 'paid') await fulfilOrder(ctx, event.orderId);
  });
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['printful'];
    const admin = app.requireRole('admin');
    sweepWhileListening(
      fastify,
      new Sweeper('printful sweep', () => sweep(ctx), { intervalMs: PRINTFUL_SWEEP_MS, log: ctx.log }),
    );

    app.get(
      '/api/admin/printful',
      { onRequest: admin, schema: { tags, response: { 200: PrintfulStatusSchema } } },
      () => service.status(ctx),
    );
    app.post(
      '/api/admin/printful/connect',
      {
        onRequest: admin,
        schema: { tags, body: ConnectPrintfulInputSchema, response: { 200: PrintfulStatusSchema } },
      },
      (request) =>
        service.connect(ctx, callerOf(request), { apiKey: request.body.apiKey, meta: requestMeta(request) }),
    );
    app.delete(
      '/api/admin/printful',
      { onRequest: admin, schema: { tags, response: { 200: PrintfulStatusSchema } } },
      (request) => service.disconnect(ctx, callerOf(request), requestMeta(request)),
    );
    app.post(
      '/api/admin/printful/sync',
      { onRequest: admin, schema: { tags, body: EmptyBodySchema, response: { 200: SyncAnswerSchema } } },
      async (request) => ({ result: await service.sync(ctx, callerOf(request).id) }),
    );
    app.get(
      '/api/admin/printful/orders',
      { onRequest: admin, schema: { tags, response: { 200: FulfilmentsAnswerSchema } } },
      () => service.fulfilments(ctx),
    );

    app.post(
      '/api/printful/webhook',
      {
        schema: {
          tags,
          querystring: WebhookQuerySchema,
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (request) => {
        await handleWebhook(ctx, request.query.token, request.body);
        return { received: true };
      },
    );
  };
}
