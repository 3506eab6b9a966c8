import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { DEFAULT_IDLE_SIGN_OUT, type IdleSignOutSettings } from '../../../../shared/devices';
import type { Db, Tx } from '../../../db/client';
import { idleSignOutSettings, sessions } from '../../../db/schema';

/** The clinic's one idle sign-out row, or the defaults before an admin saved it. */
export async function readIdleSettings(db: Db | Tx): Promise<IdleSignOutSettings> {
  const [row] = await db
    .select({
      staffIdleMinutes: idleSignOutSettings.staffIdleMinutes,
      patientIdleMinutes: idleSignOutSettings.patientIdleMinutes,
    })
    .from(idleSignOutSettings)
    .where(eq(idleSignOutSettings.id, 'clinic'));
  return row ?? DEFAULT_IDLE_SIGN_OUT;
}

export async function saveIdleSettings(tx: Tx, settings: IdleSignOutSettings, by: string) {
  await tx
    .insert(idleSignOutSettings)
    .values({ id: 'clinic', ...settings, updatedBy: by })
    .onConflictDoUpdate({
      target: idleSignOutSettings.id,
      set: { ...settings, updatedBy: by, updatedAt: new Date() },
    });
}

/** A person's sessions that are neither revoked nor expired, most recently used first. */
export function unrevokedSessions(db: Db | Tx, userId: string) {
  return db
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
}

/** One unrevoked session of this person, locked for its ending; undefined for anyone else's. */
export async function ownLiveSession(tx: Tx, userId: string, sessionId: string) {
  const [row] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .for('update');
  return row;
}

/** Where and with what the person signed in over the last days, leaving out the session named. */
export function recentSignIns(
  db: Db | Tx,
  userId: string,
  options: { since: Date; exceptTokenHash: string },
) {
  return db
    .select({ ipAddress: sessions.ipAddress, userAgent: sessions.userAgent, createdAt: sessions.createdAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.tokenHash, options.exceptTokenHash),
        gt(sessions.createdAt, options.since),
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(500);
}

/** Whether the person had any session before the one named: none means a brand-new account. */
export async function hadEarlierSession(db: Db | Tx, userId: string, exceptTokenHash: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash)))
    .limit(1);
  return row !== undefined;
}
