import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  AdminEventsQuerySchema,
  AttendeeAnswerSchema,
  AttendeesAnswerSchema,
  ConfirmRegistrationInputSchema,
  CreateEventInputSchema,
  EventAnswerSchema,
  EventIdParamsSchema,
  EventsAnswerSchema,
  RefundAttendeeInputSchema,
  RegistrationAnswerSchema,
  RegistrationParamsSchema,
  UpdateEventInputSchema,
} from '../../../shared/events';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { Sweeper, sweepWhileListening } from '../../platform/sweeper';
import type { Payments } from '../payments/service';
import { attendeesCsv } from './csv';
import * as service from './service';

/** How often a listening instance ends lapsed offers and payment holds and passes their seats on. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Community events. Members see upcoming events and register, cancel, accept an offered seat and pay; admins
 * see every event and manage them (create, edit, cancel, attendees, export, check-in). Visitors get 401,
 * other roles 403.
 */
export function eventRoutes(ctx: AppContext, payments: Payments) {
  payments.onSucceeded((intent) => service.settleRegistration(ctx, payments, intent));
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['events'];
    const member = app.requireRole('member');
    const admin = app.requireRole('admin');
    const memberOrAdmin = app.requireRole('member', 'admin');

    sweepWhileListening(
      fastify,
      new Sweeper('event sweep', () => service.sweep(ctx), { intervalMs: SWEEP_EVERY_MS, log: ctx.log }),
    );

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

    // Members' registrations.
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
      service.register(ctx, payments, callerOf(request), request.params.id, requestMeta(request)),
    );
    app.post('/api/events/:id/registration/cancel', registrationRoute, (request) =>
      service.cancelMine(ctx, payments, callerOf(request), request.params.id, requestMeta(request)),
    );
    app.post('/api/events/:id/registration/accept', registrationRoute, (request) =>
      service.acceptOffer(ctx, payments, callerOf(request), request.params.id, requestMeta(request)),
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
        service.confirm(ctx, payments, callerOf(request), request.params.id, request.body.paymentIntentId),
    );

    // Admins.
    app.get(
      '/api/admin/events',
      {
        onRequest: admin,
        schema: { tags, querystring: AdminEventsQuerySchema, response: { 200: EventsAnswerSchema } },
      },
      (request) => service.listForAdmin(ctx, callerOf(request), request.query.include),
    );
    app.post(
      '/api/events',
      {
        onRequest: admin,
        schema: { tags, body: CreateEventInputSchema, response: { 201: EventAnswerSchema } },
      },
      async (request, reply) => {
        const answer = await service.create(ctx, callerOf(request), request.body, requestMeta(request));
        return reply.code(201).send(answer);
      },
    );
    app.patch(
      '/api/events/:id',
      {
        onRequest: admin,
        schema: {
          tags,
          params: EventIdParamsSchema,
          body: UpdateEventInputSchema,
          response: { 200: EventAnswerSchema },
        },
      },
      (request) =>
        service.update(ctx, callerOf(request), request.params.id, request.body, requestMeta(request)),
    );
    app.post(
      '/api/events/:id/cancel',
      {
        onRequest: admin,
        schema: {
          tags,
          params: EventIdParamsSchema,
          body: EmptyBodySchema,
          response: { 200: EventAnswerSchema },
        },
      },
      (request) =>
        service.cancelEvent(ctx, payments, callerOf(request), request.params.id, requestMeta(request)),
    );
    app.get(
      '/api/admin/events/:id/attendees',
      {
        onRequest: admin,
        schema: { tags, params: EventIdParamsSchema, response: { 200: AttendeesAnswerSchema } },
      },
      (request) => service.attendees(ctx, callerOf(request), request.params.id),
    );
    app.get(
      '/api/admin/events/:id/attendees.csv',
      { onRequest: admin, schema: { tags, params: EventIdParamsSchema } },
      async (request, reply) => {
        const answer = await service.attendees(ctx, callerOf(request), request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="event-attendees-${answer.event.id}.csv"`)
          .header('cache-control', 'no-store')
          .send(attendeesCsv(answer.attendees));
      },
    );
    app.post(
      '/api/admin/events/:id/attendees/:registrationId/refund',
      {
        onRequest: admin,
        schema: {
          tags,
          params: RegistrationParamsSchema,
          body: RefundAttendeeInputSchema,
          response: { 200: AttendeeAnswerSchema },
        },
      },
      (request) =>
        service.refundAttendee(
          ctx,
          payments,
          callerOf(request),
          request.params.id,
          request.params.registrationId,
          request.body.reason,
          requestMeta(request),
        ),
    );
    app.post(
      '/api/admin/events/:id/attendees/:registrationId/check-in',
      {
        onRequest: admin,
        schema: {
          tags,
          params: RegistrationParamsSchema,
          body: EmptyBodySchema,
          response: { 200: AttendeeAnswerSchema },
        },
      },
      (request) =>
        service.checkIn(
          ctx,
          callerOf(request),
          request.params.id,
          request.params.registrationId,
          requestMeta(request),
        ),
    );
  };
}
