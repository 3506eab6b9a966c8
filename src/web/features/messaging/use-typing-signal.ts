import { useCallback, useEffect, useRef } from 'react';
import { TYPING_STOP_AFTER_MS } from '../../../shared/constants';
import { useMessaging } from './messaging-provider';

/**
 * The other side forgets a typing_start after 3 s, so while someone keeps typing the start is repeated,
 * but at most this often rather than on every key.
 */
export const TYPING_REPEAT_MS = 2000;

/** Tells `to` that we are typing: typing_start (throttled) while keys arrive, typing_stop 3 s after the last. */
export function useTypingSignal(to: string) {
  const { sendTyping } = useMessaging();
  const lastStart = useRef<number | null>(null);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = null;
    if (lastStart.current === null) return;
    lastStart.current = null;
    sendTyping('typing_stop', to);
  }, [sendTyping, to]);

  const typed = useCallback(() => {
    const now = Date.now();
    // A start the socket could not send yet (still connecting) is tried again on the next key.
    if (lastStart.current === null || now - lastStart.current >= TYPING_REPEAT_MS)
      if (sendTyping('typing_start', to)) lastStart.current = now;
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(stop, TYPING_STOP_AFTER_MS);
  }, [sendTyping, to, stop]);

  // Leaving the conversation (or the page) ends the typing.
  useEffect(() => stop, [stop]);

  return { typed, stop };
}
