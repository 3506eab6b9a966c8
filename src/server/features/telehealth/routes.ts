import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import { CallPersonInputSchema, InvitableStaffQuerySchema } from '../../../shared/telehealth';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as host from './host';
import { raiseCallNotifications } from './notifications';
import * as telehealth from './service';

const CallParamsSchema = z.strictObject({ appointmentId: z.uuid({ error: 'Must be a valid id' }) });

/**
 * Video visits (every call answers 409 while the clinic has them off). The Telehealth page's list is for the
 * clinic's people and patients; a call answers only its own people (404 for anyone else), and its actions
 * only its host (403 for the others of the call), as does the host's search of staff to invite.
 */
export function telehealthRoutes(ctx: AppContext) {
  raiseCallNotifications(ctx);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['telehealth'];
    const onRequest = app.requireUser;
    const params = CallParamsSchema;

    app.get(
      '/api/telehealth/visits',
      { onRequest: app.requireRole('patient', 'practitioner', 'staff', 'admin'), schema: { tags } },
      (request) => telehealth.listVisits(ctx, callerOf(request), requestMeta(request)),
    );

    app.get('/api/telehealth/sessions/:appointmentId', { onRequest, schema: { tags, params } }, (request) =>
      telehealth.getSession(ctx, callerOf(request), {
        id: request.params.appointmentId,
        meta: requestMeta(request),
      }),
    );

    app.get(
      '/api/telehealth/sessions/:appointmentId/invitable',
      { onRequest, schema: { tags, params, querystring: InvitableStaffQuerySchema } },
      (request) =>
        host.invitableStaff(ctx, callerOf(request), { id: request.params.appointmentId, q: request.query.q }),
    );

    const actions = {
      start: host.startCall,
      end: host.endCall,
      complete: host.completeFromCall,
    } as const;
    for (const [action, run] of Object.entries(actions))
      app.post(
        `/api/telehealth/sessions/:appointmentId/${action}`,
        { onRequest, schema: { tags, params, body: EmptyBodySchema } },
        (request) =>
          run(ctx, callerOf(request), { id: request.params.appointmentId, meta: requestMeta(request) }),
      );

    const personActions = { admit: host.admit, invite: host.invite } as const;
    for (const [action, run] of Object.entries(personActions))
      app.post(
        `/api/telehealth/sessions/:appointmentId/${action}`,
        { onRequest, schema: { tags, params, body: CallPersonInputSchema } },
        (request) =>
          run(ctx, callerOf(request), {
            id: request.params.appointmentId,
            userId: request.body.userId,
            meta: requestMeta(request),
          }),
      );
  };
}
