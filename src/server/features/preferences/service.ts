import {
  DEFAULT_PREFERENCES,
  type Preferences,
  PreferencesSchema,
  type UpdatePreferencesInput,
} from '../../../shared/preferences';
import type { Db, Tx } from '../../db/client';
import { recordAccountActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import * as repository from './repository';

/** Rows carry more than the contract (userId, updatedAt); the schema keeps only the preference fields. */
const toPreferences = (row: Preferences): Preferences => PreferencesSchema.parse(row);

/** A user who never saved preferences gets the defaults of the specification. */
export async function getPreferences(db: Db | Tx, userId: string): Promise<Preferences> {
  const row = await repository.findPreferences(db, userId);
  return row ? toPreferences(row) : { ...DEFAULT_PREFERENCES };
}

export async function updatePreferences(
  db: Db,
  userId: string,
  { input, meta }: { input: UpdatePreferencesInput; meta: RequestMeta },
) {
  return db.transaction(async (tx) => {
    const merged = { ...(await getPreferences(tx, userId)), ...input };
    const saved = await repository.savePreferences(tx, userId, merged);
    await recordAccountActivity(tx, {
      action: 'account.preferences-updated',
      userId,
      ipAddress: meta.ipAddress,
      details: { fields: Object.keys(input).join(',') },
    });
    return toPreferences(saved);
  });
}

/** The demo clinic's accounts start welcomed, so the demo opens on each role's screens as they are used. */
export async function markWelcomed(db: Db | Tx, emails: string[]) {
  await repository.markWelcomed(db, emails, DEFAULT_PREFERENCES);
}
