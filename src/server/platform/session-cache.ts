import type { FastifyBaseLogger } from 'fastify';
import { endingCovers, type RealtimeBus, type SessionsEnded } from './realtime/bus';
import type { SessionUser } from './sessions';

/** How long a resolved session is trusted without asking the database again (decision 0013). */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Enough for every tab that asked in the last few seconds; past it the oldest entry goes first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** How long an ending waits for the bus before answering; a bus that is down leaves the TTL as the bound. */
const BUS_WAIT_MS = 1_000;

type Entry = { user: SessionUser; until: number };

/**
 * The sessions this instance resolved in the last few seconds, by token hash, so an authenticated request
 * pays one query (its own) instead of two. Only live sessions of active accounts are kept, never past their
 * expiry. Every ending (sign-out, revocation, deactivation, a new role) is forgotten at once here and, through
 * the bus, on every other instance; the TTL bounds what a lost bus message could leave behind.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts endings: a lookup that raced one must not put back the session it ended. */
  private endings = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  private readonly bus: RealtimeBus;
  private readonly log: Pick<FastifyBaseLogger, 'error'>;

  constructor(options: {
    bus: RealtimeBus;
    log: Pick<FastifyBaseLogger, 'error'>;
    ttlMs?: number;
    maxEntries?: number;
    now?: () => number;
  }) {
    this.bus = options.bus;
    this.log = options.log;
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
    this.bus.onSessionsEnded((ended) => this.forget(ended));
  }

  get size() {
    return this.entries.size;
  }

  find(tokenHash: string): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.user;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Taken before a database lookup and handed to remember(), which drops the result if a session ended since. */
  mark() {
    return this.endings;
  }

  remember(tokenHash: string, user: SessionUser, options: { expiresAt: Date; mark: number }) {
    if (options.mark !== this.endings || this.ttlMs <= 0) return;
    const until = Math.min(this.now() + this.ttlMs, options.expiresAt.getTime());
    if (until <= this.now()) return;
    this.entries.delete(tokenHash);
    // A Map iterates in insertion order: the first key is the oldest entry.
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    // Requests share the entry's user: frozen, so none can change what another sees.
    this.entries.set(tokenHash, { user: Object.freeze({ ...user }), until });
  }

  /**
   * The one call every ending of a session makes, once the revocation (or the deactivation, or the new role)
   * has committed: this instance forgets at once, and the answer waits until the bus has taken the ending to
   * every other instance. The same bus message closes the sessions' sockets on every instance (SocketHub).
   */
  async end(ended: SessionsEnded) {
    this.forget(ended);
    let timer: NodeJS.Timeout | undefined;
    const published = this.bus
      .publishSessionsEnded(ended)
      .catch((err) => this.log.error({ err }, 'the end of a session did not reach the other instances'));
    await Promise.race([published, new Promise((resolve) => (timer = setTimeout(resolve, BUS_WAIT_MS)))]);
    clearTimeout(timer);
  }

  forget(ended: SessionsEnded) {
    this.endings++;
    for (const [tokenHash, { user }] of this.entries)
      if (endingCovers(ended, user.id, user.sessionId)) this.entries.delete(tokenHash);
  }

  /** For a change made straight in the database, outside the services (tests, repairs by hand). */
  forgetAll() {
    this.endings++;
    this.entries.clear();
  }
}
