import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests of the Stripe path: a local server that answers like Stripe's API (payment intents, their
 * retrieval with the latest charge, refunds), which the SDK is pointed at through its host, port and protocol
 * options. Shared by the donation and the invoice tests.
 */
export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
};

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: Array<{ paymentIntent: string; amount: number; idempotencyKey?: string }> = [];
  readonly authorizations = new Set<string>();
  private server!: Server;

  async start() {
    this.server = createServer((request, response) => {
      void this.handle(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What Stripe.js does in the browser: the card went through. */
  succeed(id: string) {
    const intent = this.intents.get(id);
    if (intent) intent.status = 'succeeded';
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    this.authorizations.add(request.headers.authorization ?? '');
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const form = new URLSearchParams(raw);
    const url = new URL(request.url ?? '/', 'http://fake');
    const notFound = (id: string): [number, unknown] => [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${id}'`,
        },
      },
    ];
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata,
      };
      this.intents.set(id, intent);
      return [200, intent];
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const intent = this.intents.get(retrieve[1]);
      if (!intent) return notFound(retrieve[1]);
      const charge =
        intent.status === 'succeeded'
          ? {
              id: `ch_${intent.id}`,
              object: 'charge',
              payment_method_details: { type: 'card', card: { last4: '4242', brand: 'visa' } },
            }
          : null;
      const expand =
        url.searchParams.getAll('expand[]').includes('latest_charge') ||
        url.searchParams.getAll('expand[0]').includes('latest_charge');
      return [200, { ...intent, latest_charge: expand ? charge : (charge?.id ?? null) }];
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const paymentIntent = form.get('payment_intent') ?? '';
      const intent = this.intents.get(paymentIntent);
      if (!intent) return notFound(paymentIntent);
      const amount = Number(form.get('amount') ?? intent.amount);
      const idempotencyKey = request.headers['idempotency-key'];
      this.refunds.push({
        paymentIntent,
        amount,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      return [
        200,
        { id: `re_${randomBytes(6).toString('hex')}`, object: 'refund', amount, status: 'succeeded' },
      ];
    }
    return [404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }];
  }
}
