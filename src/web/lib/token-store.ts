import { STORAGE_KEYS } from '../../shared/constants';
import { ROLES, type Role } from '../../shared/vocabulary/roles';
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
  /** A cleared token takes the role hint with it: a signed-out browser keeps nothing of who used it. */
  clear(): void {
    removeStorage(STORAGE_KEYS.token);
    removeStorage(STORAGE_KEYS.sessionRole);
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

/**
 * The role of the user the session check last accepted in this browser. A reload with a token paints that role's
 * frame and heading while the check runs (docs/decisions/0017). Only a hint for the first paint: what the user may
 * see and do comes from the check's answer and the server, never from this value.
 */
export const roleHint = {
  get(): Role | null {
    const stored = readStorage(STORAGE_KEYS.sessionRole);
    return ROLES.find((role) => role === stored) ?? null;
  },
  set(role: Role): void {
    writeStorage(STORAGE_KEYS.sessionRole, role);
  },
};
