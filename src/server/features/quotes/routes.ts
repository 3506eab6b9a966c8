import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  AcceptQuoteAnswerSchema,
  AdminQuotesQuerySchema,
  AnswerQuoteInputSchema,
  CreateQuoteInputSchema,
  QUOTE_EXPIRY_SWEEP_MS,
  QuoteAnswerSchema,
  QuoteIdParamsSchema,
  QuotesAnswerSchema,
} from '../../../shared/quotes';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { Sweeper, sweepWhileListening } from '../../platform/sweeper';
import type { Payments } from '../payments/service';
import * as decision from './decision';
import * as service from './service';

/**
 * Quotes. Members ask for quotes and see, accept or decline their own (anyone else's is 404); admins see every
 * request and answer it. Visitors get 401, other roles 403. An accepted quote is paid as a store order, through
 * the store's confirm.
 */
export function quoteRoutes(ctx: AppContext, payments: Payments) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['quotes'];
    const member = app.requireRole('member');
    const admin = app.requireRole('admin');
    const memberOrAdmin = app.requireRole('member', 'admin');
    sweepWhileListening(
      fastify,
      new Sweeper('quote expiry sweep', () => service.expireLapsed(ctx), {
        intervalMs: QUOTE_EXPIRY_SWEEP_MS,
        log: ctx.log,
      }),
    );

    app.post(
      '/api/quotes',
      {
        onRequest: member,
        schema: { tags, body: CreateQuoteInputSchema, response: { 201: QuoteAnswerSchema } },
      },
      async (request, reply) => {
        const answer = await service.create(ctx, {
          caller: callerOf(request),
          input: request.body,
          meta: requestMeta(request),
        });
        return reply.code(201).send(answer);
      },
    );
    app.get(
      '/api/quotes',
      { onRequest: member, schema: { tags, response: { 200: QuotesAnswerSchema } } },
      (request) => service.listMine(ctx, callerOf(request)),
    );
    app.get(
      '/api/quotes/:id',
      {
        onRequest: memberOrAdmin,
        schema: { tags, params: QuoteIdParamsSchema, response: { 200: QuoteAnswerSchema } },
      },
      (request) => service.getOne(ctx, callerOf(request), request.params.id),
    );
    app.post(
      '/api/quotes/:id/accept',
      {
        onRequest: member,
        schema: {
          tags,
          params: QuoteIdParamsSchema,
          body: EmptyBodySchema,
          response: { 200: AcceptQuoteAnswerSchema },
        },
      },
      (request) =>
        decision.accept(ctx, {
          payments,
          caller: callerOf(request),
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );
    app.post(
      '/api/quotes/:id/payment',
      {
        onRequest: member,
        schema: {
          tags,
          params: QuoteIdParamsSchema,
          body: EmptyBodySchema,
          response: { 200: AcceptQuoteAnswerSchema },
        },
      },
      (request) => decision.payAgain(ctx, { payments, caller: callerOf(request), id: request.params.id }),
    );
    app.post(
      '/api/quotes/:id/decline',
      {
        onRequest: member,
        schema: {
          tags,
          params: QuoteIdParamsSchema,
          body: EmptyBodySchema,
          response: { 200: QuoteAnswerSchema },
        },
      },
      (request) =>
        decision.decline(ctx, {
          caller: callerOf(request),
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );

    app.get(
      '/api/admin/quotes',
      {
        onRequest: admin,
        schema: { tags, querystring: AdminQuotesQuerySchema, response: { 200: QuotesAnswerSchema } },
      },
      (request) => service.listForAdmin(ctx, request.query),
    );
    app.post(
      '/api/admin/quotes/:id/answer',
      {
        onRequest: admin,
        schema: {
          tags,
          params: QuoteIdParamsSchema,
          body: AnswerQuoteInputSchema,
          response: { 200: QuoteAnswerSchema },
        },
      },
      (request) =>
        service.answer(ctx, {
          caller: callerOf(request),
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
