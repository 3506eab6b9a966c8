import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  CreateAmendmentInputSchema,
  CreateRecoveryNoteInputSchema,
  ListRecoveryNotesQuerySchema,
  RecoveryNoteIdParamsSchema,
  RecoveryNotePageSchema,
  RecoveryNoteProgressQuerySchema,
  RecoveryNoteSchema,
  RecoveryNoteTemplateSchema,
  RecoveryProgressSchema,
  UpdateRecoveryNoteInputSchema,
} from '../../../shared/recovery-notes';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as changes from './changes';
import { raiseRecoveryNoteNotifications } from './notifications';
import * as notes from './service';

/**
 * Recovery notes. Roles that never see notes get 403 on the collection; a single note outside the caller's
 * reach answers 404 (the service decides), so ids cannot be probed.
 */
export function recoveryNoteRoutes(ctx: AppContext) {
  raiseRecoveryNoteNotifications(ctx);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['recovery-notes'];
    const onRequest = app.requireUser;
    const readers = app.requireRole('patient', 'practitioner', 'staff', 'admin');
    const note = { 200: RecoveryNoteSchema };
    const params = RecoveryNoteIdParamsSchema;

    app.get(
      '/api/recovery-notes',
      {
        onRequest: readers,
        schema: {
          tags,
          querystring: ListRecoveryNotesQuerySchema,
          response: { 200: RecoveryNotePageSchema },
        },
      },
      (request) =>
        notes.listNotes(ctx.db, callerOf(request), { query: request.query, meta: requestMeta(request) }),
    );

    app.post(
      '/api/recovery-notes',
      {
        onRequest: app.requireRole('practitioner'),
        schema: { tags, body: CreateRecoveryNoteInputSchema, response: { 201: RecoveryNoteSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await changes.createNote(ctx, callerOf(request), {
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    app.get(
      '/api/recovery-notes/templates',
      {
        onRequest: app.requireRole('practitioner', 'staff', 'admin'),
        schema: { tags, response: { 200: z.array(RecoveryNoteTemplateSchema) } },
      },
      () => notes.listTemplates(ctx.db),
    );

    app.get(
      '/api/recovery-notes/progress',
      {
        onRequest: readers,
        schema: {
          tags,
          querystring: RecoveryNoteProgressQuerySchema,
          response: { 200: RecoveryProgressSchema },
        },
      },
      (request) =>
        notes.progressOf(ctx.db, callerOf(request), {
          patientId: request.query.patientId,
          meta: requestMeta(request),
        }),
    );

    app.get('/api/recovery-notes/:id', { onRequest, schema: { tags, params, response: note } }, (request) =>
      notes.getNote(ctx.db, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.patch(
      '/api/recovery-notes/:id',
      { onRequest, schema: { tags, params, body: UpdateRecoveryNoteInputSchema, response: note } },
      (request) =>
        changes.updateDraft(ctx, callerOf(request), {
          id: request.params.id,
          input: request.body,
          meta: requestMeta(request),
        }),
    );

    app.post(
      '/api/recovery-notes/:id/sign',
      { onRequest, schema: { tags, params, body: EmptyBodySchema, response: note } },
      (request) =>
        changes.signNote(ctx, callerOf(request), { id: request.params.id, meta: requestMeta(request) }),
    );

    app.post(
      '/api/recovery-notes/:id/amendments',
      {
        onRequest,
        schema: { tags, params, body: CreateAmendmentInputSchema, response: { 201: RecoveryNoteSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await changes.amendNote(ctx, callerOf(request), {
            id: request.params.id,
            input: request.body,
            meta: requestMeta(request),
          }),
        ),
    );

    for (const [action, shared] of [
      ['share', true],
      ['unshare', false],
    ] as const)
      app.post(
        `/api/recovery-notes/:id/${action}`,
        { onRequest, schema: { tags, params, body: EmptyBodySchema, response: note } },
        (request) =>
          changes.setShared(ctx, callerOf(request), {
            id: request.params.id,
            shared,
            meta: requestMeta(request),
          }),
      );
  };
}
