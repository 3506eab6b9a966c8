import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { Notification } from '../../../shared/notifications';
import { fakeMessagingServer, findSocket, openedSocket } from '../../test/fake-messaging-server';
import { userWithRole } from '../../test/fixtures';
import { notificationOf } from '../../test/live-fixtures';
import { renderApp } from '../../test/render-app';
import { WebSocketStub } from '../../test/setup';

const staff = userWithRole('staff');

function renderWith(notifications: Notification[], unread: number, path = '/') {
  const server = fakeMessagingServer({ notifications, unreadNotifications: unread });
  const view = renderApp({ path, role: 'staff', handle: server.handle });
  return { ...view, server };
}

const bell = (name: string | RegExp = /Open notifications/) =>
  screen.findByRole('button', { name }, { timeout: 10_000 });

async function openDrawer() {
  const user = userEvent.setup();
  await user.click(await bell());
  return { user, drawer: await screen.findByRole('dialog', { name: 'Notifications' }) };
}

class AudioStub {
  static played: AudioStub[] = [];
  volume = 1;
  constructor(readonly src: string) {}
  play() {
    AudioStub.played.push(this);
    return Promise.reject(new Error('autoplay is blocked'));
  }
}

class DesktopNotificationStub {
  static permission: NotificationPermission = 'granted';
  static shown: DesktopNotificationStub[] = [];
  static requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    DesktopNotificationStub.shown.push(this);
  }
}

describe('the bell', () => {
  it("shows '99+' above 99 unread and says so in its name", async () => {
    renderWith([], 100);
    const button = await bell('Open notifications, 99+ unread');
    expect(within(button).getByText('99+')).toBeInTheDocument();
  });

  it('shows the exact count up to 99, and no badge at 0', async () => {
    renderWith([], 99);
    expect(within(await bell('Open notifications, 99 unread')).getByText('99')).toBeInTheDocument();
  });

  it('has no badge when everything is read', async () => {
    renderWith([], 0);
    const button = await bell('Open notifications');
    await waitFor(() => expect(button).toHaveAccessibleName('Open notifications'));
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });
});

describe('the drawer', () => {
  const unreadAppointment = notificationOf({ title: 'Appointment booked', isRead: false });
  const readInvoice = notificationOf({ type: 'invoice_paid', title: 'Invoice paid', isRead: true });

  it('lists notifications newest first with the unread ones marked, and an empty state', async () => {
    renderWith([unreadAppointment, readInvoice], 1);
    const { drawer } = await openDrawer();
    const items = await within(drawer).findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-labelledby'))).toEqual([
      `notification-${unreadAppointment.id}`,
      `notification-${readInvoice.id}`,
    ]);
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(within(items[1]).queryByRole('button', { name: /Mark read/ })).not.toBeInTheDocument();
  });

  it('says when there is nothing', async () => {
    renderWith([], 0);
    const { drawer } = await openDrawer();
    expect(await within(drawer).findByText('No notifications. You are all caught up.')).toBeInTheDocument();
  });

  it('loads older notifications a page at a time, until the server has no more', async () => {
    const all = Array.from({ length: 60 }, (_, i) =>
      notificationOf({ title: `Notice ${i + 1}`, isRead: true }),
    );
    const { server } = renderWith(all, 0);
    const { user, drawer } = await openDrawer();
    const list = await within(drawer).findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(50));
    await user.click(within(drawer).getByRole('button', { name: 'Load older notifications' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(within(list).getAllByRole('listitem')[59]).toHaveTextContent('Notice 60');
    expect(server.calls.some((call) => call.url.includes(`before=${all[49].id}`))).toBe(true);
    expect(
      within(drawer).queryByRole('button', { name: 'Load older notifications' }),
    ).not.toBeInTheDocument();
  });

  it('marks one read, marks all read and archives, each through its own call', async () => {
    const second = notificationOf({ title: 'Invoice overdue', type: 'invoice_overdue', isRead: false });
    const { server } = renderWith([unreadAppointment, second, readInvoice], 2);
    const { user, drawer } = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: 'Mark read: Appointment booked' }));
    await waitFor(() =>
      expect(server.calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', url: `/api/notifications/${unreadAppointment.id}/read` }),
      ),
    );
    // The page behind the open drawer is inert; the drawer repeats the count.
    expect(await within(drawer).findByText('1 unread')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(server.calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', url: '/api/notifications/mark-all-read' }),
      ),
    );
    await waitFor(() => expect(within(drawer).queryByText(/Unread/)).not.toBeInTheDocument());
    expect(within(drawer).getByText('All caught up')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Archive: Invoice paid' }));
    await waitFor(() =>
      expect(server.calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', url: `/api/notifications/${readInvoice.id}/archive` }),
      ),
    );
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(2));
  }, 15_000);

  it('a message notification goes to /messages and is marked read', async () => {
    const message = notificationOf({
      type: 'message_received',
      title: 'New message',
      message: 'Riley Chen sent you a message',
      actionUrl: '/messages?with=someone',
    });
    const { server, router } = renderWith([message], 1);
    const { user, drawer } = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: /Riley Chen sent you a message/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toBe('');
    await waitFor(() =>
      expect(server.calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', url: `/api/notifications/${message.id}/read` }),
      ),
    );
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('any other notification follows its action URL inside the portal', async () => {
    const invoice = notificationOf({
      type: 'invoice_overdue',
      title: 'Invoice overdue',
      actionUrl: '/billing?invoice=7',
    });
    const { router } = renderWith([invoice], 1);
    const { user, drawer } = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: /^Invoice overdue/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(router.state.location.search).toBe('?invoice=7');
  });
});

