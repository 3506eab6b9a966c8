import {
  DEFAULT_PREFERENCES,
  type Preferences,
  PreferencesSchema,
  type UpdatePreferencesInput,
} from '../../../shared/preferences';
import type { Db } from '../../db/client';
import * as repository from './repository';

function toPreferences(row: Preferences): Preferences {
  const { theme, compactMode, showPatientPhotos, highContrast, reduceMotion, screenReaderOptimized } = row;
  const { fontSizeScale, calendarView, showWeekends } = row;
  return PreferencesSchema.parse({
    theme,
    compactMode,
    showPatientPhotos,
    highContrast,
    reduceMotion,
    screenReaderOptimized,
    fontSizeScale,
    calendarView,
    showWeekends,
  });
}

/** A user who never saved preferences gets the defaults of the specification. */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await repository.findPreferences(db, userId);
  return row ? toPreferences(row) : { ...DEFAULT_PREFERENCES };
}

export async function updatePreferences(db: Db, userId: string, input: UpdatePreferencesInput) {
  const merged = { ...(await getPreferences(db, userId)), ...input };
  return toPreferences(await repository.savePreferences(db, userId, merged));
}
