import type { Preferences } from '../../../shared/preferences';

export type SystemPreferences = {
  prefersDark: boolean;
  prefersMoreContrast: boolean;
  prefersReducedMotion: boolean;
};

export type Appearance = {
  theme: 'light' | 'dark';
  highContrast: boolean;
  reduceMotion: boolean;
  fontSizeScale: Preferences['fontSizeScale'];
  compactMode: boolean;
  screenReaderOptimized: boolean;
};

type AppearancePreferences = Pick<
  Preferences,
  'theme' | 'highContrast' | 'reduceMotion' | 'fontSizeScale' | 'compactMode' | 'screenReaderOptimized'
>;

/**
 * Specification section 4: auto follows the system's dark or light setting; high contrast and reduced motion
 * are on when the preference or the system asks; a signed-out visitor gets the light theme and medium font.
 */
export function resolveAppearance(
  preferences: Partial<AppearancePreferences> | null,
  system: SystemPreferences,
): Appearance {
  const signedOut = preferences === null;
  const theme = signedOut ? 'light' : (preferences.theme ?? 'auto');
  return {
    theme: theme === 'auto' ? (system.prefersDark ? 'dark' : 'light') : theme,
    highContrast: Boolean(preferences?.highContrast) || system.prefersMoreContrast,
    reduceMotion: Boolean(preferences?.reduceMotion) || system.prefersReducedMotion,
    fontSizeScale: signedOut ? 'medium' : (preferences.fontSizeScale ?? 'medium'),
    compactMode: Boolean(preferences?.compactMode),
    screenReaderOptimized: Boolean(preferences?.screenReaderOptimized),
  };
}

export function applyAppearance(root: HTMLElement, appearance: Appearance): void {
  root.classList.toggle('dark', appearance.theme === 'dark');
  root.classList.toggle('high-contrast', appearance.highContrast);
  root.classList.toggle('reduce-motion', appearance.reduceMotion);
  root.classList.toggle('compact', appearance.compactMode);
  root.classList.toggle('sr-optimized', appearance.screenReaderOptimized);
  root.classList.toggle('font-small', appearance.fontSizeScale === 'small');
  root.classList.toggle('font-large', appearance.fontSizeScale === 'large');
  root.style.colorScheme = appearance.theme;
}
