import { useEffect, useState } from 'react';

let painted = false;

/**
 * False until the browser has painted the page and has a moment free, then true (and true at once for everything
 * mounted after that). For parts of a first screen that may come a moment later and would otherwise download or
 * run code before the screen's own content paints: the dashboard's Checkout buttons bring billing's screens and
 * the schemas with them (bench/lighthouse.ts).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    const done = () => {
      painted = true;
      setReady(true);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(done, 50);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return ready;
}
