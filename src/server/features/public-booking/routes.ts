import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookingLinkParamsSchema,
  ConfirmPublicBookingInputSchema,
  CreatePublicBookingInputSchema,
  DeclinePublicBookingInputSchema,
  ListPublicBookingsQuerySchema,
  ManageTokenParamsSchema,
  PublicBookingIdParamsSchema,
  PublicBookingPageOfRequestsSchema,
  PublicBookingPageSchema,
  PublicBookingRequestSchema,
  PublicSlotsAnswerSchema,
  PublicSlotsQuerySchema,
  VisitorBookingSchema,
  VisitorCancelInputSchema,
  VisitorRescheduleInputSchema,
} from '../../../shared/public-booking';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as manage from './manage';
import { tellPractitionerOfRequests } from './notifications';
import * as clinic from './service';
import { ManageLinks } from './token';
import * as visitor from './visitor';

/**
 * Public booking. Under /api/public anyone may call, each call counted against the caller's address (and
 * each request sent, against an hourly allowance); the signed manage link is the visitor's only key. Under
 * /api/public-bookings practitioners handle their own requests and staff and admin everyone's; patients and
 * members are refused (403), and another practitioner's request answers 404.
 */
export function publicBookingRoutes(ctx: AppContext) {
  tellPractitionerOfRequests(ctx);
  const links = new ManageLinks(ctx.db, ctx.config.bookingTokenSecret);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['public booking'];
    // Every public call counts, before its body is read; a request counts again, once it is well formed.
    const onRequest = async (request: FastifyRequest) => ctx.publicBookingLimits.consumeCall(request.ip);
    const preHandler = async (request: FastifyRequest) => ctx.publicBookingLimits.consumeRequest(request.ip);
    const params = BookingLinkParamsSchema;
    const booking = { 200: VisitorBookingSchema };

    app.get(
      '/api/public/booking/:bookingLink',
      { onRequest, schema: { tags, params, response: { 200: PublicBookingPageSchema } } },
      (request) => visitor.getPage(ctx.db, request.params.bookingLink),
    );

    app.get(
      '/api/public/booking/:bookingLink/slots',
      {
        onRequest,
        schema: {
          tags,
          params,
          querystring: PublicSlotsQuerySchema,
          response: { 200: PublicSlotsAnswerSchema },
        },
      },
      (request) => visitor.getSlots(ctx.db, request.params.bookingLink, request.query),
    );

    app.post(
      '/api/public/booking/:bookingLink/requests',
      {
        onRequest,
        preHandler,
        schema: {
          tags,
          params,
          body: CreatePublicBookingInputSchema,
          response: { 201: VisitorBookingSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await visitor.createRequest(ctx, {
            links,
            bookingLink: request.params.bookingLink,
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.post(
      '/api/public/booking/:bookingLink/rehearsal',
      { onRequest, schema: { tags, params, body: CreatePublicBookingInputSchema, response: booking } },
      (request) => visitor.rehearse(ctx.db, request.params.bookingLink, request.body),
    );

    const token = ManageTokenParamsSchema;
    app.get(
      '/api/public/bookings/:token',
      { onRequest, schema: { tags, params: token, response: booking } },
      (request) => manage.getBooking(ctx.db, links, request.params.token),
    );

    app.post(
      '/api/public/bookings/:token/cancel',
      { onRequest, schema: { tags, params: token, body: VisitorCancelInputSchema, response: booking } },
      (request) =>
        manage.cancelBooking(ctx, {
          links,
          token: request.params.token,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/public/bookings/:token/reschedule',
      { onRequest, schema: { tags, params: token, body: VisitorRescheduleInputSchema, response: booking } },
      (request) =>
        manage.rescheduleBooking(ctx, {
          links,
          token: request.params.token,
          startsAt: request.body.startsAt,
          meta: requestMeta(request),
        }),
    );

    const handlers = app.requireRole('practitioner', 'staff', 'admin');
    const id = PublicBookingIdParamsSchema;
    const one = { 200: PublicBookingRequestSchema };

    app.get(
      '/api/public-bookings',
      {
        onRequest: handlers,
        schema: {
          tags,
          querystring: ListPublicBookingsQuerySchema,
          response: { 200: PublicBookingPageOfRequestsSchema },
        },
      },
      (request) =>
        clinic.listRequests(ctx.db, callerOf(request), { query: request.query, meta: requestMeta(request) }),
    );

    app.post(
      '/api/public-bookings/:id/confirm',
      {
        onRequest: handlers,
        schema: { tags, params: id, body: ConfirmPublicBookingInputSchema.nullish(), response: one },
      },
      (request) =>
        clinic.confirmRequest(ctx, {
          links,
          caller: callerOf(request),
          id: request.params.id,
          input: request.body ?? {},
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/public-bookings/:id/decline',
      {
        onRequest: handlers,
        schema: { tags, params: id, body: DeclinePublicBookingInputSchema, response: one },
      },
      (request) =>
        clinic.declineRequest(ctx, {
          links,
          caller: callerOf(request),
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
