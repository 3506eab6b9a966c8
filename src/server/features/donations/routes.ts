import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  AdminDonationsAnswerSchema,
  AdminDonationsQuerySchema,
  ConfirmDonationAnswerSchema,
  ConfirmDonationInputSchema,
  CreateDonationIntentAnswerSchema,
  CreateDonationIntentInputSchema,
  DonationIdParamsSchema,
  MyDonationsAnswerSchema,
  RefundDonationAnswerSchema,
} from '../../../shared/donations';
import { bearerToken, callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { resolveSession } from '../../platform/sessions';
import type { Payments } from '../payments/service';
import * as service from './service';

/**
 * Donations. Creating an intent and confirming it are open to visitors and signed-in users alike (a bearer
 * token, when sent, must be valid), each call counted per address. Anyone signed in sees their own
 * donations; the admin list and refunds are the admin's.
 */
export function donationRoutes(ctx: AppContext, payments: Payments) {
  payments.onSucceeded((intent) => service.settleDonation(ctx, intent));
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['donations'];
    const onRequest = async (request: FastifyRequest) => {
      await payments.limits.consume(request.ip);
      const token = bearerToken(request);
      request.sessionUser = token ? await resolveSession(ctx.db, token) : null;
    };

    app.post(
      '/api/donations/create-payment-intent',
      {
        onRequest,
        schema: {
          tags,
          body: CreateDonationIntentInputSchema,
          response: { 200: CreateDonationIntentAnswerSchema },
        },
      },
      (request) =>
        service.createIntent(ctx, {
          payments,
          caller: request.sessionUser,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/donations/confirm',
      {
        onRequest,
        schema: { tags, body: ConfirmDonationInputSchema, response: { 200: ConfirmDonationAnswerSchema } },
      },
      (request) =>
        service.confirm(ctx, {
          payments,
          caller: request.sessionUser,
          paymentIntentId: request.body.paymentIntentId,
        }),
    );

    app.get(
      '/api/donations/mine',
      { onRequest: app.requireUser, schema: { tags, response: { 200: MyDonationsAnswerSchema } } },
      (request) => service.listMine(ctx.db, callerOf(request)),
    );

    const admin = app.requireRole('admin');
    app.get(
      '/api/admin/donations',
      {
        onRequest: admin,
        schema: {
          tags,
          querystring: AdminDonationsQuerySchema,
          response: { 200: AdminDonationsAnswerSchema },
        },
      },
      (request) => service.listForAdmin(ctx.db, request.query),
    );

    app.post(
      '/api/admin/donations/:id/refund',
      {
        onRequest: admin,
        schema: {
          tags,
          params: DonationIdParamsSchema,
          body: EmptyBodySchema,
          response: { 200: RefundDonationAnswerSchema },
        },
      },
      (request) =>
        service.refund(ctx, {
          payments,
          caller: callerOf(request),
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );
  };
}
