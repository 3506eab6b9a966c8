import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { useSession } from '../auth';
import { reportActivity, sessionPolicyQueryOptions } from './api';

/** When the person last used the app in any of their tabs, as reported to the server (ms since the epoch). */
export const LAST_ACTIVITY_KEY = 'lastActivity';
/** The browser reports the person's input at most this often (decision 0034). */
export const REPORT_EVERY_MS = 60_000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/** The warning comes a minute before the limit, or a quarter of it when the limit is shorter. */
export const warningMs = (idleMs: number) => Math.min(60_000, idleMs / 4);

/** '1:00', '0:09'. */
export function countdown(ms: number) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const storedActivity = () => Number(readStorage(LAST_ACTIVITY_KEY)) || 0;

/**
 * Signs the person out after the clinic's idle limit: their input (never the app's own calls or sockets) is
 * reported at most once a minute, shared with their other tabs through storage, and a warning with a countdown
 * comes before the app's own sign-out. The server refuses an idle session by itself as well.
 */
function IdleWatch({ idleMs }: { idleMs: number }) {
  const { logout } = useSession();
  const [lastActivity, setLastActivity] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRef = useRef(lastActivity);
  lastRef.current = lastActivity;
  const signingOut = useRef(false);

  const report = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = undefined;
    const at = Date.now();
    writeStorage(LAST_ACTIVITY_KEY, String(at));
    setLastActivity(at);
    setNow(at);
    reportActivity().catch(() => undefined);
  }, []);

  const left = lastActivity + idleMs - now;
  const warning = left <= warningMs(idleMs);

  // Opening the app is using it; then every input, at most once a minute (a later one is sent when the minute is up).
  useEffect(() => {
    report();
    return () => clearTimeout(pending.current);
  }, [report]);

  useEffect(() => {
    if (warning) return;
    const onInput = () => {
      const last = Math.max(lastRef.current, storedActivity());
      const since = Date.now() - last;
      if (since >= REPORT_EVERY_MS) report();
      else if (!pending.current) pending.current = setTimeout(report, REPORT_EVERY_MS - since);
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, [warning, report]);

  // Another tab's activity counts here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LAST_ACTIVITY_KEY) return;
      const at = Number(event.newValue);
      if (at > lastRef.current) {
        setLastActivity(at);
        setNow(Date.now());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), warning ? 1_000 : 5_000);
    return () => clearInterval(timer);
  }, [warning]);

  useEffect(() => {
    if (left > 0 || signingOut.current) return;
    signingOut.current = true;
    void logout();
  }, [left, logout]);

  // Read out every 15 seconds and in the last ten; the visible countdown changes every second.
  const seconds = Math.max(0, Math.ceil(left / 1000));
  const spoken = seconds <= 10 ? seconds : Math.ceil(seconds / 15) * 15;

  return (
    <Dialog open={warning && left > 0}>
      <DialogContent
        hideCloseButton
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Are you still there?</DialogTitle>
          <DialogDescription aria-hidden="true">
            You will be signed out in {countdown(left)} for inactivity
          </DialogDescription>
        </DialogHeader>
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          You will be signed out in {countdown(spoken * 1000)} for inactivity
        </p>
        <DialogFooter>
          <Button onClick={report}>Stay signed in</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Mounted once in the signed-in shell; nothing when the clinic has no idle limit for the person's role. */
export function IdleSignOut() {
  const policy = useQuery(sessionPolicyQueryOptions);
  const minutes = policy.data?.idleMinutes ?? null;
  if (minutes === null) return null;
  return <IdleWatch key={minutes} idleMs={minutes * 60_000} />;
}
