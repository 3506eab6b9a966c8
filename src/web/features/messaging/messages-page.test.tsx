import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/messaging';
import {
  fakeMessagingServer,
  findSocket,
  latestSocket,
  openedSocket,
} from '../../test/fake-messaging-server';
import { userWithRole } from '../../test/fixtures';
import { contactOf, conversationWith, messageBetween } from '../../test/live-fixtures';
import { renderApp } from '../../test/render-app';

const practitioner = userWithRole('practitioner');
const patient = userWithRole('patient');
const staff = userWithRole('staff');
const me = { id: patient.id, name: 'Pat Morgan' };

afterEach(() => vi.useRealTimers());

/** The page loads on demand; the first test to open it waits for it to be compiled. */
const findThread = () => screen.findByRole('log', { name: 'Riley Chen' }, { timeout: 10_000 });

function patientInbox(
  extra: {
    thread?: Message[];
    unreadMessages?: number;
    beforeSendAnswers?: (stored: Message) => Promise<void>;
  } = {},
) {
  const thread = extra.thread ?? [
    messageBetween('practitioner', 'patient', 'How is the knee today?', {
      createdAt: '2026-03-02T09:00:00.000Z',
    }),
    messageBetween('patient', 'practitioner', 'Much better,\nthank you!', {
      createdAt: '2026-03-02T09:05:00.000Z',
      deliveryStatus: 'read',
      status: 'read',
      deliveredAt: '2026-03-02T09:06:00.000Z',
      readAt: '2026-03-02T09:07:00.000Z',
    }),
    messageBetween('practitioner', 'patient', 'Great. Keep up the exercises.', {
      createdAt: '2026-03-02T09:10:00.000Z',
    }),
  ];
  return fakeMessagingServer({
    me,
    conversations: [
      conversationWith('practitioner', thread[thread.length - 1], 2),
      conversationWith(
        'staff',
        messageBetween('staff', 'patient', 'Your invoice is ready.', {
          createdAt: '2026-03-01T08:00:00.000Z',
        }),
      ),
    ],
    threads: { [practitioner.id]: thread },
    contacts: [contactOf('practitioner'), contactOf('staff')],
    unreadMessages: extra.unreadMessages ?? 2,
    beforeSendAnswers: extra.beforeSendAnswers,
  });
}

