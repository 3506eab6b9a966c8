import { useEffect, useState } from 'react';
import { preloadable } from '../../lib/preloadable';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

// The header's controls (its menus, with Radix) come in their own chunk, fetched once the page has painted: the
// screen's content, a phone's largest paint, neither waits for them nor shares the network with them
// (bench/lighthouse.ts). This loader is all the first download carries.
export const HeaderNavigation = preloadable(() =>
  import('./header-controls').then((m) => m.HeaderNavigation),
);
export const HeaderActions = preloadable(() => import('./header-controls').then((m) => m.HeaderActions));

/**
 * Whether the header shows its controls: once the page has painted and their code has come. Until then each
 * place keeps its size, so nothing moves when they appear.
 */
export function useHeaderControls(): boolean {
  const afterPaint = useAfterFirstPaint();
  const [loaded, setLoaded] = useState(() => HeaderNavigation.isLoaded() && HeaderActions.isLoaded());
  useEffect(() => {
    if (!afterPaint || loaded) return;
    let live = true;
    void Promise.all([HeaderNavigation.preload(), HeaderActions.preload()]).then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [afterPaint, loaded]);
  return loaded;
}
