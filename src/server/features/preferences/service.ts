import {
  DEFAULT_PREFERENCES,
  type Preferences,
  PreferencesSchema,
  type UpdatePreferencesInput,
} from '../../../shared/preferences';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
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
export async function getPreferences(db: Db | Tx, userId: string): Promise<Preferences> {
  const row = await repository.findPreferences(db, userId);
  return row ? toPreferences(row) : { ...DEFAULT_PREFERENCES };
}

export async function updatePreferences(
  db: Db,
  userId: string,
  input: UpdatePreferencesInput,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const merged = { ...(await getPreferences(tx, userId)), ...input };
    const saved = await repository.savePreferences(tx, userId, merged);
    await recordActivity(tx, {
      actorId: userId,
      action: 'account.preferences-updated',
      entityType: 'user',
      entityId: userId,
      ipAddress: meta.ipAddress,
      details: { fields: Object.keys(input).join(',') },
    });
    return toPreferences(saved);
  });
}
