import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FulfilmentState } from '../../../shared/printful';
import type { Db, Tx } from '../../db/client';
import { printfulConnection, printfulOrders, printfulProducts, printfulVariants } from '../../db/schema';

type Reader = Db | Tx;
export type Connection = typeof printfulConnection.$inferSelect;
export type FulfilmentRow = typeof printfulOrders.$inferSelect;

/** A sync that claimed the connection this long ago and never finished belonged to an instance that died. */
const SYNC_STALE_MS = 15 * 60_000;

export async function connection(db: Reader) {
  const [row] = await db.select().from(printfulConnection).where(eq(printfulConnection.id, 'clinic'));
  return row ?? null;
}

export async function saveConnection(db: Reader, values: typeof printfulConnection.$inferInsert) {
  await db
    .insert(printfulConnection)
    .values(values)
    .onConflictDoUpdate({ target: printfulConnection.id, set: values });
}

export async function setWebhookOutcome(db: Reader, registered: boolean, error: string | null) {
  await db
    .update(printfulConnection)
    .set({ webhookRegistered: registered, webhookError: error })
    .where(eq(printfulConnection.id, 'clinic'));
}

export const deleteConnection = (db: Reader) =>
  db.delete(printfulConnection).where(eq(printfulConnection.id, 'clinic'));

export const isStaleSync = (startedAt: Date, now: Date) =>
  startedAt.getTime() < now.getTime() - SYNC_STALE_MS;

