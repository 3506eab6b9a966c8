import { useLocation } from 'react-router';

/**
 * Where conversations live: /messages, or /member/messages for members (who see their dashboard on
 * /messages, specification section 2). Links inside the messages screen stay on the path it was opened on.
 */
export function useMessagesPath(): string {
  const { pathname } = useLocation();
  return pathname.startsWith('/member/') ? '/member/messages' : '/messages';
}
