import {
  type DeviceSession,
  type IdleSignOutSettings,
  idleMinutesFor,
  type SessionPolicy,
} from '../../../../shared/devices';
import { recordAccountActivity, recordActivity } from '../../../platform/activity';
import type { AppContext, RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import {
  hashToken,
  IDLE_MINUTE_MS,
  revokeSession,
  type SessionUser,
  touchSession,
} from '../../../platform/sessions';
import { SECURITY_ALERTS, sendSecurityAlert } from '../security-alerts';
import * as repository from './repository';
import { describeUserAgent, deviceLabel } from './user-agent';

type Ctx = Pick<AppContext, 'db' | 'events' | 'mailer' | 'config' | 'sessionCache'>;

/** How far back a device and address count as the person's own for the new-device alert. */
const KNOWN_DEVICE_DAYS = 90;

/** The caller's live sessions: not revoked, not expired, not idle past the clinic's limit; this one marked. */
export async function listSessions(ctx: Pick<Ctx, 'db'>, caller: SessionUser): Promise<DeviceSession[]> {
  const idleMinutes = idleMinutesFor(caller.role, await repository.readIdleSettings(ctx.db));
  const idleSince = idleMinutes === null ? null : Date.now() - idleMinutes * IDLE_MINUTE_MS;
  const rows = await repository.unrevokedSessions(ctx.db, caller.id);
  return rows
    .filter((row) => idleSince === null || row.lastActiveAt.getTime() > idleSince)
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      current: row.id === caller.sessionId,
    }));
}

/**
 * Ends one of the caller's own sessions (the current one too, as signing out does); anyone else's, or one
 * already ended, is 404. Its sockets close on every instance once the revocation has committed.
 */
export async function endSession(
  ctx: Ctx,
  caller: SessionUser,
  { sessionId, meta }: { sessionId: string; meta: RequestMeta },
) {
  await ctx.db.transaction(async (tx) => {
    const own = await repository.ownLiveSession(tx, caller.id, sessionId);
    if (!own) throw notFound('Session not found');
    await revokeSession(tx, sessionId);
    await recordAccountActivity(tx, {
      action: sessionId === caller.sessionId ? 'auth.logout' : 'auth.session-ended',
      userId: caller.id,
      ipAddress: meta.ipAddress,
      details: { sessionId },
    });
  });
  await ctx.sessionCache.end({ userId: caller.id, sessionId });
  return { message: 'Signed out of that session' };
}

/** The person used the app (the browser reports input at most once a minute): their idle clock restarts. */
export async function reportActivity(ctx: Pick<Ctx, 'db'>, caller: SessionUser) {
  await touchSession(ctx.db, caller.sessionId);
  return { message: 'Activity noted' };
}

/** The caller's idle limit, for the browser's warning: null when the clinic has none for the role. */
export async function sessionPolicy(ctx: Pick<Ctx, 'db'>, caller: SessionUser): Promise<SessionPolicy> {
  return { idleMinutes: idleMinutesFor(caller.role, await repository.readIdleSettings(ctx.db)) };
}

export async function getIdleSettings(ctx: Pick<Ctx, 'db'>): Promise<IdleSignOutSettings> {
  return repository.readIdleSettings(ctx.db);
}

export async function putIdleSettings(
  ctx: Pick<Ctx, 'db'>,
  caller: SessionUser,
  { input, meta }: { input: IdleSignOutSettings; meta: RequestMeta },
): Promise<IdleSignOutSettings> {
  await ctx.db.transaction(async (tx) => {
    await repository.saveIdleSettings(tx, input, caller.id);
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'settings.idle-sign-out',
      entityType: 'clinic-settings',
      ipAddress: meta.ipAddress,
      details: { staffIdleMinutes: input.staffIdleMinutes, patientIdleMinutes: input.patientIdleMinutes },
    });
  });
  return input;
}

/**
 * What follows every sign-in, whichever way it was made (password, a second step, a passkey), once its
 * session has committed: a sign-in from a device and address the person has not used in the last 90 days
 * raises a security alert (a notification and an email). A brand-new account's first sign-in does not.
 */
export async function afterSignIn(
  ctx: Ctx,
  user: { id: string },
  meta: RequestMeta & { sessionToken: string },
) {
  const exceptTokenHash = hashToken(meta.sessionToken);
  if (!(await repository.hadEarlierSession(ctx.db, user.id, exceptTokenHash))) return;
  const since = new Date(Date.now() - KNOWN_DEVICE_DAYS * 24 * 3_600_000);
  const label = deviceLabel(meta.userAgent);
  const earlier = await repository.recentSignIns(ctx.db, user.id, { since, exceptTokenHash });
  const known = earlier.some(
    (row) => row.ipAddress === meta.ipAddress && deviceLabel(row.userAgent) === label,
  );
  if (known) return;
  await sendSecurityAlert(ctx, user.id, SECURITY_ALERTS.newSignIn(label, meta.ipAddress));
}
