import { STORAGE_KEYS } from '../../shared/constants';
import { isSafeReturnPath } from '../../shared/routes';

/** Browser storage that never throws (private mode and blocked storage simply act empty). */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the value lives only in memory for this page
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // storage unavailable
  }
}

export function welcomeShownKey(userId: string): string {
  return `${STORAGE_KEYS.welcomeShownPrefix}${userId}`;
}

/** Remembers where a signed-out visitor was going, so sign-in can bring them back (never outside the app). */
export function rememberReturnPath(path: string = currentPath()): void {
  if (isSafeReturnPath(path)) writeStorage(STORAGE_KEYS.redirectAfterLogin, path);
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
