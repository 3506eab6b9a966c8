import { expect } from 'vitest';

/**
 * A counter that starts again at 1 in each test file. The files of a worker share their loaded modules (the
 * server project runs with isolate: false), so a plain module-level counter would carry on from the last file,
 * and slots spaced by it would drift days away.
 */
export function perFileCounter() {
  const counts = new Map<string, number>();
  return () => {
    const file = expect.getState().testPath ?? '';
    const next = (counts.get(file) ?? 0) + 1;
    counts.set(file, next);
    return next;
  };
}
