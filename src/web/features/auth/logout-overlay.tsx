import { useEffect, useRef } from 'react';
import { LOGGING_OUT_SUBTITLE, LOGGING_OUT_TITLE } from '../../../shared/messages';
import { Spinner } from '../../ui/spinner';
import { useSession } from './session';

/** Covers the app while signing out; takes focus so keyboard and screen-reader users know what is happening. */
export function LogoutOverlay() {
  const { isLoggingOut } = useSession();
  const overlay = useRef<HTMLDivElement>(null);

  // Keeps focus on the overlay, even when a closing menu tries to hand it back to its trigger.
  useEffect(() => {
    if (!isLoggingOut) return;
    const holdFocus = () => {
      if (overlay.current && !overlay.current.contains(document.activeElement)) overlay.current.focus();
    };
    holdFocus();
    const timer = setTimeout(holdFocus, 0);
    document.addEventListener('focusin', holdFocus);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusin', holdFocus);
    };
  }, [isLoggingOut]);

  if (!isLoggingOut) return null;
  return (
    <div
      ref={overlay}
      role="status"
      aria-live="assertive"
      aria-busy="true"
      tabIndex={-1}
      data-testid="logout-overlay"
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-3 bg-background/95 text-center outline-none"
    >
      <Spinner className="size-8 text-primary" />
      <p className="font-semibold text-foreground text-xl">{LOGGING_OUT_TITLE}</p>
      <p className="text-muted-foreground">{LOGGING_OUT_SUBTITLE}</p>
    </div>
  );
}
