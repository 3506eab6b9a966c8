import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import {
  ConfirmRegistrationInputSchema,
  EventAnswerSchema,
  EventIdParamsSchema,
  EventsAnswerSchema,
  RegistrationAnswerSchema,
} from '../../../../shared/events';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import type { Payments } from '../../payments/service';
import * as service from './service';

/** Upcoming events (members and admins) and the member's own registration: register, cancel, accept, pay. */
export function memberEventRoutes(ctx: AppContext, payments: Payments) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['events'];
    const member = app.requireRole('member');
    const memberOrAdmin = app.requireRole('member', 'admin');

    app.get(
      '/api/events',
      { onRequest: memberOrAdmin, schema: { tags, response: { 200: EventsAnswerSchema } } },
      (request) => service.listUpcoming(ctx, callerOf(request)),
    );
    app.get(
      '/api/events/:id',
      {
        onRequest: memberOrAdmin,
        schema: { tags, params: EventIdParamsSchema, response: { 200: EventAnswerSchema } },
      },
      (request) => service.getOne(ctx, callerOf(request), request.params.id),
    );

    const registrationRoute = {
      onRequest: member,
      schema: {
        tags,
        params: EventIdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: RegistrationAnswerSchema },
      },
    };
    app.post('/api/events/:id/registration', registrationRoute, (request) =>
      service.register(ctx, {
        payments,
        caller: callerOf(request),
        eventId: request.params.id,
        meta: requestMeta(request),
      }),
    );
    app.post('/api/events/:id/registration/cancel', registrationRoute, (request) =>
      service.cancelMine(ctx, {
        payments,
        caller: callerOf(request),
        eventId: request.params.id,
        meta: requestMeta(request),
      }),
    );
    app.post('/api/events/:id/registration/accept', registrationRoute, (request) =>
      service.acceptOffer(ctx, {
        payments,
        caller: callerOf(request),
        eventId: request.params.id,
        meta: requestMeta(request),
      }),
    );
    app.post(
      '/api/events/:id/registration/confirm',
      {
        onRequest: member,
        schema: {
          tags,
          params: EventIdParamsSchema,
          body: ConfirmRegistrationInputSchema,
          response: { 200: RegistrationAnswerSchema },
        },
      },
      (request) =>
        service.confirm(ctx, {
          payments,
          caller: callerOf(request),
          eventId: request.params.id,
          paymentIntentId: request.body.paymentIntentId,
        }),
    );
  };
}
