import { z } from 'zod';

/**
 * The calls the clinic makes to Printful's REST API (v1). Every answer comes in Printful's envelope
 * `{ code, result }`; the parsers name only the fields used and let the rest pass, so a field Printful adds
 * breaks nothing. Printful's ids are numbers; they are kept as text.
 */

const id = z.union([z.number(), z.string()]).transform(String);
const text = z.string().nullish();

const StoreSchema = z.looseObject({ id, name: text });

const SyncProductSummarySchema = z.looseObject({
  id,
  name: text,
  thumbnail_url: text,
  is_ignored: z.boolean().nullish(),
});
export type SyncProductSummary = z.infer<typeof SyncProductSummarySchema>;

const SyncFileSchema = z.looseObject({ type: text, preview_url: text, thumbnail_url: text });
const SyncVariantSchema = z.looseObject({
  id,
  name: text,
  retail_price: z.union([z.string(), z.number()]).nullish(),
  currency: text,
  is_ignored: z.boolean().nullish(),
  size: text,
  color: text,
  files: z.array(SyncFileSchema).nullish(),
  product: z.looseObject({ name: text, image: text }).nullish(),
});
export type SyncVariant = z.infer<typeof SyncVariantSchema>;

const SyncProductSchema = z.looseObject({
  sync_product: SyncProductSummarySchema,
  sync_variants: z.array(SyncVariantSchema),
});
export type SyncProduct = z.infer<typeof SyncProductSchema>;

const ShipmentSchema = z.looseObject({ carrier: text, service: text, tracking_number: text });
export type PrintfulShipment = z.infer<typeof ShipmentSchema>;
export const PrintfulOrderSchema = z.looseObject({
  id,
  external_id: text,
  status: text,
  shipments: z.array(ShipmentSchema).nullish(),
});
export type PrintfulOrder = z.infer<typeof PrintfulOrderSchema>;

const PagingSchema = z.looseObject({ total: z.number(), offset: z.number(), limit: z.number() });

export type Recipient = {
  name: string;
  address1: string;
  address2?: string;
  city: string;
  state_code?: string;
  state_name?: string;
  country_code: string;
  zip: string;
  phone?: string;
  email?: string;
};
export type NewPrintfulOrder = {
  externalId: string;
  recipient: Recipient;
  items: Array<{ syncVariantId: string; quantity: number; retailPrice: string }>;
};

/** Printful's webhook events the clinic follows. */
export const WEBHOOK_TYPES = ['package_shipped', 'order_updated', 'order_failed', 'order_canceled'] as const;

/** What the clinic asks of Printful; tests and other callers depend on this, not on HTTP. */
export interface PrintfulApi {
  /** The store the token opens (the token's check: a refused token throws a PrintfulError). */
  store(): Promise<{ id: string | null; name: string }>;
  listSyncProducts(): Promise<SyncProductSummary[]>;
  getSyncProduct(id: string): Promise<SyncProduct>;
  /** Places the order and confirms it for fulfilment at once. */
  createOrder(order: NewPrintfulOrder): Promise<PrintfulOrder>;
  /** The order with this external id, or null when Printful has none. */
  getOrder(externalId: string): Promise<PrintfulOrder | null>;
  setWebhook(url: string): Promise<void>;
  removeWebhook(): Promise<void>;
}

/**
 * A refusal or failure from Printful. The message is Printful's own reason or a plain description of the
 * failure, never the request (so never the token).
 */
export class PrintfulError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  /** Printful said no to the token itself. */
  get refusedToken() {
    return this.status === 401 || this.status === 403;
  }
}

const ErrorEnvelopeSchema = z.looseObject({
  result: z.unknown().optional(),
  error: z.looseObject({ message: z.string().optional() }).nullish(),
});
const PAGE_SIZE = 100;
const TIMEOUT_MS = 20_000;

