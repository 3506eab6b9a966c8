import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_ERRORS,
  PaymentsConfigSchema,
  TestConfirmCardAnswerSchema,
  TestConfirmCardInputSchema,
} from '../../../shared/payments';
import { TestConfirmSetupAnswerSchema, TestConfirmSetupInputSchema } from '../../../shared/saved-cards';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { Payments } from './service';

/**
 * GET /api/payments/config tells the browser which provider is live. Under the test provider the browser
 * confirms a card through POST /api/payments/test/confirm-card (and saves one for later through
 * POST /api/payments/test/confirm-setup); under Stripe, Stripe calls
 * POST /api/payments/webhook, whose raw body is checked against its signature before anything is read.
 */
export function paymentRoutes(ctx: AppContext, payments: Payments) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];

    app.get('/api/payments/config', { schema: { tags, response: { 200: PaymentsConfigSchema } } }, () => ({
      provider: payments.provider.name,
      publishableKey: payments.provider.publishableKey,
    }));

    app.post(
      '/api/payments/test/confirm-card',
      {
        onRequest: async (request) => payments.limits.consume(request.ip),
        schema: { tags, body: TestConfirmCardInputSchema, response: { 200: TestConfirmCardAnswerSchema } },
      },
      async (request) => {
        const provider = payments.testProvider;
        if (!provider) throw notFound(PAYMENT_ERRORS.notTestProvider);
        const answer = await provider.confirmCard(request.body);
        // Stripe would now call the webhook; the test provider settles at once, and confirm may follow.
        if (answer.status === 'succeeded') await settleQuietly(ctx, payments, answer.paymentIntentId);
        return answer;
      },
    );

    app.post(
      '/api/payments/test/confirm-setup',
      {
        onRequest: async (request) => payments.limits.consume(request.ip),
        schema: { tags, body: TestConfirmSetupInputSchema, response: { 200: TestConfirmSetupAnswerSchema } },
      },
      async (request) => {
        const provider = payments.testProvider;
        if (!provider) throw notFound(PAYMENT_ERRORS.notTestProvider);
        return provider.confirmSetup(request.body);
      },
    );

    await app.register(async (raw) => {
      // The signature covers the exact bytes Stripe sent, so this one route keeps its body as text.
      raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      raw
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/api/payments/webhook',
          { schema: { tags, response: { 200: z.object({ received: z.boolean() }) } } },
          async (request) => {
            const signature = request.headers['stripe-signature'];
            const event = payments.provider.verifyWebhook(
              typeof request.body === 'string' ? request.body : '',
              typeof signature === 'string' ? signature : undefined,
            );
            if (event.type === 'payment_intent.succeeded' && event.intentId)
              await settleQuietly(ctx, payments, event.intentId);
            return { received: true };
          },
        );
    });
  };
}

/** Settling on the provider's word: a refusal (an amount that does not fit) is logged, not answered. */
async function settleQuietly(ctx: AppContext, payments: Payments, intentId: string) {
  try {
    await payments.settle(intentId);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.log.warn({ paymentIntentId: intentId, reason: error.message }, 'succeeded payment not settled');
  }
}
