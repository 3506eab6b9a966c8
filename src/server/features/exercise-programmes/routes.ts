import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  CheckInInputSchema,
  CreateProgrammeInputSchema,
  CreateTemplateInputSchema,
  ExerciseChoiceSchema,
  ExerciseSearchQuerySchema,
  ProgrammeIdParamsSchema,
  ProgrammeListQuerySchema,
  ProgrammeProgressSchema,
  ProgrammeSummarySchema,
  ProgrammeTemplateSchema,
  ReminderSchema,
  TodaySchema,
  UpdateProgrammeInputSchema,
  WorseningListSchema,
} from '../../../shared/exercise-programmes';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as changes from './changes';
import { emailCopy, programmeCopy } from './copies';
import { getReminder, saveReminder } from './reminders';
import * as programmes from './service';

/**
 * Home exercise programmes. Roles that never see them get 403; a programme or patient outside the caller's
 * reach answers 404 (the service decides). While the clinic has care between visits off, every call is 409.
 */
export function exerciseProgrammeRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['exercise-programmes'];
    const readers = app.requireRole('patient', 'practitioner', 'staff', 'admin');
    const prescribers = app.requireRole('practitioner');
    const clinicians = app.requireRole('practitioner', 'staff', 'admin');
    const patientOnly = app.requireRole('patient');
    const params = ProgrammeIdParamsSchema;
    const progress = { 200: ProgrammeProgressSchema };

    app.get(
      '/api/exercise-programmes/exercises',
      {
        onRequest: clinicians,
        schema: {
          tags,
          querystring: ExerciseSearchQuerySchema,
          response: { 200: z.array(ExerciseChoiceSchema) },
        },
      },
      (request) => programmes.searchExercises(ctx.db, request.query),
    );

    app.get(
      '/api/exercise-programmes/templates',
      { onRequest: clinicians, schema: { tags, response: { 200: z.array(ProgrammeTemplateSchema) } } },
      () => programmes.listTemplates(ctx.db),
    );

    app.post(
      '/api/exercise-programmes/templates',
      {
        onRequest: prescribers,
        schema: { tags, body: CreateTemplateInputSchema, response: { 201: ProgrammeTemplateSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await changes.createTemplate(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.get(
      '/api/exercise-programmes/worsening',
      { onRequest: prescribers, schema: { tags, response: { 200: WorseningListSchema } } },
      (request) => programmes.worseningList(ctx.db, callerOf(request), { meta: requestMeta(request) }),
    );

    app.get(
      '/api/exercise-programmes',
      {
        onRequest: readers,
        schema: {
          tags,
          querystring: ProgrammeListQuerySchema,
          response: { 200: z.array(ProgrammeSummarySchema) },
        },
      },
      (request) =>
        programmes.listProgrammes(ctx.db, callerOf(request), {
          patientId: request.query.patientId,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/exercise-programmes',
      {
        onRequest: prescribers,
        schema: { tags, body: CreateProgrammeInputSchema, response: { 201: ProgrammeProgressSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await changes.createProgramme(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.get(
      '/api/exercise-programmes/:id',
      { onRequest: readers, schema: { tags, params, response: progress } },
      (request) =>
        programmes.programmeProgress(ctx.db, callerOf(request), {
          id: request.params.id,
          meta: requestMeta(request),
        }),
    );

    app.patch(
      '/api/exercise-programmes/:id',
      { onRequest: readers, schema: { tags, params, body: UpdateProgrammeInputSchema, response: progress } },
      (request) =>
        changes.updateProgramme(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.get(
      '/api/exercise-programmes/:id/pdf',
      { onRequest: readers, schema: { tags, params } },
      async (request, reply) => {
        const copy = await programmeCopy(ctx, callerOf(request), {
          id: request.params.id,
          meta: requestMeta(request),
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${copy.filename}"`)
          .header('cache-control', 'no-store')
          .send(copy.bytes);
      },
    );

    app.post(
      '/api/exercise-programmes/:id/email',
      {
        onRequest: readers,
        schema: {
          tags,
          params,
          body: EmptyBodySchema,
          response: { 200: z.object({ sent: z.literal(true) }) },
        },
      },
      (request) => emailCopy(ctx, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.get(
      '/api/my-exercises/today',
      { onRequest: patientOnly, schema: { tags, response: { 200: TodaySchema } } },
      (request) => programmes.today(ctx.db, callerOf(request), { meta: requestMeta(request) }),
    );

    app.put(
      '/api/my-exercises/check-ins',
      { onRequest: patientOnly, schema: { tags, body: CheckInInputSchema, response: { 200: TodaySchema } } },
      (request) =>
        changes.checkIn(ctx, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );

    app.get(
      '/api/my-exercises/reminder',
      { onRequest: patientOnly, schema: { tags, response: { 200: ReminderSchema } } },
      (request) => getReminder(ctx.db, callerOf(request)),
    );

    app.put(
      '/api/my-exercises/reminder',
      { onRequest: patientOnly, schema: { tags, body: ReminderSchema, response: { 200: ReminderSchema } } },
      (request) =>
        saveReminder(ctx.db, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );
  };
}
