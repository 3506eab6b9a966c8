import { STORAGE_KEYS } from '../../shared/constants';

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
