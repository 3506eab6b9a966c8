import { waitFor } from '@testing-library/react';
import type { Contact, Conversation, Message } from '../../shared/messaging';
import type { Notification } from '../../shared/notifications';
import { jsonResponse } from './fixtures';
import { nextId } from './live-fixtures';
import { WebSocketStub } from './setup';

export type Call = { method: string; url: string; body: unknown };

type State = {
  /** The signed-in user, who sends what is posted. */
  me?: { id: string; name: string };
  conversations?: Conversation[];
  /** Each conversation's messages, oldest first, by the other person's id. */
  threads?: Record<string, Message[]>;
  contacts?: Contact[];
  unreadMessages?: number;
  notifications?: Notification[];
  unreadNotifications?: number;
  /** Runs with the stored message before the send call answers, as a socket push may overtake it. */
  beforeSendAnswers?: (stored: Message) => Promise<void>;
};

/**
 * Answers the messaging and notification calls like the server does (lists newest first, `before` paging,
 * 201 on send) and records every call, for renderApp's `handle`.
 */
export function fakeMessagingServer(state: State = {}) {
  const calls: Call[] = [];
  const threads = state.threads ?? {};
  let unreadMessages = state.unreadMessages ?? 0;

  const handle = ({ method, url, body }: Call): Response | Promise<Response> | undefined => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (!pathname.startsWith('/api/messages') && !pathname.startsWith('/api/notifications')) return undefined;
    calls.push({ method, url, body });

    if (pathname === '/api/messages/conversations') {
      return jsonResponse({ items: state.conversations ?? [], nextCursor: null });
    }
    if (pathname === '/api/messages/unread-count') return jsonResponse({ count: unreadMessages });
    if (pathname === '/api/messages/contacts') {
      const search = (searchParams.get('search') ?? '').toLowerCase();
      return jsonResponse(
        (state.contacts ?? []).filter((c) => `${c.firstName} ${c.lastName}`.toLowerCase().includes(search)),
      );
    }
    if (pathname === '/api/messages' && method === 'GET') {
      const all = threads[searchParams.get('with') ?? ''] ?? [];
      const before = searchParams.get('before');
      const end = before ? all.findIndex((m) => m.id === before) : all.length;
      const limit = Number(searchParams.get('limit') ?? 30);
      return jsonResponse(all.slice(Math.max(0, end - limit), end).reverse());
    }
    if (pathname === '/api/messages' && method === 'POST') {
      const input = body as { recipientId: string; content: string };
      const stored: Message = {
        id: nextId(),
        senderId: state.me?.id ?? 'me',
        recipientId: input.recipientId,
        senderName: state.me?.name ?? 'Me',
        content: input.content,
        status: 'unread',
        readAt: null,
        deliveryStatus: 'sent',
        deliveredAt: null,
        createdAt: new Date().toISOString(),
      };
      threads[input.recipientId] = [...(threads[input.recipientId] ?? []), stored];
      const answer = () => jsonResponse(stored, 201);
      return state.beforeSendAnswers ? state.beforeSendAnswers(stored).then(answer) : answer();
    }
    const conversationRead = pathname.match(/^\/api\/messages\/conversations\/([^/]+)\/read$/);
    if (conversationRead && method === 'PUT') {
      const count = (state.conversations ?? []).find(
        (c) => c.participant.id === conversationRead[1],
      )?.unreadCount;
      unreadMessages = Math.max(0, unreadMessages - (count ?? 0));
      return jsonResponse({ count: count ?? 0 });
    }
    const delivered = pathname.match(/^\/api\/messages\/([^/]+)\/delivered$/);
    if (delivered && method === 'PUT') return jsonResponse({ id: delivered[1] });

    if (pathname === '/api/notifications' && method === 'GET') {
      const all = state.notifications ?? [];
      const before = searchParams.get('before');
      const start = before ? all.findIndex((item) => item.id === before) + 1 : 0;
      const limit = Number(searchParams.get('limit') ?? 50);
      return jsonResponse(all.slice(start, start + limit));
    }
    if (pathname === '/api/notifications/unread-count') {
      return jsonResponse({ count: state.unreadNotifications ?? 0 });
    }
    const notification = pathname.match(/^\/api\/notifications\/([^/]+)\/(read|archive)$/);
    if (notification && method === 'PATCH') {
      const found = (state.notifications ?? []).find((item) => item.id === notification[1]);
      return found ? jsonResponse({ ...found, isRead: true }) : jsonResponse({ message: 'Not found' }, 404);
    }
    if (pathname === '/api/notifications/mark-all-read' && method === 'PATCH') {
      return jsonResponse({ count: state.unreadNotifications ?? 0 });
    }
    return undefined;
  };

  return { calls, handle };
}

/**
 * The live socket the app opens on a channel, once it has: the sockets load on demand after the first render,
 * so a test waits for one rather than looking once. Accepted by the "server" so the app can send on it.
 */
export function findSocket(channel: 'messaging' | 'notifications'): Promise<WebSocketStub> {
  return waitFor(() => openedSocket(channel), { timeout: 10_000 });
}

/** The socket the app last opened on a channel, as it is (perhaps still connecting). */
export function latestSocket(channel: 'messaging' | 'notifications'): WebSocketStub {
  const socket = WebSocketStub.instances.filter((s) => s.url.includes(`channel=${channel}`)).at(-1);
  if (!socket) throw new Error(`No ${channel} socket was opened`);
  return socket;
}

/** The live socket the app opened on a channel, accepted by the "server" so the app can send on it. */
export function openedSocket(channel: 'messaging' | 'notifications'): WebSocketStub {
  const socket = latestSocket(channel);
  if (socket.readyState !== WebSocketStub.OPEN) socket.accept();
  return socket;
}
