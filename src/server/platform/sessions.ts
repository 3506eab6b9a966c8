import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { DEFAULT_IDLE_SIGN_OUT, idleMinutesFor } from '../../shared/devices';
import { SESSION_ERRORS } from '../../shared/messages';
import type { Role } from '../../shared/roles';
import type { Db, Tx } from '../db/client';
import { prepared } from '../db/prepared';
import { idleSignOutSettings, sessions, users } from '../db/schema';
import { unauthenticated } from './errors';
import { sha256 } from './secrets';
import type { SessionCache } from './session-cache';

export type SessionUser = { id: string; role: Role; sessionId: string };

/** Tokens are random and opaque; only their SHA-256 is stored, so a database leak yields no usable token. */
export function hashToken(token: string) {
  return sha256(token);
}

export function newToken() {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: Db | Tx,
  options: { userId: string; ttlMs: number; ipAddress?: string; userAgent?: string },
) {
  const token = newToken();
  const now = new Date();
  await db.insert(sessions).values({
    id: randomUUID(),
    userId: options.userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + options.ttlMs),
    lastActiveAt: now,
    ipAddress: options.ipAddress ?? null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** Every call and socket resolves its token, so the lookup is prepared once (see db/prepared.ts). */
function sessionLookup(db: Db) {
  return prepared(db, 'resolve_session', (database) =>
    database
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        lastActiveAt: sessions.lastActiveAt,
        userId: users.id,
        role: users.role,
        isActive: users.isActive,
        staffIdleMinutes: idleSignOutSettings.staffIdleMinutes,
        patientIdleMinutes: idleSignOutSettings.patientIdleMinutes,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // The clinic's idle limits ride along in the same query: the hot path stays one round trip.
      .leftJoin(idleSignOutSettings, eq(idleSignOutSettings.id, 'clinic'))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('resolve_session'),
  )!;
}

/** One minute of the idle limits (decision 0034). */
export const IDLE_MINUTE_MS = 60_000;

/**
 * Resolves a bearer token to its user, or throws the 401 the browser keys on. With a cache, a session
 * resolved in the last few seconds costs no query (decision 0013); refusals are never cached, and an entry
 * lasts no longer than the session may stay idle (decision 0034).
 */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  cache?: SessionCache,
): Promise<SessionUser> {
  const tokenHash = hashOfOffered(token);
  const cached = cache?.find(tokenHash);
  if (cached) return cached;
  const mark = cache?.mark();
  const { user, expiresAt } = await liveSession(db, tokenHash);
  if (cache && mark !== undefined) cache.remember(tokenHash, user, { expiresAt, mark });
  return user;
}

/**
 * A socket outlives the request that opened it, so it needs to know when its session ends: `expiresAt` is
 * the earlier of its expiry and the moment it falls idle; the hub asks again then (activity moves the latter).
 */
export async function resolveSocketSession(db: Db, token: string | undefined) {
  return liveSession(db, hashOfOffered(token));
}

function hashOfOffered(token: string | undefined) {
  if (!token) throw unauthenticated(SESSION_ERRORS.missing);
  if (token.length > 200) throw unauthenticated(SESSION_ERRORS.invalid);
  return hashToken(token);
}

async function liveSession(db: Db, tokenHash: string) {
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row || row.revokedAt || !row.isActive) throw unauthenticated(SESSION_ERRORS.invalid);
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) throw unauthenticated(SESSION_ERRORS.expired);
  const settings = {
    staffIdleMinutes: row.staffIdleMinutes ?? DEFAULT_IDLE_SIGN_OUT.staffIdleMinutes,
    patientIdleMinutes:
      row.staffIdleMinutes === null ? DEFAULT_IDLE_SIGN_OUT.patientIdleMinutes : row.patientIdleMinutes,
  };
  const idleMinutes = idleMinutesFor(row.role, settings);
  let endsAt = row.expiresAt;
  if (idleMinutes !== null) {
    const idleAt = new Date(row.lastActiveAt.getTime() + idleMinutes * IDLE_MINUTE_MS);
    if (idleAt.getTime() <= now) throw unauthenticated(SESSION_ERRORS.expired);
    if (idleAt < endsAt) endsAt = idleAt;
  }
  const user: SessionUser = { id: row.userId, role: row.role, sessionId: row.sessionId };
  return { user, expiresAt: endsAt };
}

/** The person used the app: their session's idle clock starts again. */
export async function touchSession(db: Db | Tx, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastActiveAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends one session. After the commit the caller calls sessionCache.end(), so no instance serves it again and
 * its sockets close.
 */
export async function revokeSession(db: Db | Tx, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Revokes every live session of a user, or every one but the caller's own. After the commit the caller calls
 * sessionCache.end(), so no instance serves them again and their sockets close.
 */
export async function revokeUserSessions(db: Db | Tx, userId: string, exceptSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

/** How far back a sign-in makes an address the owner's, for the account's day limit (rate-limits.ts). */
const OWNERS_ADDRESS_DAYS = 90;

/** Whether the account signed in (or registered) from this address in the last few months. */
export async function hasSignedInFrom(db: Db, userId: string, ipAddress: string) {
  const since = new Date(Date.now() - OWNERS_ADDRESS_DAYS * 24 * 3_600_000);
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ipAddress, ipAddress), gt(sessions.createdAt, since)))
    .limit(1);
  return row !== undefined;
}
