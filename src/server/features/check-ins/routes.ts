import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  CheckInIdParamsSchema,
  CheckInListQuerySchema,
  CheckInListSchema,
  CheckInSchema,
  CreateScheduleInputSchema,
  DischargeAnswerSchema,
  OutcomeReportQuerySchema,
  OutcomeReportSchema,
  OutcomeSummaryQuerySchema,
  OutcomeSummarySchema,
  PatientIdParamsSchema,
  ScheduleIdParamsSchema,
  ScheduleListQuerySchema,
  ScheduleListSchema,
  ScheduleSchema,
  SendCheckInInputSchema,
  SubmitCheckInInputSchema,
} from '../../../shared/check-ins';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import { raiseCheckInNotifications } from './notifications';
import * as checkIns from './service';
import { sendCheckInsOnAppointments } from './triggers';

/**
 * Check-ins (outcome measures between visits). Members never reach them (403); a check-in or patient outside
 * the caller's reach answers 404; every route answers 409 while the clinic has care between visits off.
 */
export function checkInRoutes(ctx: AppContext) {
  raiseCheckInNotifications(ctx);
  sendCheckInsOnAppointments(ctx);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['check-ins'];
    const clinical = app.requireRole('patient', 'practitioner', 'staff', 'admin');
    const team = app.requireRole('practitioner', 'staff', 'admin');

    app.get(
      '/api/check-ins',
      {
        onRequest: clinical,
        schema: { tags, querystring: CheckInListQuerySchema, response: { 200: CheckInListSchema } },
      },
      (request) =>
        checkIns.listCheckIns(ctx.db, callerOf(request), {
          patientId: request.query.patientId,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/check-ins',
      {
        onRequest: app.requireRole('practitioner'),
        schema: { tags, body: SendCheckInInputSchema, response: { 201: CheckInSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await checkIns.sendCheckIn(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.get(
      '/api/check-ins/outcomes',
      {
        onRequest: clinical,
        schema: { tags, querystring: OutcomeSummaryQuerySchema, response: { 200: OutcomeSummarySchema } },
      },
      (request) =>
        checkIns.outcomeSummary(ctx.db, callerOf(request), {
          patientId: request.query.patientId,
          meta: requestMeta(request),
        }),
    );

    // The clinic's outcomes by practitioner and service (the reports page): staff and admin only.
    app.get(
      '/api/check-ins/outcome-report',
      {
        onRequest: app.requireRole('staff', 'admin'),
        schema: { tags, querystring: OutcomeReportQuerySchema, response: { 200: OutcomeReportSchema } },
      },
      (request) =>
        checkIns.outcomeReport(ctx.db, callerOf(request), {
          query: request.query,
          meta: requestMeta(request),
        }),
    );

    app.get(
      '/api/check-ins/schedules',
      {
        onRequest: team,
        schema: { tags, querystring: ScheduleListQuerySchema, response: { 200: ScheduleListSchema } },
      },
      (request) =>
        checkIns.listSchedules(ctx.db, callerOf(request), {
          patientId: request.query.patientId,
          include: request.query.include,
        }),
    );

    app.post(
      '/api/check-ins/schedules',
      {
        onRequest: team,
        schema: { tags, body: CreateScheduleInputSchema, response: { 201: ScheduleSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await checkIns.createSchedule(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.delete(
      '/api/check-ins/schedules/:id',
      { onRequest: team, schema: { tags, params: ScheduleIdParamsSchema, body: EmptyBodySchema } },
      async (request, reply) => {
        await checkIns.deleteSchedule(ctx, callerOf(request), {
          id: request.params.id,
          meta: requestMeta(request),
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/check-ins/patients/:patientId/discharge',
      {
        onRequest: team,
        schema: {
          tags,
          params: PatientIdParamsSchema,
          body: EmptyBodySchema,
          response: { 200: DischargeAnswerSchema },
        },
      },
      (request) =>
        checkIns.dischargePatient(ctx, callerOf(request), {
          patientId: request.params.patientId,
          meta: requestMeta(request),
        }),
    );

    app.get(
      '/api/check-ins/:id',
      {
        onRequest: clinical,
        schema: { tags, params: CheckInIdParamsSchema, response: { 200: CheckInSchema } },
      },
      (request) =>
        checkIns.getCheckIn(ctx.db, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.post(
      '/api/check-ins/:id/response',
      {
        onRequest: clinical,
        schema: {
          tags,
          params: CheckInIdParamsSchema,
          body: SubmitCheckInInputSchema,
          response: { 200: CheckInSchema },
        },
      },
      (request) =>
        checkIns.submitCheckIn(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
