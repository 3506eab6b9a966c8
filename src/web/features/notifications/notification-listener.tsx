import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { Notification, NotificationSocketEvent } from '../../../shared/notifications';
import { SESSION_CLOSE_CODES, SOCKET_CLOSE } from '../../../shared/realtime';
import { openReconnectingSocket, socketUrl } from '../../lib/socket-client';
import { writeStorage } from '../../lib/storage';
import { invalidateAccounts, isAccountsChanged } from '../admin/live';
import { invalidateAppointments, isAppointmentsChanged } from '../appointments/live';
import { useSession } from '../auth';
import { invalidateInvoices, isInvoicesChanged } from '../billing/live';
import { invalidateFees, isFeesChanged } from '../billing-fees/live';
import { invalidateCheckIns, isCheckInsChanged } from '../check-ins/live';
import { dashboardKeys, isDashboardChanged } from '../dashboard/live';
import { invalidateDonations, isDonationsChanged } from '../donations/live';
import { invalidateEvents, isEventsChanged } from '../events/live';
import { invalidateExerciseLibrary, isExerciseLibraryChanged } from '../exercise-library/live';
import { invalidateExercises, isExercisesChanged } from '../exercise-programmes/live';
import { invalidateMemberProfile, isMemberProfileChanged } from '../member-profile/live';
import { invalidatePrintful, isPrintfulChanged } from '../printful/live';
import { invalidatePublicBookings, isPublicBookingsChanged } from '../public-booking/live';
import { invalidateQuotes, isQuotesChanged } from '../quotes/live';
import { invalidateOrders, isOrdersChanged } from '../store/live';
import { invalidateTransactions, isLedgerChanged } from '../transactions/live';
import { addNotificationToCache, notificationKeys } from './api';
import { useFollowNotification } from './follow';
import { playNotificationSound } from './sound';

const TELEHEALTH_SEGMENT = '/telehealth-session/';

const canNotify = () => typeof window !== 'undefined' && 'Notification' in window;

const isNotificationEvent = (data: unknown): data is NotificationSocketEvent =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'notification' &&
  typeof (data as { data?: unknown }).data === 'object';

/** Specification section 9: the browser is asked for permission on load, once someone is signed in. */
function useAskForDesktopPermission(isSignedIn: boolean) {
  useEffect(() => {
    if (!isSignedIn || !canNotify() || window.Notification.permission !== 'default') return;
    void Promise.resolve(window.Notification.requestPermission())
      .then((answer) => writeStorage(STORAGE_KEYS.notificationInteraction, answer))
      .catch(() => undefined);
  }, [isSignedIn]);
}

/**
 * The notifications socket: each pushed notification lands in the drawer's list and badge, plays the sound
 * and shows on the desktop when the server says the user wants that, and raises a toast, except for new
 * messages, whose 'New Message' toast the messaging socket already shows (one toast at a time).
 */
