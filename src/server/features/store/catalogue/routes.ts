import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateProductInputSchema,
  IdParamsSchema,
  ProductAnswerSchema,
  ProductsAnswerSchema,
  ProductsQuerySchema,
  UpdateProductInputSchema,
  UpdateVariantInputSchema,
  VariantParamsSchema,
} from '../../../../shared/store';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import * as service from './service';

/** Any signed-in user browses the catalogue; adding and changing products is the admin's. */
export function catalogueRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['store'];
    const user = app.requireUser;
    const admin = app.requireRole('admin');

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
        const answer = await service.createProduct(ctx, callerOf(request), {
          input: request.body,
          meta: requestMeta(request),
        });
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
        service.updateProduct(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
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
        service.updateVariant(ctx, callerOf(request), {
          productId: request.params.id,
          variantId: request.params.variantId,
          input: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
