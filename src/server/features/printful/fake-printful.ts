import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests of print on demand: a local server that answers like Printful's API v1 (the stores, sync products
 * with their variants, orders placed and read back by external id, the webhook setting), every answer in
 * Printful's `{ code, result }` envelope and a refused token as Printful refuses it. The app is pointed at it
 * through PRINTFUL_API_URL.
 */
export type FakeSyncVariant = {
  id: number;
  name: string;
  retail_price: string | null;
  currency?: string;
  size?: string;
  color?: string;
  is_ignored?: boolean;
};
export type FakeSyncProduct = { id: number; name: string; variants: FakeSyncVariant[] };
export type FakeOrder = {
  id: number;
  external_id: string;
  status: string;
  recipient: Record<string, unknown>;
  items: Array<{ sync_variant_id: number; quantity: number; retail_price?: string }>;
  shipments: Array<{ carrier: string; service: string; tracking_number: string }>;
};
export type FakeCall = { method: string; path: string; authorization: string; body: unknown };

export class FakePrintful {
  readonly tokens = new Set<string>();
  readonly products = new Map<number, FakeSyncProduct>();
  readonly orders = new Map<string, FakeOrder>();
  readonly calls: FakeCall[] = [];
  store = { id: 8801, name: 'Clinic Merch Store' };
  webhook: { url: string; types: string[] } | null = null;
  /** False: the token may not list stores (a token made for one store without that scope). */
  listsStores = true;
  /** The next order placements answer this status (500: Printful down) instead of placing. */
  failOrders: number | null = null;
  private nextOrderId = 5000;
  private server!: Server;

  async start() {
    this.server = createServer((request, response) => {
      void this.handle(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  callsTo(method: string, path: string) {
    return this.calls.filter((call) => call.method === method && call.path.split('?')[0] === path);
  }

  /** Printful ships an order (as its fulfilment centre would). */
  ship(externalId: string, trackingNumber: string) {
    const order = this.orders.get(externalId);
    if (!order) throw new Error(`no order ${externalId}`);
    order.status = 'fulfilled';
    order.shipments.push({ carrier: 'USPS', service: 'Ground Advantage', tracking_number: trackingNumber });
    return order;
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const authorization = request.headers.authorization ?? '';
    this.calls.push({ method, path: `${url.pathname}${url.search}`, authorization, body });
    const ok = (result: unknown, extra: Record<string, unknown> = {}): [number, unknown] => [
      200,
      { code: 200, result, extra: [], ...extra },
    ];
    const refuse = (code: number, reason: string, message: string): [number, unknown] => [
      code,
      { code, result: message, error: { reason, message } },
    ];
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (!token || !this.tokens.has(token)) return refuse(401, 'Unauthorized', 'Malformed OAuth token');

    if (method === 'GET' && url.pathname === '/stores')
      return this.listsStores
        ? ok([{ ...this.store, type: 'native' }])
        : refuse(403, 'Forbidden', 'This API endpoint requires stores_list/read scope');
    if (method === 'GET' && url.pathname === '/store/products') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const all = [...this.products.values()];
      const page = all.slice(offset, offset + limit).map((product) => ({
        id: product.id,
        external_id: `ext-${product.id}`,
        name: product.name,
        variants: product.variants.length,
        synced: product.variants.length,
        thumbnail_url: `https://files.cdn.printful.com/files/${product.id}/thumb.png`,
        is_ignored: false,
      }));
      return ok(page, { paging: { total: all.length, offset, limit } });
    }
    const productMatch = /^\/store\/products\/(\d+)$/.exec(url.pathname);
    if (method === 'GET' && productMatch) {
      const product = this.products.get(Number(productMatch[1]));
      if (!product) return refuse(404, 'NotFound', 'Not found');
      return ok({
        sync_product: {
          id: product.id,
          name: product.name,
          thumbnail_url: `https://files.cdn.printful.com/files/${product.id}/thumb.png`,
          is_ignored: false,
        },
        sync_variants: product.variants.map((variant) => ({
          sync_product_id: product.id,
          synced: true,
          variant_id: variant.id + 100_000,
          currency: 'USD',
          product: { variant_id: variant.id + 100_000, product_id: 71, name: product.name, image: '' },
          files: [
            {
              type: 'preview',
              preview_url: `https://files.cdn.printful.com/files/${variant.id}/preview.png`,
            },
          ],
          availability_status: 'active',
          ...variant,
        })),
      });
    }
    if (method === 'POST' && url.pathname === '/orders') {
      if (this.failOrders) return refuse(this.failOrders, 'ServerError', 'Temporarily unavailable');
      if (this.orders.has(body.external_id))
        return refuse(400, 'BadRequest', 'Order with this External ID already exists');
      const order: FakeOrder = {
        id: this.nextOrderId++,
        external_id: body.external_id,
        status: url.searchParams.get('confirm') === 'true' ? 'pending' : 'draft',
        recipient: body.recipient,
        items: body.items,
        shipments: [],
      };
      this.orders.set(order.external_id, order);
      return ok(order);
    }
    const orderMatch = /^\/orders\/@(.+)$/.exec(url.pathname);
    if (method === 'GET' && orderMatch) {
      const order = this.orders.get(decodeURIComponent(orderMatch[1]));
      return order ? ok(order) : refuse(404, 'NotFound', 'Order not found');
    }
    if (method === 'POST' && url.pathname === '/webhooks') {
      this.webhook = { url: body.url, types: body.types };
      return ok({ url: body.url, types: body.types, params: [] });
    }
    if (method === 'DELETE' && url.pathname === '/webhooks') {
      this.webhook = null;
      return ok({ url: null, types: [], params: [] });
    }
    return refuse(404, 'NotFound', 'This endpoint does not exist');
  }
}