export function NotificationListener() {
  const { status, token, user } = useSession();
  const queryClient = useQueryClient();
  const follow = useFollowNotification();
  const followRef = useRef(follow);
  followRef.current = follow;
  const { pathname } = useLocation();
  // On a telehealth session the call owns the connection; a dropped notification socket stays down.
  const isTelehealth = pathname.includes(TELEHEALTH_SEGMENT);
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;

  useAskForDesktopPermission(userId !== null);

  useEffect(() => {
    if (!token || !userId || typeof WebSocket === 'undefined') return;

    const showOnDesktop = (notification: Notification) => {
      if (!canNotify() || window.Notification.permission !== 'granted') return;
      try {
        const shown = new window.Notification(notification.title, {
          body: notification.message,
          tag: notification.id,
        });
        shown.onclick = () => {
          window.focus();
          followRef.current(notification);
          shown.close();
        };
      } catch {
        // some browsers only allow notifications from a service worker
      }
    };

    const socket = openReconnectingSocket({
      url: socketUrl({ token, userId, channel: 'notifications' }),
      maxAttempts: isTelehealth ? 0 : undefined,
      onMessage: (data) => {
        // A donation or an invoice changed: an open ledger asks again (the push is handled below as well).
        if (isLedgerChanged(data)) void invalidateTransactions(queryClient);
        // Something behind this person's dashboard changed: the dashboard asks again (now if it is open).
        if (isDashboardChanged(data)) {
          void queryClient.invalidateQueries({ queryKey: dashboardKeys.mine });
          return;
        }
        // An appointment changed: open calendars and appointment lists ask again, under their own access.
        if (isAppointmentsChanged(data)) {
          void invalidateAppointments(queryClient);
          return;
        }
        // A booking request arrived or changed: open request lists ask again, under their own access.
        if (isPublicBookingsChanged(data)) {
          void invalidatePublicBookings(queryClient);
          return;
        }
        // A donation was made, paid or refunded: open donation lists ask again, under their own access.
        if (isDonationsChanged(data)) {
          void invalidateDonations(queryClient);
          return;
        }
        // An event or a registration changed: open event lists and attendee lists ask again.
        if (isEventsChanged(data)) {
          void invalidateEvents(queryClient);
          return;
        }
        // An order was made, paid or moved on: the buyer's and the clinic's order screens ask again.
        if (isOrdersChanged(data)) {
          void invalidateOrders(queryClient);
          return;
        }
        // A quote was asked for, answered, accepted, declined or expired: the member's and the clinic's quote
        // screens ask again.
        if (isQuotesChanged(data)) {
          void invalidateQuotes(queryClient);
          return;
        }
        // A patient checked in or a programme changed: the patient's screens, the care team's open panel and
        // worsening list ask again.
        if (isExercisesChanged(data)) {
          void invalidateExercises(queryClient);
          return;
        }
        // The Printful connection, a sync or a fulfilment changed: an admin's Print on Demand page asks again.
        if (isPrintfulChanged(data)) {
          void invalidatePrintful(queryClient);
          return;
        }
        // The member saved their profile or onboarding (in another tab): their profile asks again.
        if (isMemberProfileChanged(data)) {
          void invalidateMemberProfile(queryClient);
          return;
        }
        // An account was added or changed: an admin's open people lists and overview ask again.
        if (isAccountsChanged(data)) {
          void invalidateAccounts(queryClient);
          return;
        }
        // An invoice was made, changed, paid or voided: open invoice lists and the open invoice ask again.
        if (isInvoicesChanged(data)) {
          void invalidateInvoices(queryClient);
          return;
        }
        // A late-cancellation or no-show fee was offered, applied, waived or withdrawn: open fee lists ask again.
        if (isFeesChanged(data)) {
          void invalidateFees(queryClient);
          return;
        }
        // An exercise of the library was made, changed or archived: open library lists ask again.
        if (isExerciseLibraryChanged(data)) {
          void invalidateExerciseLibrary(queryClient);
          return;
        }
        // A check-in was sent or answered: open check-in lists and outcome charts ask again.
        if (isCheckInsChanged(data)) {
          void invalidateCheckIns(queryClient);
          return;
        }
        if (!isNotificationEvent(data)) return;
        const notification = data.data;
        addNotificationToCache(queryClient, notification);
        if (data.delivery?.sound) playNotificationSound();
        if (data.delivery?.desktop) showOnDesktop(notification);
        if (notification.type !== 'message_received') {
          toast(notification.title, { description: notification.message });
        }
      },
      onOpen: (isReconnect) => {
        // A count read before the channel listened may miss a notification raised in between.
        if (!isReconnect) {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
          return;
        }
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.mine });
        void invalidateAppointments(queryClient);
        void invalidateCheckIns(queryClient);
        void invalidatePublicBookings(queryClient);
        void invalidateDonations(queryClient);
        void invalidateEvents(queryClient);
        void invalidateOrders(queryClient);
        void invalidateQuotes(queryClient);
        void invalidatePrintful(queryClient);
        void invalidateInvoices(queryClient);
        void invalidateFees(queryClient);
        void invalidateTransactions(queryClient);
        void invalidateAccounts(queryClient);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
      },
      onClose: (code) =>
        SESSION_CLOSE_CODES.includes(code) || code === SOCKET_CLOSE.badRequest ? 'stop' : undefined,
    });
    return () => socket.close();
  }, [token, userId, isTelehealth, queryClient]);

  return null;
}
