import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { CALENDAR_VIEWS, FONT_SIZE_SCALES, THEMES, TIME_FORMATS } from './vocabulary/preferences';

export * from './vocabulary/preferences';

export const PreferencesSchema = z.object({
  theme: z.enum(THEMES),
  compactMode: z.boolean(),
  showPatientPhotos: z.boolean(),
  highContrast: z.boolean(),
  reduceMotion: z.boolean(),
  screenReaderOptimized: z.boolean(),
  fontSizeScale: z.enum(FONT_SIZE_SCALES),
  calendarView: z.enum(CALENDAR_VIEWS),
  showWeekends: z.boolean(),
  /** Beyond the specification's fields: 'auto' (the default) keeps times as the browser's language writes them. */
  timeFormat: z.enum(TIME_FORMATS),
  /** Beyond the specification's fields: whether the user has put away the first-run welcome. */
  welcomed: z.boolean(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'auto',
  compactMode: false,
  showPatientPhotos: true,
  highContrast: false,
  reduceMotion: false,
  screenReaderOptimized: false,
  fontSizeScale: 'medium',
  calendarView: 'week',
  showWeekends: true,
  timeFormat: 'auto',
  welcomed: false,
};

/** PUT /api/user-preferences takes any subset of the fields, and nothing else. */
export const UpdatePreferencesInputSchema = PreferencesSchema.partial()
  .strict()
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type UpdatePreferencesInput = z.infer<typeof UpdatePreferencesInputSchema>;
