import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  AppointmentIdParamsSchema,
  AppointmentPageSchema,
  AppointmentSchema,
  CalendarFeedCreatedSchema,
  CalendarFeedParamsSchema,
  CalendarFeedStatusSchema,
  CancelAppointmentInputSchema,
  CreateAppointmentInputSchema,
  ListAppointmentsQuerySchema,
  UndoNoShowAnswerSchema,
  UndoNoShowInputSchema,
  UpdateAppointmentInputSchema,
} from '../../../shared/scheduling';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as booking from './booking';
import * as changes from './changes';
import * as feed from './feed';
import { raiseAppointmentNotifications } from './notifications';
import * as appointments from './service';

/**
 * Appointments. Members never see them: 403 on the collection, and
 * a single one answers 404 as for anyone it is out of reach of. An appointment outside the caller's reach answers 404 (the
 * service decides), so ids cannot be probed; one the caller sees but may not change answers 403.
 */
export function appointmentRoutes(ctx: AppContext) {
  raiseAppointmentNotifications(ctx);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['appointments'];
    const onRequest = app.requireUser;
    const collection = app.requireRole('patient', 'practitioner', 'staff', 'admin');
    const appointment = { 200: AppointmentSchema };
    const params = AppointmentIdParamsSchema;

    app.get(
      '/api/appointments',
      {
        onRequest: collection,
        schema: { tags, querystring: ListAppointmentsQuerySchema, response: { 200: AppointmentPageSchema } },
      },
      (request) =>
        appointments.listAppointments(ctx.db, callerOf(request), {
          query: request.query,
          meta: requestMeta(request),
          config: ctx.config,
        }),
    );

    app.post(
      '/api/appointments',
      {
        onRequest: collection,
        schema: { tags, body: CreateAppointmentInputSchema, response: { 201: AppointmentSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await booking.createAppointment(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.get(
      '/api/appointments/:id',
      { onRequest, schema: { tags, params, response: appointment } },
      (request) =>
        appointments.getAppointment(ctx.db, callerOf(request), {
          id: request.params.id,
          meta: requestMeta(request),
          config: ctx.config,
        }),
    );

    app.patch(
      '/api/appointments/:id',
      { onRequest, schema: { tags, params, body: UpdateAppointmentInputSchema, response: appointment } },
      (request) =>
        changes.updateAppointment(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/appointments/:id/cancel',
      { onRequest, schema: { tags, params, body: CancelAppointmentInputSchema, response: appointment } },
      (request) =>
        changes.cancelAppointment(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    // Any signed-in person reaches these; the service lets patients and practitioners through (403 else),
    // after the body is read, so a malformed one is a 400 for everyone.
    const feedOwners = app.requireUser;
    app.get(
      '/api/calendar-feed',
      { onRequest: feedOwners, schema: { tags, response: { 200: CalendarFeedStatusSchema } } },
      (request) => feed.feedStatus(ctx.db, callerOf(request)),
    );
    app.post(
      '/api/calendar-feed',
      {
        onRequest: feedOwners,
        schema: { tags, body: EmptyBodySchema, response: { 201: CalendarFeedCreatedSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await feed.createFeed(ctx, callerOf(request), requestMeta(request))),
    );
    app.delete('/api/calendar-feed', { onRequest: feedOwners, schema: { tags } }, async (request, reply) => {
      await feed.revokeFeed(ctx.db, callerOf(request), requestMeta(request));
      return reply.status(204).send();
    });
    // The feed's own address: no sign-in (calendar apps cannot), the token in it is the key.
    app.get(
      '/api/calendar-feeds/:token',
      { schema: { tags, params: CalendarFeedParamsSchema } },
      async (request, reply) =>
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(await feed.renderFeed(ctx, request.params.token)),
    );

    app.post(
      '/api/appointments/:id/undo-no-show',
      {
        onRequest,
        schema: { tags, params, body: UndoNoShowInputSchema, response: { 200: UndoNoShowAnswerSchema } },
      },
      (request) =>
        changes.undoNoShow(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    for (const action of ['confirm', 'check-in', 'complete', 'no-show'] as const)
      app.post(
        `/api/appointments/:id/${action}`,
        { onRequest, schema: { tags, params, body: EmptyBodySchema, response: appointment } },
        (request) =>
          changes.advanceAppointment(ctx, callerOf(request), {
            id: request.params.id,
            action,
            meta: requestMeta(request),
          }),
      );
  };
}