describe('the messages page', () => {
  it('lists conversations newest first with their unread count and last message', async () => {
    const server = patientInbox();
    renderApp({ path: '/messages', role: 'patient', handle: server.handle });
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 10_000 });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Riley Chen'),
      expect.stringContaining('Sam Ortiz'),
    ]);
    expect(rows[0]).toHaveTextContent('Great. Keep up the exercises.');
    expect(rows[0]).toHaveTextContent('2 unread');
    expect(rows[0]).toHaveAttribute('href', `/messages?with=${practitioner.id}`);
    expect(screen.getByText('Choose a conversation, or start one with New message.')).toBeInTheDocument();
  });

  it('opens the conversation in the address, oldest message first, marks it read and keeps line breaks', async () => {
    const server = patientInbox();
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const log = await findThread();
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'How is the knee today?',
      'Much better,\nthank you!',
      'Great. Keep up the exercises.',
    ]);
    expect(items[1].querySelector('p')).toHaveClass('whitespace-pre-wrap');
    expect(items[1]).toHaveTextContent(/Read/);
    await waitFor(() =>
      expect(server.calls).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          url: `/api/messages/conversations/${practitioner.id}/read`,
        }),
      ),
    );
  });

  it('shows content as text, never as markup', async () => {
    const server = patientInbox({
      thread: [messageBetween('practitioner', 'patient', '<img src=x onerror="alert(1)"><b>bold</b>')],
    });
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const log = await findThread();
    expect(within(log).getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
    expect(log.querySelector('img')).toBeNull();
    expect(log.querySelector('b')).toBeNull();
  });

  it('sends with Enter, keeps Shift+Enter as a new line, and shows Sent from the stored message', async () => {
    const server = patientInbox();
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const user = userEvent.setup();
    const field = await findThread().then(() => screen.getByLabelText('Message to Riley Chen'));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(field, '   ');
    expect(send).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'See you{Shift>}{Enter}{/Shift}on Monday');
    expect(field).toHaveValue('See you\non Monday');
    expect(field).toHaveAccessibleDescription(/17 \/ 5000 characters/);
    await user.type(field, '{Enter}');
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'POST',
        url: '/api/messages',
        body: { recipientId: practitioner.id, content: 'See you\non Monday' },
      }),
    );
    expect(field).toHaveValue('');
    const log = screen.getByRole('log', { name: 'Riley Chen' });
    const sent = within(log).getAllByRole('listitem').at(-1);
    expect(sent?.querySelector('p')?.textContent).toBe('See you\non Monday');
    await waitFor(() => expect(sent).toHaveTextContent(/Sent$/));
  });

  it('shows a sent message once when its socket echo overtakes the send call', async () => {
    const server = patientInbox({
      beforeSendAnswers: async (stored) => {
        act(() =>
          openedSocket('messaging').receive({
            type: 'new_message',
            from: patient.id,
            to: practitioner.id,
            data: stored,
          }),
        );
        // The send call has not answered yet: the echo has taken the optimistic copy's place.
        await waitFor(() =>
          expect(screen.getByText('Echo first').closest('li')?.getAttribute('data-message-id')).toBe(
            stored.id,
          ),
        );
      },
    });
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const user = userEvent.setup();
    const field = await findThread().then(() => screen.getByLabelText('Message to Riley Chen'));
    await user.type(field, 'Echo first{Enter}');
    const log = screen.getByRole('log', { name: 'Riley Chen' });
    await waitFor(() => expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent(/Sent$/));
    expect(within(log).getAllByText('Echo first')).toHaveLength(1);
  });

  it('updates delivery status live: Delivered, then Read', async () => {
    const server = patientInbox();
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const user = userEvent.setup();
    const field = await findThread().then(() => screen.getByLabelText('Message to Riley Chen'));
    // Listening before the send: the lists read again on the socket's first open are in before the receipts.
    const socket = await findSocket('messaging');
    await user.type(field, 'Thanks!{Enter}');
    const log = screen.getByRole('log', { name: 'Riley Chen' });
    await waitFor(() => expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent(/Sent$/));
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post).toBeDefined();
    // The id the server stored: the last message in the thread after reconciliation.
    const stored = await waitFor(() => {
      const id = screen.getByText('Thanks!').closest('li')?.getAttribute('data-message-id');
      if (!id || id.startsWith('pending-')) throw new Error('not stored yet');
      return id;
    });
    act(() =>
      socket.receive({
        type: 'message_delivered',
        from: practitioner.id,
        to: patient.id,
        data: { messageIds: [stored], at: '2026-03-02T10:00:00.000Z' },
      }),
    );
    await waitFor(() => expect(screen.getByText('Thanks!').closest('li')).toHaveTextContent(/Delivered/));
    act(() =>
      socket.receive({
        type: 'message_read',
        from: practitioner.id,
        to: patient.id,
        data: { messageIds: [stored], at: '2026-03-02T10:01:00.000Z' },
      }),
    );
    await waitFor(() => expect(screen.getByText('Thanks!').closest('li')).toHaveTextContent(/Read/));
  });

  it('loads older messages with before = the oldest id held', async () => {
    const thread = Array.from({ length: 35 }, (_, index) =>
      messageBetween('practitioner', 'patient', `Message ${index + 1}`, {
        createdAt: new Date(Date.UTC(2026, 2, 1, 8, index)).toISOString(),
      }),
    );
    const server = patientInbox({ thread });
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const log = await findThread();
    expect(within(log).getAllByRole('listitem')).toHaveLength(30);
    expect(within(log).queryByText('Message 5')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(log).getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(35));
    expect(server.calls.map((call) => call.url)).toContain(
      `/api/messages?with=${practitioner.id}&before=${thread[5].id}&limit=30`,
    );
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Message 1');
    expect(within(log).queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('starts a conversation from New message, and the address names it', async () => {
    const server = patientInbox();
    const { router } = renderApp({ path: '/messages', role: 'patient', handle: server.handle });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New message' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.type(within(dialog).getByLabelText('Search people'), 'sam');
    await waitFor(() =>
      expect(server.calls.map((call) => call.url)).toContain('/api/messages/contacts?search=sam'),
    );
    await user.click(await within(dialog).findByRole('button', { name: /Sam Ortiz/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?with=${staff.id}`));
    expect(await screen.findByRole('heading', { name: 'Sam Ortiz' })).toBeInTheDocument();
  });
});

describe('the messaging socket', () => {
  const incoming = (content: string) =>
    messageBetween('practitioner', 'patient', content, { createdAt: new Date().toISOString() });

  it('on a new message elsewhere: confirms delivery, counts it unread and shows the New Message toast', async () => {
    const server = patientInbox({ unreadMessages: 0 });
    renderApp({ path: '/', role: 'patient', handle: server.handle });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const socket = await findSocket('messaging');
    expect(socket.url).toBe(
      `ws://localhost:3000/ws?token=token-patient&userId=${patient.id}&channel=messaging`,
    );
    await waitFor(() => expect(server.calls.map((call) => call.url)).toContain('/api/messages/unread-count'));
    const message = incoming('Are you free on Thursday?');
    act(() => socket.receive({ type: 'new_message', from: practitioner.id, to: patient.id, data: message }));
    expect(await screen.findByText('New Message')).toBeInTheDocument();
    expect(screen.getByText('Riley Chen sent you a new message')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /My Messages/ })).toHaveTextContent('1 unread');
    await waitFor(() =>
      expect(server.calls).toContainEqual(
        expect.objectContaining({ method: 'PUT', url: `/api/messages/${message.id}/delivered` }),
      ),
    );
  });

  it('in the open conversation: no toast, the message appears and is marked read', async () => {
    const server = patientInbox();
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const log = await findThread();
    const socket = await findSocket('messaging');
    const readsBefore = server.calls.filter((call) => call.url.endsWith('/read')).length;
    const message = incoming('Here is the plan.');
    act(() => socket.receive({ type: 'new_message', from: practitioner.id, to: patient.id, data: message }));
    expect(await within(log).findByText('Here is the plan.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls.filter((call) => call.url.endsWith('/read')).length).toBe(readsBefore + 1),
    );
    expect(server.calls).toContainEqual(
      expect.objectContaining({ method: 'PUT', url: `/api/messages/${message.id}/delivered` }),
    );
    expect(screen.queryByText('New Message')).not.toBeInTheDocument();
  });

  it('shows who is typing and clears it 3 s after the last typing_start, or on their message', async () => {
    const server = patientInbox();
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    await findThread();
    const socket = await findSocket('messaging');
    vi.useFakeTimers();
    const typing = (type: string) =>
      act(() => socket.receive({ type, from: practitioner.id, to: patient.id, data: {} }));
    typing('typing_start');
    expect(screen.getByText('Riley is typing…')).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Riley is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Riley is typing…')).not.toBeInTheDocument();

    typing('typing_start');
    expect(screen.getByText('Riley is typing…')).toBeInTheDocument();
    typing('typing_stop');
    expect(screen.queryByText('Riley is typing…')).not.toBeInTheDocument();

    typing('typing_start');
    act(() =>
      socket.receive({ type: 'new_message', from: practitioner.id, to: patient.id, data: incoming('Done.') }),
    );
    expect(screen.queryByText('Riley is typing…')).not.toBeInTheDocument();
  });

  it('sends typing_start once while typing, and typing_stop 3 s after the last key or on send', async () => {
    const server = patientInbox();
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const field = await findThread().then(() => screen.getByLabelText('Message to Riley Chen'));
    const socket = await findSocket('messaging');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const sentTypes = () => socket.sent.map((frame) => (frame as { type: string }).type);
    await user.type(field, 'Hello');
    expect(sentTypes()).toEqual(['typing_start']);
    expect(socket.sent[0]).toEqual({ type: 'typing_start', from: patient.id, to: practitioner.id, data: {} });
    act(() => vi.advanceTimersByTime(3000));
    expect(sentTypes()).toEqual(['typing_start', 'typing_stop']);
    await user.type(field, ' again{Enter}');
    expect(sentTypes()).toEqual(['typing_start', 'typing_stop', 'typing_start', 'typing_stop']);
  });

  it('tries a typing_start the socket could not send yet (still connecting) again on the next key', async () => {
    const server = patientInbox();
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    const field = await findThread().then(() => screen.getByLabelText('Message to Riley Chen'));
    const connecting = await waitFor(() => latestSocket('messaging'));
    const user = userEvent.setup();
    await user.type(field, 'H');
    expect(connecting.sent).toEqual([]);
    act(() => connecting.accept());
    await user.type(field, 'i');
    expect(connecting.sent).toEqual([
      { type: 'typing_start', from: patient.id, to: practitioner.id, data: {} },
    ]);
  });

  it('reads the thread and the conversations again when its socket first opens: what came before it listened shows', async () => {
    const server = patientInbox();
    renderApp({ path: `/messages?with=${practitioner.id}`, role: 'patient', handle: server.handle });
    await findThread();
    const threadReads = () =>
      server.calls.filter((call) => call.method === 'GET' && call.url.includes(`with=${practitioner.id}`))
        .length;
    const listReads = () =>
      server.calls.filter((call) => call.url.includes('/api/messages/conversations')).length;
    const before = { thread: threadReads(), list: listReads() };
    act(() => latestSocket('messaging').accept());
    await waitFor(() => expect(threadReads()).toBe(before.thread + 1));
    await waitFor(() => expect(listReads()).toBe(before.list + 1));
  });
});
