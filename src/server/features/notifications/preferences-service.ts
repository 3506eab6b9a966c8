import {
  CARE_BETWEEN_VISITS_TYPES,
  defaultNotificationPreference,
  NOTIFICATION_TYPES,
  type NotificationPreference,
  type NotificationType,
  type UpdateNotificationPreferencesInput,
} from '../../../shared/notifications';
import type { Db, Tx } from '../../db/client';
import { recordAccountActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { getFeatures } from '../clinic-features/service';
import * as repository from './preferences-repository';

/** The types the clinic raises: the specification's, and those of capabilities it has on. */
async function offeredTypes(db: Db | Tx) {
  const { features } = await getFeatures(db);
  return NOTIFICATION_TYPES.filter(
    (type) => features.careBetweenVisits || !CARE_BETWEEN_VISITS_TYPES.includes(type),
  );
}

async function allPreferences(db: Db | Tx, userId: string) {
  const saved = new Map((await repository.findPreferences(db, userId)).map((row) => [row.type, row]));
  return NOTIFICATION_TYPES.map((type) => toPreference(type, saved.get(type)));
}

/** Every type the clinic raises, the person's choice where they made one and the contract's default elsewhere. */
export async function listPreferences(db: Db | Tx, userId: string): Promise<NotificationPreference[]> {
  const offered = await offeredTypes(db);
  return (await allPreferences(db, userId)).filter((entry) => offered.includes(entry.type));
}

export async function preferenceFor(
  db: Db,
  userId: string,
  type: NotificationType,
): Promise<NotificationPreference> {
  return toPreference(type, await repository.findPreference(db, userId, type));
}

function toPreference(
  type: NotificationType,
  row: { inApp: boolean; email: boolean; desktop: boolean; sound: boolean } | null | undefined,
): NotificationPreference {
  return row
    ? { type, inApp: row.inApp, email: row.email, desktop: row.desktop, sound: row.sound }
    : defaultNotificationPreference(type);
}

/** Applies the changes in order (a type named twice ends with its last values), all or nothing. */
export async function updatePreferences(
  db: Db,
  userId: string,
  { changes, meta }: { changes: UpdateNotificationPreferencesInput; meta: RequestMeta },
) {
  return db.transaction(async (tx) => {
    const current = new Map((await allPreferences(tx, userId)).map((entry) => [entry.type, entry]));
    const touched = new Set<NotificationType>();
    for (const change of changes) {
      current.set(change.type, { ...current.get(change.type)!, ...change });
      touched.add(change.type);
    }
    await repository.savePreferences(
      tx,
      userId,
      [...touched].map((type) => current.get(type)!),
    );
    await recordAccountActivity(tx, {
      action: 'account.notification-preferences-updated',
      userId,
      ipAddress: meta.ipAddress,
      details: { types: [...touched].join(',') },
    });
    return (await offeredTypes(tx)).map((type) => current.get(type)!);
  });
}
