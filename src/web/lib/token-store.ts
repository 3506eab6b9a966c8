import { STORAGE_KEYS } from '../../shared/constants';
import { readStorage, removeStorage, writeStorage } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The session token lives in localStorage under 'token'; React reads it through useSyncExternalStore. */
export const tokenStore = {
  get(): string | null {
    return readStorage(STORAGE_KEYS.token);
  },
  set(token: string): void {
    writeStorage(STORAGE_KEYS.token, token);
    notify();
  },
  clear(): void {
    removeStorage(STORAGE_KEYS.token);
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.token || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
