import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AvailabilitySchema,
  CreateTimeOffInputSchema,
  DaySchema,
  PractitionerIdParamsSchema,
  PutDateOverrideInputSchema,
  ReplaceWeeklyHoursInputSchema,
  ScheduleSettingsSchema,
  SlotsAnswerSchema,
  SlotsQuerySchema,
  TimeOffSchema,
  UpdateScheduleSettingsInputSchema,
} from '../../../shared/scheduling';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as changes from './changes';
import * as availability from './service';

const IdSchema = z.uuid({ error: 'Must be a valid id' });
const OverrideParamsSchema = z.strictObject({ id: IdSchema, date: DaySchema('Date') });
const TimeOffParamsSchema = z.strictObject({ id: IdSchema, timeOffId: IdSchema });

/**
 * A practitioner's availability (settings, weekly hours, date overrides, time off): the practitioner keeps
 * their own, staff and admin anyone's; patients and members are refused. Free slots are for whoever may book
 * with the practitioner (the service decides; someone out of reach is answered 404).
 */
export function availabilityRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['availability'];
    const keepers = app.requireRole('practitioner', 'staff', 'admin');
    const params = PractitionerIdParamsSchema;

    app.get(
      '/api/practitioners/:id/availability',
      { onRequest: keepers, schema: { tags, params, response: { 200: AvailabilitySchema } } },
      (request) => availability.getAvailability(ctx.db, callerOf(request), request.params.id),
    );

    app.patch(
      '/api/practitioners/:id/schedule',
      {
        onRequest: keepers,
        schema: {
          tags,
          params,
          body: UpdateScheduleSettingsInputSchema,
          response: { 200: ScheduleSettingsSchema },
        },
      },
      (request) =>
        changes.updateSettings(ctx.db, callerOf(request), {
          practitionerId: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.put(
      '/api/practitioners/:id/weekly-hours',
      {
        onRequest: keepers,
        schema: { tags, params, body: ReplaceWeeklyHoursInputSchema, response: { 200: AvailabilitySchema } },
      },
      (request) =>
        changes.replaceWeeklyHours(ctx.db, callerOf(request), {
          practitionerId: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.put(
      '/api/practitioners/:id/date-overrides/:date',
      {
        onRequest: keepers,
        schema: {
          tags,
          params: OverrideParamsSchema,
          body: PutDateOverrideInputSchema,
          response: { 200: AvailabilitySchema },
        },
      },
      (request) =>
        changes.putDateOverride(ctx.db, callerOf(request), {
          practitionerId: request.params.id,
          date: request.params.date,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.delete(
      '/api/practitioners/:id/date-overrides/:date',
      { onRequest: keepers, schema: { tags, params: OverrideParamsSchema } },
      async (request, reply) => {
        await changes.deleteDateOverride(ctx.db, callerOf(request), {
          practitionerId: request.params.id,
          date: request.params.date,
          meta: requestMeta(request),
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/practitioners/:id/time-off',
      {
        onRequest: keepers,
        schema: { tags, params, body: CreateTimeOffInputSchema, response: { 201: TimeOffSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await changes.addTimeOff(ctx.db, callerOf(request), {
            practitionerId: request.params.id,
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.delete(
      '/api/practitioners/:id/time-off/:timeOffId',
      { onRequest: keepers, schema: { tags, params: TimeOffParamsSchema } },
      async (request, reply) => {
        await changes.removeTimeOff(ctx.db, callerOf(request), {
          practitionerId: request.params.id,
          id: request.params.timeOffId,
          meta: requestMeta(request),
        });
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/practitioners/:id/slots',
      {
        onRequest: app.requireRole('patient', 'practitioner', 'staff', 'admin'),
        schema: { tags, params, querystring: SlotsQuerySchema, response: { 200: SlotsAnswerSchema } },
      },
      (request) =>
        availability.slotsFor(ctx.db, callerOf(request), {
          practitionerId: request.params.id,
          query: request.query,
        }),
    );
  };
}
