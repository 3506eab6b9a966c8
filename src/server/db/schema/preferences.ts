import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme', { enum: ['light', 'dark', 'auto'] }).notNull(),
  compactMode: boolean('compact_mode').notNull(),
  showPatientPhotos: boolean('show_patient_photos').notNull(),
  highContrast: boolean('high_contrast').notNull(),
  reduceMotion: boolean('reduce_motion').notNull(),
  screenReaderOptimized: boolean('screen_reader_optimized').notNull(),
  fontSizeScale: text('font_size_scale', { enum: ['small', 'medium', 'large'] }).notNull(),
  calendarView: text('calendar_view', { enum: ['day', 'week', 'month'] }).notNull(),
  showWeekends: boolean('show_weekends').notNull(),
  timeFormat: text('time_format', { enum: ['auto', '12h', '24h'] })
    .notNull()
    .default('auto'),
  welcomed: boolean('welcomed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
