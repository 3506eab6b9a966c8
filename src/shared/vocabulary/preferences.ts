// The choices a user has for appearance and the calendar.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

export const THEMES = ['light', 'dark', 'auto'] as const;

export const FONT_SIZE_SCALES = ['small', 'medium', 'large'] as const;
export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
/** How clock times read: as the person's language writes them, or always on a 12- or 24-hour clock. */
export const TIME_FORMATS = ['auto', '12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
