import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema } from '../../../shared/health';
import { compareVersions, VersionCheckQuerySchema, VersionInfoSchema } from '../../../shared/version';
import type { AppContext } from '../../platform/context';
import { CHANGELOG } from './changelog';

export function systemRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/health',
      { schema: { tags: ['system'], response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_request, reply) => {
        const databaseUp = await ctx.database.ping();
        return reply.status(databaseUp ? 200 : 503).send({
          status: databaseUp ? 'ok' : 'degraded',
          database: databaseUp ? 'ok' : 'down',
          version: ctx.config.version,
        });
      },
    );

    app.get(
      '/api/version/check',
      {
        schema: {
          tags: ['system'],
          querystring: VersionCheckQuerySchema,
          response: { 200: VersionInfoSchema },
        },
      },
      (request) => {
        const clientVersion = request.query.currentVersion ?? ctx.config.version;
        return {
          currentVersion: clientVersion,
          latestVersion: ctx.config.version,
          changelog: CHANGELOG.find((entry) => entry.version === ctx.config.version)?.notes ?? [],
          forceUpdate: compareVersions(clientVersion, ctx.config.minSupportedVersion) < 0,
        };
      },
    );
  };
}
