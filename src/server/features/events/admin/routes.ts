import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../../shared/api-error';
import {
  AdminEventsQuerySchema,
  AttendeeAnswerSchema,
  AttendeesAnswerSchema,
  CreateEventInputSchema,
  EventAnswerSchema,
  EventIdParamsSchema,
  EventsAnswerSchema,
  RefundAttendeeInputSchema,
  RegistrationParamsSchema,
  UpdateEventInputSchema,
} from '../../../../shared/events';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import type { Payments } from '../../payments/service';
import * as attendees from './attendees';
import { attendeesCsv } from './csv';
import * as service from './service';

/** The admin's side of events: every event, creating, editing and cancelling them, and their attendees. */
export function adminEventRoutes(ctx: AppContext, payments: Payments) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['events'];
    const admin = app.requireRole('admin');

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
        const answer = await service.create(ctx, {
          caller: callerOf(request),
          input: request.body,
          meta: requestMeta(request),
        });
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
        service.update(ctx, {
          caller: callerOf(request),
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
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
        service.cancelEvent(ctx, {
          payments,
          caller: callerOf(request),
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );
    app.get(
      '/api/admin/events/:id/attendees',
      {
        onRequest: admin,
        schema: { tags, params: EventIdParamsSchema, response: { 200: AttendeesAnswerSchema } },
      },
      (request) => attendees.attendees(ctx, callerOf(request), request.params.id),
    );
    app.get(
      '/api/admin/events/:id/attendees.csv',
      { onRequest: admin, schema: { tags, params: EventIdParamsSchema } },
      async (request, reply) => {
        const answer = await attendees.attendees(ctx, callerOf(request), request.params.id);
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
        attendees.refundAttendee(ctx, {
          payments,
          caller: callerOf(request),
          eventId: request.params.id,
          registrationId: request.params.registrationId,
          reason: request.body.reason,
          meta: requestMeta(request),
        }),
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
        attendees.checkIn(ctx, {
          caller: callerOf(request),
          eventId: request.params.id,
          registrationId: request.params.registrationId,
          meta: requestMeta(request),
        }),
    );
  };
}
