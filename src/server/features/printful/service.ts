import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Fulfilment,
  PRINTFUL_ERRORS,
  type PrintfulStatus,
  type SyncResult,
} from '../../../shared/printful';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest } from '../../platform/errors';
import { enqueue, type JobHandler } from '../../platform/jobs';
import { dataEncryptionKey, open, seal, sha256 } from '../../platform/secrets';
import type { SessionUser } from '../../platform/sessions';
import * as store from '../store/service';
import { hideLinkedProducts, syncCatalogue } from './catalogue';
import { HttpPrintfulApi, type PrintfulApi, PrintfulError } from './client';
import * as repository from './repository';

export type Ctx = Pick<AppContext, 'db' | 'config' | 'events' | 'log' | 'mailer'>;

/** Sealed tokens are bound to this purpose, so no other sealed secret opens as the Printful token. */
const KEY_PURPOSE = 'printful.api_key';
export const SYNC_JOB = 'printful.sync';
const conflict = (message: string) => new AppError('CONFLICT', message);

/** A Printful failure as the admin reads it: a refused token, Printful's reason, or that it was unreachable. */
function explain(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof PrintfulError)) throw error;
  if (error.status === 0) return badRequest(PRINTFUL_ERRORS.unreachable);
  if (error.refusedToken) return badRequest(PRINTFUL_ERRORS.refused(error.message));
  return badRequest(PRINTFUL_ERRORS.failed(error.message));
}

/** The API opened with the stored token, or null when Printful is not connected. */
export async function connectedApi(ctx: Ctx): Promise<PrintfulApi | null> {
  const row = await repository.connection(ctx.db);
  if (!row) return null;
  return apiOf(ctx, row);
}

function apiOf(ctx: Ctx, row: repository.Connection) {
  const apiKey = open(dataEncryptionKey(ctx.config), KEY_PURPOSE, {
    ciphertext: row.apiKeyCiphertext,
    iv: row.apiKeyIv,
    tag: row.apiKeyTag,
  });
  if (apiKey === null) throw badRequest(PRINTFUL_ERRORS.keyUnreadable);
  return new HttpPrintfulApi(ctx.config.printfulApiUrl, apiKey, row.storeId);
}

export async function status(ctx: Pick<Ctx, 'db'>): Promise<PrintfulStatus> {
  const [row, counts] = await Promise.all([repository.connection(ctx.db), repository.counts(ctx.db)]);
  const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
  return {
    connected: Boolean(row),
    storeName: row?.storeName ?? null,
    keyLast4: row?.apiKeyLast4 ?? null,
    connectedAt: iso(row?.connectedAt),
    webhookRegistered: row?.webhookRegistered ?? false,
    webhookError: row?.webhookError ?? null,
    syncing: Boolean(row?.syncStartedAt && !repository.isStaleSync(row.syncStartedAt, new Date())),
    lastSyncAt: iso(row?.lastSyncAt),
    lastSyncResult: row?.lastSyncResult ?? null,
    lastSyncError: row?.lastSyncError ?? null,
    counts,
  };
}

/**
 * Connects the clinic's Printful store: the token is tried against Printful first (a refusal is a 400 with
 * Printful's reason), then kept encrypted. The webhook's address carries a fresh secret, kept only hashed; a
 * webhook Printful will not take leaves the connection working on polling alone. The first sync is queued.
 */
export async function connect(
  ctx: Ctx,
  caller: SessionUser,
  { apiKey, meta }: { apiKey: string; meta: RequestMeta },
) {
  const api = new HttpPrintfulApi(ctx.config.printfulApiUrl, apiKey);
  let printfulStore: { id: string | null; name: string };
  try {
    printfulStore = await api.store();
  } catch (error) {
    await recordActivity(ctx.db, {
      actorId: caller.id,
      action: 'printful.connect_refused',
      entityType: 'printful',
      outcome: 'failure',
      ipAddress: meta.ipAddress,
    });
    throw explain(error);
  }
  const webhookToken = randomBytes(32).toString('base64url');
  const sealed = seal(dataEncryptionKey(ctx.config), KEY_PURPOSE, apiKey);
  const keyLast4 = apiKey.slice(-4);
  await ctx.db.transaction(async (tx) => {
    await repository.saveConnection(tx, {
      id: 'clinic',
      apiKeyCiphertext: sealed.ciphertext,
      apiKeyIv: sealed.iv,
      apiKeyTag: sealed.tag,
      apiKeyLast4: keyLast4,
      storeId: printfulStore.id,
      storeName: printfulStore.name,
      webhookTokenHash: sha256(webhookToken),
      webhookRegistered: false,
      webhookError: null,
      connectedBy: caller.id,
      connectedAt: new Date(),
      syncStartedAt: null,
      lastSyncAt: null,
      lastSyncResult: null,
      lastSyncError: null,
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'printful.connected',
      entityType: 'printful',
      ipAddress: meta.ipAddress,
      details: { store: printfulStore.name, keyLast4 },
    });
    // A key of its own each time: a job key that already ran is never queued again.
    await enqueue(tx, { kind: SYNC_JOB, key: `${SYNC_JOB}:${randomUUID()}`, runAt: new Date() });
  });
  const webhookUrl = `${ctx.config.appUrl.replace(/\/+$/, '')}/api/printful/webhook?token=${webhookToken}`;
  try {
    await api.setWebhook(webhookUrl);
    await repository.setWebhookOutcome(ctx.db, true, null);
  } catch (error) {
    const reason = error instanceof PrintfulError ? error.message : 'not registered';
    await repository.setWebhookOutcome(ctx.db, false, reason);
  }
  ctx.events.publish('printful.changed', { orderId: null });
  return status(ctx);
}

