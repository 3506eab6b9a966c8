// Applies the stored appearance before the first paint, so a signed-in user never sees a flash of the wrong theme.
(() => {
  try {
    const root = document.documentElement;
    const storage = window.localStorage;
    if (!storage.getItem('token')) return;
    const theme = storage.getItem('theme') || 'auto';
    const prefs = JSON.parse(storage.getItem('themePreferences') || '{}');
    const media = (query) => window.matchMedia?.(query).matches;
    const dark = theme === 'dark' || (theme === 'auto' && media('(prefers-color-scheme: dark)'));
    root.classList.toggle('dark', dark);
    root.classList.toggle('high-contrast', !!prefs.highContrast || media('(prefers-contrast: more)'));
    root.classList.toggle('reduce-motion', !!prefs.reduceMotion || media('(prefers-reduced-motion: reduce)'));
    root.classList.toggle('compact', !!prefs.compactMode);
    root.classList.toggle('sr-optimized', !!prefs.screenReaderOptimized);
    if (prefs.fontSizeScale === 'small' || prefs.fontSizeScale === 'large') {
      root.classList.add(`font-${prefs.fontSizeScale}`);
    }
  } catch {
    // storage blocked: the app applies the appearance once it loads
  }
})();
