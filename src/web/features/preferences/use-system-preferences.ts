import { useSyncExternalStore } from 'react';
import type { SystemPreferences } from './appearance';

const QUERIES = {
  prefersDark: '(prefers-color-scheme: dark)',
  prefersMoreContrast: '(prefers-contrast: more)',
  prefersReducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const lists = Object.values(QUERIES).map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

const snapshot = () =>
  `${matches(QUERIES.prefersDark)}|${matches(QUERIES.prefersMoreContrast)}|${matches(QUERIES.prefersReducedMotion)}`;

/** The operating system's appearance settings, followed live. */
export function useSystemPreferences(): SystemPreferences {
  const [dark, contrast, motion] = useSyncExternalStore(subscribe, snapshot, () => 'false|false|false').split(
    '|',
  );
  return {
    prefersDark: dark === 'true',
    prefersMoreContrast: contrast === 'true',
    prefersReducedMotion: motion === 'true',
  };
}
