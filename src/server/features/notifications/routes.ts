import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import { CountSchema } from '../../../shared/messaging';
import {
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationPreferenceListSchema,
  NotificationSchema,
  UpdateNotificationPreferencesInputSchema,
} from '../../../shared/notifications';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as preferences from './preferences-service';
import { raiseNotificationsFromEvents } from './raised-by-events';
import * as notifications from './service';

export function notificationRoutes(ctx: AppContext) {
  raiseNotificationsFromEvents(ctx);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];
    const onRequest = app.requireUser;

    app.get(
      '/api/notifications',
      {
        onRequest,
        schema: {
          tags,
          querystring: NotificationListQuerySchema,
          response: { 200: z.array(NotificationSchema) },
        },
      },
      (request) => notifications.listNotifications(ctx.db, callerOf(request).id, request.query),
    );

    app.get(
      '/api/notifications/unread-count',
      { onRequest, schema: { tags, response: { 200: CountSchema } } },
      (request) => notifications.unreadCount(ctx.db, callerOf(request).id),
    );

    // A static segment: the router prefers it, and it has one segment fewer than /{id}/read anyway.
    app.patch(
      '/api/notifications/mark-all-read',
      { onRequest, schema: { tags, body: EmptyBodySchema, response: { 200: CountSchema } } },
      (request) => notifications.markAllRead(ctx.db, callerOf(request).id),
    );

    const oneNotification = {
      tags,
      params: NotificationIdParamsSchema,
      body: EmptyBodySchema,
      response: { 200: NotificationSchema },
    };
    app.patch('/api/notifications/:id/read', { onRequest, schema: oneNotification }, (request) =>
      notifications.markRead(ctx.db, callerOf(request).id, request.params.id),
    );
    app.patch('/api/notifications/:id/archive', { onRequest, schema: oneNotification }, (request) =>
      notifications.archive(ctx.db, callerOf(request).id, request.params.id),
    );

    app.get(
      '/api/notification-preferences',
      { onRequest, schema: { tags, response: { 200: NotificationPreferenceListSchema } } },
      (request) => preferences.listPreferences(ctx.db, callerOf(request).id),
    );

    app.put(
      '/api/notification-preferences',
      {
        onRequest,
        schema: {
          tags,
          body: UpdateNotificationPreferencesInputSchema,
          response: { 200: NotificationPreferenceListSchema },
        },
      },
      (request) =>
        preferences.updatePreferences(ctx.db, callerOf(request).id, {
          changes: request.body,
          meta: requestMeta(request),
        }),
    );
  };
}