describe('the notifications socket', () => {
  const push = (notification: Notification, delivery = { desktop: false, sound: false }) =>
    act(() => openedSocket('notifications').receive({ type: 'notification', data: notification, delivery }));

  it('puts a pushed notification on top, bumps the badge, plays the sound at 0.5 and shows a toast', async () => {
    vi.stubGlobal('Audio', AudioStub);
    AudioStub.played = [];
    const older = notificationOf({ title: 'Older one' });
    renderWith([older], 1);
    const { drawer } = await openDrawer();
    await within(drawer).findByText('Older one');
    const socket = await findSocket('notifications');
    expect(socket.url).toBe(
      `ws://localhost:3000/ws?token=token-staff&userId=${staff.id}&channel=notifications`,
    );
    push(notificationOf({ title: 'Appointment cancelled', message: 'Monday 10:00 was cancelled.' }), {
      desktop: false,
      sound: true,
    });
    await waitFor(() =>
      expect(within(drawer).getAllByRole('listitem')[0]).toHaveTextContent('Appointment cancelled'),
    );
    expect(await within(drawer).findByText('2 unread')).toBeInTheDocument();
    expect(AudioStub.played).toHaveLength(1);
    expect(AudioStub.played[0].src).toBe('/sounds/notification.wav');
    expect(AudioStub.played[0].volume).toBe(0.5);
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent('Monday 10:00 was cancelled.'),
    );
  }, 15_000);

  it('raises no toast for a message notification, and shows urgent ones on the desktop when allowed', async () => {
    vi.stubGlobal('Notification', DesktopNotificationStub);
    DesktopNotificationStub.shown = [];
    const { router } = renderWith([], 0);
    await bell();
    await findSocket('notifications');
    const message = notificationOf({
      type: 'message_received',
      title: 'New message',
      message: 'Riley Chen sent you a message',
      priority: 'high',
    });
    push(message, { desktop: true, sound: false });
    expect(await bell('Open notifications, 1 unread')).toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(DesktopNotificationStub.shown).toHaveLength(1);
    const shown = DesktopNotificationStub.shown[0];
    expect(shown.title).toBe('New message');
    expect(shown.options.body).toBe('Riley Chen sent you a message');
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    act(() => shown.onclick?.());
    expect(focus).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
  });

  it('asks for desktop permission on load and records the answer', async () => {
    DesktopNotificationStub.permission = 'default';
    DesktopNotificationStub.requestPermission.mockClear();
    vi.stubGlobal('Notification', DesktopNotificationStub);
    renderWith([], 0);
    await bell();
    await waitFor(() => expect(DesktopNotificationStub.requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(window.localStorage.getItem(STORAGE_KEYS.notificationInteraction)).toBe('granted'),
    );
    DesktopNotificationStub.permission = 'granted';
  });

  it('does not reconnect on a telehealth session page', async () => {
    renderWith([], 0, '/telehealth-session/abc');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    vi.useFakeTimers();
    try {
      const sockets = () => WebSocketStub.instances.filter((s) => s.url.includes('channel=notifications'));
      expect(sockets()).toHaveLength(1);
      act(() => {
        sockets()[0].dispatchEvent(new CloseEvent('close', { code: 1006 }));
      });
      act(() => vi.advanceTimersByTime(10_000));
      expect(sockets()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
