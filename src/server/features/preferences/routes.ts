import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PreferencesSchema, UpdatePreferencesInputSchema } from '../../../shared/preferences';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as preferences from './service';

export function preferenceRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['preferences'];

    app.get(
      '/api/user-preferences',
      { onRequest: app.requireUser, schema: { tags, response: { 200: PreferencesSchema } } },
      (request) => preferences.getPreferences(ctx.db, callerOf(request).id),
    );

    app.put(
      '/api/user-preferences',
      {
        onRequest: app.requireUser,
        schema: { tags, body: UpdatePreferencesInputSchema, response: { 200: PreferencesSchema } },
      },
      (request) =>
        preferences.updatePreferences(ctx.db, callerOf(request).id, {
          input: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
