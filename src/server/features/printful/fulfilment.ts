import { z } from 'zod';
import { decimalFromCents } from '../../../shared/money';
import { PRINTFUL_ERRORS, PRINTFUL_SEND_ATTEMPTS_MAX, PRINTFUL_SWEEP_MS } from '../../../shared/printful';
import { badRequest, notFound } from '../../platform/errors';
import { matchesHash } from '../../platform/secrets';
import * as store from '../store/service';
import {
  type PrintfulApi,
  PrintfulError,
  type PrintfulOrder,
  PrintfulOrderSchema,
  type PrintfulShipment,
  type Recipient,
  WEBHOOK_TYPES,
} from './client';
import * as repository from './repository';
import { type Ctx, connectedApi } from './service';

/** How the activity log names moves Printful made. */
const BY = 'printful';
/** A send left 'sending' this long belonged to an instance that died halfway. */
const SENDING_STALE_MS = 10 * 60_000;

/** Printful's external_id takes at most 32 characters: the order's id, without its dashes. */
export const externalIdOf = (orderId: string) => orderId.replaceAll('-', '');

type Order = NonNullable<Awaited<ReturnType<typeof store.orderForFulfilment>>>;

/**
 * A paid order holding Printful variants goes to Printful once: the printful_orders row is claimed by
 * inserting it, so however often (and on however many instances) the paid event is handled, one caller sends.
 * Answers whether this call sent it.
 */
export async function fulfilOrder(ctx: Ctx, orderId: string, known?: PrintfulApi) {
  const order = await store.orderForFulfilment(ctx.db, orderId);
  if (order?.status !== 'paid') return false;
  const links = await repository.syncVariantsOf(
    ctx.db,
    order.items.map((item) => item.variantId),
  );
  if (links.size === 0) return false;
  const api = known ?? (await connectedApi(ctx));
  if (!api) return false;
  const claimed = await repository.claimNewSend(ctx.db, orderId, externalIdOf(orderId));
  if (!claimed) return false;
  await send(ctx, api, { row: claimed, order });
  return true;
}

async function send(
  ctx: Ctx,
  api: PrintfulApi,
  { row, order }: { row: repository.FulfilmentRow; order: Order },
) {
  const links = await repository.syncVariantsOf(
    ctx.db,
    order.items.map((item) => item.variantId),
  );
  try {
    // A retry may follow a send that reached Printful whose answer was lost: look before sending again.
    const placed =
      (row.attempts > 1 ? await api.getOrder(row.externalId) : null) ??
      (await api.createOrder({
        externalId: row.externalId,
        recipient: recipientOf(order),
        items: order.items.flatMap((item) => {
          const syncVariantId = links.get(item.variantId);
          return syncVariantId
            ? [
                {
                  syncVariantId,
                  quantity: item.quantity,
                  retailPrice: decimalFromCents(item.unitPriceCents),
                },
              ]
            : [];
        }),
      }));
    await applyOrder(ctx, row, { placed });
  } catch (error) {
    if (!(error instanceof PrintfulError)) throw error;
    // Printful refusing the order itself (an address it cannot ship to, say) will not pass by asking again.
    const final = row.attempts >= PRINTFUL_SEND_ATTEMPTS_MAX || error.status === 400;
    await repository.updateFulfilment(ctx.db, row.orderId, {
      state: final ? 'failed' : 'retry',
      lastError: error.message,
    });
    ctx.log.warn({ orderId: row.orderId, err: { message: error.message } }, 'printful order not sent');
    ctx.events.publish('printful.changed', { orderId: row.orderId });
  }
}

function recipientOf(order: Order): Recipient {
  const address = order.shippingAddress;
  const region = address.region.trim();
  return {
    name: address.name,
    address1: address.line1,
    ...(address.line2 ? { address2: address.line2 } : {}),
    city: address.city,
    // Printful wants the code for the states and provinces it knows by code, and takes a name otherwise.
    ...(/^[A-Za-z]{2,3}$/.test(region) ? { state_code: region.toUpperCase() } : { state_name: region }),
    country_code: address.country,
    zip: address.postalCode,
    ...(address.phone ? { phone: address.phone } : {}),
    ...(order.email ? { email: order.email } : {}),
  };
}

/**
 * Printful's word on an order (its answer to the send, a webhook, or a poll) applied to the record and, through
 * the store, to our order: accepted moves it to in production, a shipment to shipped with its tracking.
 * Cancelled or failed at Printful is recorded for an admin to act on (refund or reorder); our order stays.
 */
type PrintfulWord = {
  placed: PrintfulOrder;
  /** The webhook that brought it, when one did. */
  event?: { type?: string; shipment?: PrintfulShipment | null; reason?: string | null };
};