/** Claims the connection for a sync: null when there is none or another sync is running. */
export async function claimSync(db: Reader, now: Date) {
  const [row] = await db
    .update(printfulConnection)
    .set({ syncStartedAt: now })
    .where(
      and(
        eq(printfulConnection.id, 'clinic'),
        or(
          isNull(printfulConnection.syncStartedAt),
          lt(printfulConnection.syncStartedAt, new Date(now.getTime() - SYNC_STALE_MS)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function finishSync(
  db: Reader,
  at: Date,
  outcome: Pick<Connection, 'lastSyncResult' | 'lastSyncError'>,
) {
  await db
    .update(printfulConnection)
    .set({ syncStartedAt: null, lastSyncAt: at, ...outcome })
    .where(eq(printfulConnection.id, 'clinic'));
}

export const productLinks = (db: Reader) => db.select().from(printfulProducts);
export const variantLinksOf = (db: Reader, printfulProductId: string) =>
  db.select().from(printfulVariants).where(eq(printfulVariants.printfulProductId, printfulProductId));

export async function saveProductLink(
  tx: Tx,
  { printfulProductId, productId, at }: { printfulProductId: string; productId: string; at: Date },
) {
  await tx
    .insert(printfulProducts)
    .values({ printfulProductId, productId, hiddenBySync: false, syncedAt: at })
    .onConflictDoUpdate({
      target: printfulProducts.printfulProductId,
      set: { productId, hiddenBySync: false, syncedAt: at },
    });
}

export async function saveVariantLinks(
  tx: Tx,
  {
    printfulProductId,
    links,
    retiredPrintfulVariantIds,
  }: {
    printfulProductId: string;
    links: Array<{ printfulVariantId: string; variantId: string }>;
    retiredPrintfulVariantIds: string[];
  },
) {
  for (const link of links)
    await tx
      .insert(printfulVariants)
      .values({ ...link, printfulProductId, removedUpstream: false })
      .onConflictDoUpdate({ target: printfulVariants.printfulVariantId, set: { removedUpstream: false } });
  if (retiredPrintfulVariantIds.length)
    await tx
      .update(printfulVariants)
      .set({ removedUpstream: true })
      .where(inArray(printfulVariants.printfulVariantId, retiredPrintfulVariantIds));
}

export async function markHiddenBySync(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return;
  await tx
    .update(printfulProducts)
    .set({ hiddenBySync: true })
    .where(inArray(printfulProducts.productId, productIds));
}

/** The Printful sync variant of each of these store variants that Printful still offers. */
export async function syncVariantsOf(db: Reader, variantIds: string[]) {
  if (variantIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ variantId: printfulVariants.variantId, printfulVariantId: printfulVariants.printfulVariantId })
    .from(printfulVariants)
    .where(and(inArray(printfulVariants.variantId, variantIds), eq(printfulVariants.removedUpstream, false)));
  return new Map(rows.map((row) => [row.variantId, row.printfulVariantId]));
}

export async function linkedVariantIds(db: Reader) {
  const rows = await db
    .select({ variantId: printfulVariants.variantId })
    .from(printfulVariants)
    .where(eq(printfulVariants.removedUpstream, false));
  return rows.map((row) => row.variantId);
}

export async function counts(db: Reader) {
  const [[products], [variants], states] = await Promise.all([
    db.select({ n: count() }).from(printfulProducts).where(eq(printfulProducts.hiddenBySync, false)),
    db.select({ n: count() }).from(printfulVariants).where(eq(printfulVariants.removedUpstream, false)),
    db.select({ state: printfulOrders.state, n: count() }).from(printfulOrders).groupBy(printfulOrders.state),
  ]);
  const of = (state: FulfilmentState) => states.find((row) => row.state === state)?.n ?? 0;
  return {
    products: products.n,
    variants: variants.n,
    fulfilments: states.reduce((sum, row) => sum + row.n, 0),
    needingAttention: of('failed') + of('canceled'),
  };
}

// ------------------------------------------------------------------------------------------- fulfilment

/** The claim of an order's send: a row only the first caller inserts; answers it, or null for the others. */
export async function claimNewSend(db: Reader, orderId: string, externalId: string) {
  const [row] = await db
    .insert(printfulOrders)
    .values({ orderId, externalId, state: 'sending', attempts: 1 })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Claims a send to try again: one waiting to retry, or one left 'sending' by an instance that died. The
 * UPDATE names the state and attempts it saw, so of two instances only one gets it.
 */
export async function claimRetry(db: Reader, row: FulfilmentRow, now: Date) {
  const [claimed] = await db
    .update(printfulOrders)
    .set({ state: 'sending', attempts: sql`${printfulOrders.attempts} + 1`, claimedAt: now, updatedAt: now })
    .where(
      and(
        eq(printfulOrders.orderId, row.orderId),
        eq(printfulOrders.state, row.state),
        eq(printfulOrders.attempts, row.attempts),
      ),
    )
    .returning();
  return claimed ?? null;
}

export async function retriesDue(db: Reader, staleBefore: Date) {
  return db
    .select()
    .from(printfulOrders)
    .where(
      or(
        eq(printfulOrders.state, 'retry'),
        and(eq(printfulOrders.state, 'sending'), lt(printfulOrders.claimedAt, staleBefore)),
      ),
    )
    .limit(50);
}

export const inProduction = (db: Reader) =>
  db.select().from(printfulOrders).where(eq(printfulOrders.state, 'accepted')).limit(100);

export async function knownOrderIds(db: Reader, orderIds: string[]) {
  if (orderIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ orderId: printfulOrders.orderId })
    .from(printfulOrders)
    .where(inArray(printfulOrders.orderId, orderIds));
  return new Set(rows.map((row) => row.orderId));
}

export async function byExternalId(db: Reader, externalId: string) {
  const [row] = await db.select().from(printfulOrders).where(eq(printfulOrders.externalId, externalId));
  return row ?? null;
}

export async function updateFulfilment(
  db: Reader,
  orderId: string,
  values: Partial<Omit<FulfilmentRow, 'orderId' | 'externalId' | 'createdAt'>>,
) {
  await db
    .update(printfulOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(printfulOrders.orderId, orderId));
}

export const listFulfilments = (db: Reader) =>
  db.select().from(printfulOrders).orderBy(desc(printfulOrders.createdAt)).limit(200);
