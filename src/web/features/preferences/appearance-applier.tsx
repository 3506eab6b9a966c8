import { useEffect } from 'react';
import { readStoredAppearance, storeAppearance } from '../../lib/appearance-storage';
import { setTimeFormat } from '../../lib/format';
import { useSession } from '../auth';
import { usePreferences } from './api';
import { type Appearance, applyAppearance, resolveAppearance } from './appearance';
import { useSystemPreferences } from './use-system-preferences';

/** Applies the signed-in user's preferences (or the signed-out defaults) to the whole document. */
export function useAppearance(): Appearance {
  const { status } = useSession();
  const preferences = usePreferences();
  const system = useSystemPreferences();
  const signedIn = status !== 'signed-out';
  const source = signedIn ? (preferences.data ?? readStoredAppearance() ?? {}) : null;
  const appearance = resolveAppearance(source, system);

  useEffect(() => {
    if (preferences.data && signedIn) storeAppearance(preferences.data);
  }, [preferences.data, signedIn]);

  // The clock preference reaches every time on screen through lib/format; signed out, the language decides.
  const timeFormat = signedIn ? (source?.timeFormat ?? 'auto') : 'auto';
  useEffect(() => setTimeFormat(timeFormat), [timeFormat]);

  const { theme, highContrast, reduceMotion, fontSizeScale, compactMode, screenReaderOptimized } = appearance;
  useEffect(() => {
    applyAppearance(document.documentElement, {
      theme,
      highContrast,
      reduceMotion,
      fontSizeScale,
      compactMode,
      screenReaderOptimized,
    });
  }, [theme, highContrast, reduceMotion, fontSizeScale, compactMode, screenReaderOptimized]);

  return appearance;
}
