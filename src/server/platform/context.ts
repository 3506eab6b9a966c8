import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from './email';
import type { DomainEventBus } from './events';
import type { FileStore } from './file-store';
import type { AuthRateLimits, PublicBookingRateLimits } from './rate-limits';
import type { RealtimeBus } from './realtime/bus';
import type { SocketHub } from './realtime/hub';
import type { SessionCache } from './session-cache';

/** What the feature modules share; built once in app.ts and handed to each feature. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  events: DomainEventBus;
  mailer: Mailer;
  rateLimits: AuthRateLimits;
  publicBookingLimits: PublicBookingRateLimits;
  bus: RealtimeBus;
  hub: SocketHub;
  /** Sessions resolved in the last few seconds; an ending's one message forgets them and closes their sockets (decision 0013). */
  sessionCache: SessionCache;
  /** Uploaded files' bytes: DATA_DIR/files, or S3-compatible storage when configured. */
  files: FileStore;
};

/** Who asked, from where: recorded with every audited change. */
export type RequestMeta = { ipAddress: string; userAgent?: string };

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] };
}