/**
 * Forgets the token. Printful products leave the store (nothing could make them now); they return with the
 * next sync after connecting again. Printful is asked to stop calling the webhook, as far as it answers.
 */
export async function disconnect(ctx: Ctx, caller: SessionUser, meta: RequestMeta) {
  const row = await repository.connection(ctx.db);
  if (!row) return status(ctx);
  try {
    await apiOf(ctx, row).removeWebhook();
  } catch (error) {
    ctx.log.warn({ err: { message: (error as Error).message } }, 'printful webhook not removed');
  }
  const links = await repository.productLinks(ctx.db);
  await hideLinkedProducts(
    ctx.db,
    links.map((link) => link.productId),
  );
  await ctx.db.transaction(async (tx) => {
    await repository.deleteConnection(tx);
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'printful.disconnected',
      entityType: 'printful',
      ipAddress: meta.ipAddress,
      details: { store: row.storeName },
    });
  });
  ctx.events.publish('printful.changed', { orderId: null });
  return status(ctx);
}

/**
 * Syncs the catalogue once: claimed on the connection row, so a second sync (a double click, the queued job,
 * another instance) is refused with 409 while one runs. The outcome, good or bad, is kept for the status.
 */
export async function sync(ctx: Ctx, actorId: string | null): Promise<SyncResult> {
  const claimed = await repository.claimSync(ctx.db, new Date());
  if (!claimed) {
    if (!(await repository.connection(ctx.db))) throw badRequest(PRINTFUL_ERRORS.notConnected);
    throw conflict(PRINTFUL_ERRORS.syncRunning);
  }
  ctx.events.publish('printful.changed', { orderId: null });
  try {
    const result = await syncCatalogue(ctx.db, apiOf(ctx, claimed));
    await repository.finishSync(ctx.db, new Date(), { lastSyncResult: result, lastSyncError: null });
    await recordActivity(ctx.db, {
      actorId,
      action: 'printful.synced',
      entityType: 'printful',
      details: { ...result },
    });
    return result;
  } catch (error) {
    const failure = explain(error);
    await repository.finishSync(ctx.db, new Date(), {
      lastSyncResult: claimed.lastSyncResult,
      lastSyncError: failure.message,
    });
    throw failure;
  } finally {
    ctx.events.publish('printful.changed', { orderId: null });
  }
}

/** The queued sync (after connecting): nothing to do without a connection, or while another sync runs. */
export function printfulJobHandlers(ctx: Ctx): Record<string, JobHandler> {
  return {
    [SYNC_JOB]: async () => {
      try {
        await sync(ctx, null);
      } catch (error) {
        const moot =
          error instanceof AppError &&
          (error.code === 'CONFLICT' || error.message === PRINTFUL_ERRORS.notConnected);
        if (!moot) throw error;
      }
    },
  };
}

export async function fulfilments(ctx: Pick<Ctx, 'db'>): Promise<{ fulfilments: Fulfilment[] }> {
  const rows = await repository.listFulfilments(ctx.db);
  const numbers = await store.orderNumbersOf(
    ctx.db,
    rows.map((row) => row.orderId),
  );
  return {
    fulfilments: rows.map((row) => ({
      orderId: row.orderId,
      orderNumber: numbers.get(row.orderId) ?? '',
      printfulOrderId: row.printfulOrderId,
      state: row.state,
      printfulStatus: row.printfulStatus,
      attempts: row.attempts,
      lastError: row.lastError,
      trackingNumber: row.trackingNumber,
      carrier: row.carrier,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}
