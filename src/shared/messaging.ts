import { z } from 'zod';
import { RoleSchema } from './roles';
import { MESSAGE_MAX_LENGTH, MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE } from './vocabulary/messaging';

export * from './vocabulary/messaging';

export const DELIVERY_STATUSES = ['sent', 'delivered', 'read'] as const;
export const MESSAGE_STATUSES = ['unread', 'read'] as const;

/** A stored message as both parties see it (specification section 3, plus its text and times). */
export const MessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  senderName: z.string(),
  content: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  readAt: z.string().nullable(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

const IdSchema = z.uuid({ error: 'Must be a valid id' });

export const MessageContentSchema = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);

/** POST /api/messages: answered 201 with the stored message. */
export const SendMessageInputSchema = z.strictObject({
  recipientId: IdSchema,
  content: MessageContentSchema,
});
export type SendMessageInput = z.infer<typeof SendMessageInputSchema>;

/** GET /api/messages: the caller's messages, newest first, a JSON array; `before` is the oldest id already held. */
export const ListMessagesQuerySchema = z.strictObject({
  with: IdSchema.optional(),
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});
export type ListMessagesQuery = z.input<typeof ListMessagesQuerySchema>;

export const MessageIdParamsSchema = z.strictObject({ id: IdSchema });
export const ParticipantParamsSchema = z.strictObject({ userId: IdSchema });

export const CountSchema = z.object({ count: z.number().int().min(0) });
export type Count = z.infer<typeof CountSchema>;

/** Someone the caller may write to, or is already writing with. */
export const ContactSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  profileImage: z.string().nullable(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** GET /api/messages/conversations: one row per person, the latest exchange first. */
export const ConversationSchema = z.object({
  participant: ContactSchema,
  lastMessage: MessageSchema,
  unreadCount: z.number().int().min(0),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationPageSchema = z.object({
  items: z.array(ConversationSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

const SearchSchema = z.string().trim().max(100, 'Search must be at most 100 characters').optional();

export const ConversationQuerySchema = z.strictObject({
  search: SearchSchema,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});

/** GET /api/messages/contacts: the people the caller's role may write to (compose). */
export const ContactQuerySchema = z.strictObject({ search: SearchSchema });
export const ContactListSchema = z.array(ContactSchema);

/**
 * The messaging socket (/ws?channel=messaging). Every event is { type, from, to, data } in both directions;
 * the server accepts an event only when `from` is the socket's own user.
 */
export const MESSAGING_EVENT_TYPES = [
  'new_message',
  'message_delivered',
  'message_read',
  'typing_start',
  'typing_stop',
] as const;
export type MessagingEventType = (typeof MESSAGING_EVENT_TYPES)[number];

/** An id as a socket frame names it: held to an id's length, whatever it holds (the service checks the rest). */
const FrameIdSchema = z.string().max(64);

export const ReceiptDataSchema = z.object({
  messageIds: z.array(FrameIdSchema).min(1).max(MESSAGE_PAGE_MAX),
  at: z.string().max(40).optional(),
});

/** A browser's event on the messaging socket: its type, who sends it (the socket's own user), to whom, what. */
const clientEvent = <Type extends MessagingEventType, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({ type: z.literal(type), from: FrameIdSchema, to: IdSchema, data });
const NoData = z.object({}).optional();

/** What a browser may send on the messaging socket. */
export const ClientMessagingEventSchema = z.discriminatedUnion('type', [
  clientEvent('new_message', z.object({ content: MessageContentSchema })),
  clientEvent('message_delivered', ReceiptDataSchema),
  clientEvent('message_read', ReceiptDataSchema),
  clientEvent('typing_start', NoData),
  clientEvent('typing_stop', NoData),
]);
export type ClientMessagingEvent = z.infer<typeof ClientMessagingEventSchema>;

/** What the server pushes on the messaging socket. */
export type ServerMessagingEvent =
  | { type: 'new_message'; from: string; to: string; data: Message }
  | { type: 'message_delivered'; from: string; to: string; data: { messageIds: string[]; at: string } }
  | { type: 'message_read'; from: string; to: string; data: { messageIds: string[]; at: string } }
  | { type: 'typing_start' | 'typing_stop'; from: string; to: string; data: Record<string, never> }
  | { type: 'error'; from: string; to: string; data: { message: string } };