async function applyOrder(ctx: Ctx, row: repository.FulfilmentRow, { placed, event = {} }: PrintfulWord) {
  const printfulStatus = placed.status ?? row.printfulStatus;
  const known = { printfulOrderId: placed.id, printfulStatus };
  const shipment = event.shipment ?? placed.shipments?.[0] ?? null;
  const reason = event.reason ? `: ${event.reason}` : '';
  if (event.type === 'order_canceled' || printfulStatus === 'canceled') {
    await repository.updateFulfilment(ctx.db, row.orderId, {
      ...known,
      state: 'canceled',
      lastError: `Cancelled at Printful${reason}`,
    });
  } else if (event.type === 'order_failed' || printfulStatus === 'failed') {
    await repository.updateFulfilment(ctx.db, row.orderId, {
      ...known,
      state: 'failed',
      lastError: `Printful could not fulfil it${reason}`,
    });
  } else if (shipment && row.state !== 'shipped') {
    const tracking = {
      trackingNumber: shipment.tracking_number?.trim() || null,
      carrier: [shipment.carrier, shipment.service].filter(Boolean).join(' ').trim() || 'Printful',
    };
    await store.moveOrderForFulfilment(ctx, {
      orderId: row.orderId,
      to: 'shipped',
      by: BY,
      shipment: tracking,
    });
    await repository.updateFulfilment(ctx.db, row.orderId, {
      ...known,
      ...tracking,
      state: 'shipped',
      lastError: null,
    });
  } else {
    const unchanged =
      row.state === 'accepted' && row.printfulStatus === printfulStatus && row.printfulOrderId === placed.id;
    if (unchanged) return;
    const accepted = row.state === 'sending' || row.state === 'retry' || row.state === 'accepted';
    await repository.updateFulfilment(ctx.db, row.orderId, {
      ...known,
      ...(accepted ? { state: 'accepted', lastError: null } : {}),
    });
    if (accepted)
      await store.moveOrderForFulfilment(ctx, { orderId: row.orderId, to: 'in_production', by: BY });
  }
  ctx.events.publish('printful.changed', { orderId: row.orderId });
}

const WebhookEventSchema = z.looseObject({
  type: z.string(),
  data: z
    .looseObject({
      order: z.unknown().optional(),
      shipment: z.looseObject({ carrier: z.string().nullish(), service: z.string().nullish() }).nullish(),
      reason: z.string().nullish(),
    })
    .nullish(),
});

/**
 * Printful's webhook. Printful signs nothing in API v1, so the call proves itself with the secret made at
 * connect, in the address: a wrong or missing one (or no connection) is 404, as if there were no such route.
 * Events about orders that are not ours, and types the clinic does not follow, are taken and ignored.
 */
export async function handleWebhook(ctx: Ctx, token: string | undefined, body: unknown) {
  const connection = await repository.connection(ctx.db);
  if (!connection || !token || !matchesHash(token, connection.webhookTokenHash))
    throw notFound(PRINTFUL_ERRORS.webhookNotFound);
  const event = WebhookEventSchema.safeParse(body);
  if (!event.success) throw badRequest('Not a Printful webhook event');
  const { type, data } = event.data;
  if (!(WEBHOOK_TYPES as readonly string[]).includes(type)) return;
  const order = PrintfulOrderSchema.safeParse(data?.order);
  if (!order.success || !order.data.external_id) return;
  const row = await repository.byExternalId(ctx.db, order.data.external_id);
  if (!row) return;
  const shipment = type === 'package_shipped' ? (data?.shipment as PrintfulShipment | null) : null;
  await applyOrder(ctx, row, { placed: order.data, event: { type, shipment, reason: data?.reason } });
}

/** Waits between tries of a send: the sweep's interval, doubling with each try. */
const retryAfterMs = (attempts: number) => PRINTFUL_SWEEP_MS * 2 ** Math.max(0, attempts - 1);

/**
 * The fallback when events or webhooks are missed, safe on every instance at once: sends due another try
 * (each claimed by one instance), paid orders whose event was never handled, and Printful's word on orders
 * still in production.
 */
export async function sweep(ctx: Ctx, now = new Date()) {
  const api = await connectedApi(ctx);
  if (!api) return;
  const staleBefore = new Date(now.getTime() - SENDING_STALE_MS);
  for (const row of await repository.retriesDue(ctx.db, staleBefore)) {
    if (row.state === 'retry' && row.updatedAt.getTime() + retryAfterMs(row.attempts) > now.getTime())
      continue;
    const order = await store.orderForFulfilment(ctx.db, row.orderId);
    if (!order || (order.status !== 'paid' && order.status !== 'in_production')) {
      await repository.updateFulfilment(ctx.db, row.orderId, {
        state: 'failed',
        lastError: `Not sent: the order is ${order?.status ?? 'gone'}`,
      });
      continue;
    }
    const claimed = await repository.claimRetry(ctx.db, row, now);
    if (claimed) await send(ctx, api, { row: claimed, order });
  }
  const paid = await store.paidOrdersHolding(ctx.db, await repository.linkedVariantIds(ctx.db));
  const sent = await repository.knownOrderIds(ctx.db, paid);
  for (const orderId of paid.filter((id) => !sent.has(id))) await fulfilOrder(ctx, orderId, api);
  for (const row of await repository.inProduction(ctx.db)) {
    try {
      const placed = await api.getOrder(row.externalId);
      if (placed) await applyOrder(ctx, row, { placed });
    } catch (error) {
      if (!(error instanceof PrintfulError)) throw error;
      ctx.log.warn({ orderId: row.orderId, err: { message: error.message } }, 'printful order not polled');
    }
  }
}
