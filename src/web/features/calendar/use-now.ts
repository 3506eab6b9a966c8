import { useEffect, useState, useSyncExternalStore } from 'react';

const MINUTE = 60_000;

/** The current time, renewed at the start of every minute (the now line and 'today' follow it). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          next();
        },
        MINUTE - (Date.now() % MINUTE),
      );
    };
    next();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** Whether a media query holds, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
