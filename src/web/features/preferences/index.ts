/** What other features may use of preferences; everything else in this folder is its own. */
export { usePreferences, useUpdatePreferences } from './api';
export { THEME_LABELS } from './theme-switcher';