export class HttpPrintfulApi implements PrintfulApi {
  /** Sent once known, so a token that opens several stores works on the one chosen at connect. */
  storeId: string | null;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    storeId: string | null = null,
  ) {
    this.storeId = storeId;
  }

  async store() {
    // A token made for one store may not list stores (answered 403 or 404): /store names its store, and
    // failing that, reading the store's products proves the token opens what the clinic needs.
    const scoped = (error: unknown) =>
      error instanceof PrintfulError && (error.status === 403 || error.status === 404);
    let found: { id: string | null; name?: string | null } | undefined;
    try {
      found = (await this.call('GET', '/stores', { schema: z.array(StoreSchema) }))[0];
    } catch (error) {
      if (!scoped(error)) throw error;
      try {
        found = await this.call('GET', '/store', { schema: StoreSchema });
      } catch (inner) {
        if (!scoped(inner)) throw inner;
        await this.request('GET', '/store/products?offset=0&limit=1');
        found = { id: null, name: '' };
      }
    }
    if (!found) throw new PrintfulError(404, 'this token opens no store');
    this.storeId = found.id;
    return { id: found.id, name: found.name ?? '' };
  }

  async listSyncProducts() {
    const all: SyncProductSummary[] = [];
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const { result, paging } = await this.request(
        'GET',
        `/store/products?offset=${offset}&limit=${PAGE_SIZE}`,
      );
      const page = z.array(SyncProductSummarySchema).parse(result);
      all.push(...page);
      const known = PagingSchema.safeParse(paging);
      const total = known.success ? known.data.total : null;
      if (page.length === 0 || (total !== null ? offset + PAGE_SIZE >= total : page.length < PAGE_SIZE))
        return all;
    }
  }

  getSyncProduct(productId: string) {
    return this.call('GET', `/store/products/${encodeURIComponent(productId)}`, {
      schema: SyncProductSchema,
    });
  }

  createOrder(order: NewPrintfulOrder) {
    return this.call('POST', '/orders?confirm=true', {
      schema: PrintfulOrderSchema,
      body: {
        external_id: order.externalId,
        recipient: order.recipient,
        items: order.items.map((item) => ({
          sync_variant_id: Number(item.syncVariantId),
          quantity: item.quantity,
          retail_price: item.retailPrice,
        })),
      },
    });
  }

  async getOrder(externalId: string) {
    try {
      return await this.call('GET', `/orders/@${encodeURIComponent(externalId)}`, {
        schema: PrintfulOrderSchema,
      });
    } catch (error) {
      if (error instanceof PrintfulError && error.status === 404) return null;
      throw error;
    }
  }

  async setWebhook(url: string) {
    await this.request('POST', '/webhooks', { url, types: WEBHOOK_TYPES });
  }

  async removeWebhook() {
    await this.request('DELETE', '/webhooks');
  }

  private async call<T extends z.ZodType>(
    method: string,
    path: string,
    { schema, body }: { schema: T; body?: unknown },
  ) {
    const { result } = await this.request(method, path, body);
    const parsed = schema.safeParse(result);
    if (!parsed.success) throw new PrintfulError(502, `unexpected answer to ${method} ${path.split('?')[0]}`);
    return parsed.data as z.infer<T>;
  }

  private async request(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: 'application/json',
    };
    if (this.storeId) headers['x-pf-store-id'] = this.storeId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      // The cause may carry the request; only the fact of the failure leaves here.
      throw new PrintfulError(0, 'Printful could not be reached');
    }
    const payload = (await response.json().catch(() => null)) as {
      result?: unknown;
      paging?: unknown;
    } | null;
    if (!response.ok) throw new PrintfulError(response.status, reasonOf(payload, response.status));
    return { result: payload?.result, paging: payload?.paging };
  }
}

function reasonOf(payload: unknown, status: number) {
  const envelope = ErrorEnvelopeSchema.safeParse(payload);
  const reason = envelope.success
    ? (envelope.data.error?.message ??
      (typeof envelope.data.result === 'string' ? envelope.data.result : undefined))
    : undefined;
  return (reason?.trim() || `HTTP ${status}`).slice(0, 300);
}
