import { STORAGE_KEYS } from '../../shared/constants';
import type { Preferences } from '../../shared/preferences';
import { readStorage, removeStorage, writeStorage } from './storage';

/** What public/theme-init.js reads before the first paint, and the clock the first screen shows times on. */
export type StoredAppearance = Pick<
  Preferences,
  | 'theme'
  | 'highContrast'
  | 'reduceMotion'
  | 'fontSizeScale'
  | 'compactMode'
  | 'screenReaderOptimized'
  | 'timeFormat'
>;

export function storeAppearance(preferences: Preferences): void {
  writeStorage(STORAGE_KEYS.theme, preferences.theme);
  const stored: Omit<StoredAppearance, 'theme'> = {
    highContrast: preferences.highContrast,
    reduceMotion: preferences.reduceMotion,
    fontSizeScale: preferences.fontSizeScale,
    compactMode: preferences.compactMode,
    screenReaderOptimized: preferences.screenReaderOptimized,
    timeFormat: preferences.timeFormat,
  };
  writeStorage(STORAGE_KEYS.themePreferences, JSON.stringify(stored));
}

export function readStoredAppearance(): Partial<StoredAppearance> | null {
  const theme = readStorage(STORAGE_KEYS.theme);
  const raw = readStorage(STORAGE_KEYS.themePreferences);
  if (!theme && !raw) return null;
  try {
    const rest = raw ? (JSON.parse(raw) as Partial<StoredAppearance>) : {};
    return { ...rest, theme: theme === 'light' || theme === 'dark' || theme === 'auto' ? theme : undefined };
  } catch {
    return null;
  }
}

export function clearStoredAppearance(): void {
  removeStorage(STORAGE_KEYS.theme);
  removeStorage(STORAGE_KEYS.themePreferences);
}
