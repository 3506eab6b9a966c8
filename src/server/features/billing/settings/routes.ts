import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BillingSettingsAnswerSchema, BillingSettingsSchema } from '../../../../shared/billing';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import { getSettings, putSettings } from './service';

/** The clinic's billing settings: read by whoever bills, written by staff and admins. */
export function settingsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const response = { 200: BillingSettingsAnswerSchema };

    app.get(
      '/api/billing/settings',
      { onRequest: app.requireRole('practitioner', 'staff', 'admin'), schema: { tags, response } },
      () => getSettings(ctx.db),
    );

    app.put(
      '/api/billing/settings',
      {
        onRequest: app.requireRole('staff', 'admin'),
        schema: { tags, body: BillingSettingsSchema, response },
      },
      (request) =>
        putSettings(ctx.db, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );
  };
}
