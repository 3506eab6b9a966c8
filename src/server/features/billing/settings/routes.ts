import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BillingPolicyAnswerSchema,
  BillingPolicySchema,
  BillingSettingsAnswerSchema,
  BillingSettingsSchema,
} from '../../../../shared/billing';
import { callerOf } from '../../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../../platform/context';
import { getPolicy, getSettings, putPolicy, putSettings } from './service';

/**
 * The clinic's billing settings, read by whoever bills and written by staff and admins; and its payment policy,
 * read by every signed-in user (a patient reads it before booking) and written by admins.
 */
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

    const policyResponse = { 200: BillingPolicyAnswerSchema };
    app.get(
      '/api/billing/policy',
      { onRequest: app.requireUser, schema: { tags, response: policyResponse } },
      () => getPolicy(ctx.db),
    );

    app.put(
      '/api/billing/policy',
      {
        onRequest: app.requireRole('admin'),
        schema: { tags, body: BillingPolicySchema, response: policyResponse },
      },
      (request) => putPolicy(ctx.db, callerOf(request), { input: request.body, meta: requestMeta(request) }),
    );
  };
}
