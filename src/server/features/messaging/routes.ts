import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema } from '../../../shared/api-error';
import {
  ContactListSchema,
  ContactQuerySchema,
  ConversationPageSchema,
  ConversationQuerySchema,
  CountSchema,
  ListMessagesQuerySchema,
  MessageIdParamsSchema,
  MessageSchema,
  ParticipantParamsSchema,
  SendMessageInputSchema,
} from '../../../shared/messaging';
import { callerOf } from '../../platform/auth-guard';
import { type AppContext, requestMeta } from '../../platform/context';
import * as messaging from './service';

export function messagingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['messaging'];
    const onRequest = app.requireUser;

    app.post(
      '/api/messages',
      { onRequest, schema: { tags, body: SendMessageInputSchema, response: { 201: MessageSchema } } },
      async (request, reply) => {
        const message = await messaging.sendMessage(ctx, callerOf(request), {
          input: request.body,
          meta: requestMeta(request),
        });
        return reply.status(201).send(message);
      },
    );

    app.get(
      '/api/messages',
      {
        onRequest,
        schema: { tags, querystring: ListMessagesQuerySchema, response: { 200: z.array(MessageSchema) } },
      },
      (request) => messaging.listMessages(ctx.db, callerOf(request).id, request.query),
    );

    app.get(
      '/api/messages/unread-count',
      { onRequest, schema: { tags, response: { 200: CountSchema } } },
      (request) => messaging.unreadCount(ctx.db, callerOf(request).id),
    );

    const receipt = {
      tags,
      params: MessageIdParamsSchema,
      body: EmptyBodySchema,
      response: { 200: MessageSchema },
    };
    app.put('/api/messages/:id/delivered', { onRequest, schema: receipt }, (request) =>
      messaging.markDelivered(ctx, callerOf(request).id, request.params.id),
    );
    app.put('/api/messages/:id/read', { onRequest, schema: receipt }, (request) =>
      messaging.markRead(ctx, callerOf(request).id, request.params.id),
    );

    app.put(
      '/api/messages/conversations/:userId/read',
      {
        onRequest,
        schema: {
          tags,
          params: ParticipantParamsSchema,
          body: EmptyBodySchema,
          response: { 200: CountSchema },
        },
      },
      (request) => messaging.readConversation(ctx, callerOf(request), request.params.userId),
    );

    app.get(
      '/api/messages/conversations',
      {
        onRequest,
        schema: { tags, querystring: ConversationQuerySchema, response: { 200: ConversationPageSchema } },
      },
      (request) => messaging.listConversations(ctx.db, callerOf(request).id, request.query),
    );

    app.get(
      '/api/messages/contacts',
      { onRequest, schema: { tags, querystring: ContactQuerySchema, response: { 200: ContactListSchema } } },
      (request) => messaging.listContacts(ctx.db, callerOf(request), request.query.search),
    );
  };
}
