import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DEACTIVATION_ALERT } from '../../../shared/messages';
import { isAccountStatusEvent, SESSION_CLOSE_CODES } from '../../../shared/realtime';
import { openReconnectingSocket, socketUrl } from '../../lib/socket-client';
import { authKeys } from './api';
import { useSession } from './session';

/** While a token is present, listens on the account-status channel and signs out a deactivated account. */
export function AccountStatusListener() {
  const { token, logout } = useSession();
  const queryClient = useQueryClient();
  const logoutRef = useRef(logout);
  logoutRef.current = logout;

  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    const socket = openReconnectingSocket({
      url: socketUrl({ token, channel: 'account-status' }),
      onMessage: (data) => {
        if (!isAccountStatusEvent(data)) return;
        socket.close();
        window.alert(DEACTIVATION_ALERT);
        void logoutRef.current();
      },
      onClose: (code) => {
        if (!SESSION_CLOSE_CODES.includes(code)) return undefined;
        // Ask the server whether this session still stands; a 401 ends it through the api client.
        void queryClient.invalidateQueries({ queryKey: authKeys.me });
        return 'stop';
      },
    });
    return () => socket.close();
  }, [token, queryClient]);

  return null;
}
