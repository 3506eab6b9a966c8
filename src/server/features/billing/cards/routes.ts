import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import { InvoiceAnswerSchema, InvoiceIdParamsSchema } from '../../../../shared/billing';
import {
  CardSetupAnswerSchema,
  ChargeSavedCardInputSchema,
  SaveCardInputSchema,
  SavedCardAnswerSchema,
  SavedCardParamsSchema,
  SavedCardsAnswerSchema,
  SavedCardsQuerySchema,
} from '../../../../shared/saved-cards';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import type { Payments } from '../../payments/service';
import { chargeSavedCard, listCards, removeCard, saveCard, startCardSetup } from './service';

/**
 * Cards on file: the patient saves (a setup, then the confirmed setup with consent) and removes their own;
 * a practitioner lists their patients', the desk anyone's, removes any and charges one for an invoice (each
 * money call counted against the address's limit). All answer 409 while session billing is off, except
 * removing a card.
 */
export function cardRoutes(ctx: AppContext, payments: Payments) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const paying = { ...ctx, payments };
    const patient = app.requireRole('patient');
    const managers = app.requireRole('staff', 'admin');
    const limited = async (request: FastifyRequest) => payments.limits.consume(request.ip);
    const cards = { 200: SavedCardsAnswerSchema };

    app.get(
      '/api/billing/cards',
      {
        onRequest: app.requireRole('patient', 'practitioner', 'staff', 'admin'),
        schema: { tags, querystring: SavedCardsQuerySchema, response: cards },
      },
      (request) => listCards(ctx, callerOf(request), request.query.patientId),
    );

    app.post(
      '/api/billing/cards/setup',
      {
        onRequest: [patient, limited],
        schema: { tags, body: EmptyBodySchema, response: { 200: CardSetupAnswerSchema } },
      },
      (request) => startCardSetup(paying, callerOf(request), requestMeta(request)),
    );

    app.post(
      '/api/billing/cards',
      {
        onRequest: [patient, limited],
        schema: { tags, body: SaveCardInputSchema, response: { 201: SavedCardAnswerSchema } },
      },
      async (request, reply) => {
        const saved = await saveCard(paying, callerOf(request), {
          input: request.body,
          meta: requestMeta(request),
        });
        return reply.code(201).send(saved);
      },
    );

    app.delete(
      '/api/billing/cards/:cardId',
      {
        onRequest: app.requireRole('patient', 'staff', 'admin'),
        schema: { tags, params: SavedCardParamsSchema, response: cards },
      },
      (request) =>
        removeCard(paying, callerOf(request), { cardId: request.params.cardId, meta: requestMeta(request) }),
    );

    app.post(
      '/api/invoices/:id/charge-card',
      {
        onRequest: [managers, limited],
        schema: {
          tags,
          params: InvoiceIdParamsSchema,
          body: ChargeSavedCardInputSchema,
          response: { 200: InvoiceAnswerSchema },
        },
      },
      (request) =>
        chargeSavedCard(paying, callerOf(request), {
          ...request.body,
          invoiceId: request.params.id,
          meta: requestMeta(request),
        }),
    );
  };
}
