import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests of the Stripe path: a local server that answers like Stripe's API (payment intents, their
 * retrieval with the latest charge, refunds; customers, setup intents, saved payment methods, off-session
 * charges under an idempotency key, detaching), which the SDK is pointed at through its host, port and
 * protocol options. Shared by the donation, the invoice and the card-on-file tests.
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

export type FakeSetupIntent = {
  id: string;
  object: 'setup_intent';
  status: string;
  client_secret: string;
  customer: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
};

export type FakePaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** The card's message when charges on it are declined. */
  declines: string | null;
};

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  readonly customers = new Set<string>();
  /** Off-session charges as asked: the idempotency key of each request that made an intent. */
  readonly chargeKeys: string[] = [];
  /** Runs once an off-session charge's intent exists, before Stripe answers (a webhook racing the answer). */
  onCharged: ((intent: FakeIntent) => Promise<void>) | null = null;
  private readonly answered = new Map<string, [number, unknown]>();
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

  /** What Stripe.js does in the browser for a setup: the card is saved, declining charges when told so. */
  confirmSetup(id: string, card: { last4?: string; declines?: string | null } = {}) {
    const setup = this.setupIntents.get(id);
    if (!setup) throw new Error(`no setup intent ${id}`);
    const method: FakePaymentMethod = {
      id: `pm_${randomBytes(12).toString('hex')}`,
      object: 'payment_method',
      type: 'card',
      customer: setup.customer,
      card: { brand: 'visa', last4: card.last4 ?? '4242', exp_month: 12, exp_year: 2040 },
      declines: card.declines ?? null,
    };
    this.paymentMethods.set(method.id, method);
    setup.status = 'succeeded';
    setup.payment_method = method.id;
    return method;
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    const key = request.headers['idempotency-key'];
    const keyed = typeof key === 'string' && request.method === 'POST' ? `${request.url} ${key}` : null;
    const earlier = keyed ? this.answered.get(keyed) : undefined;
    if (earlier) return earlier;
    const answer = await this.answer(request);
    if (keyed) this.answered.set(keyed, answer);
    return answer;
  }

  private async answer(request: IncomingMessage): Promise<[number, unknown]> {
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
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]] = value;
    }
    const saved = await this.savedCards(request, { url, form, metadata });
    if (saved) return saved;
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
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
      const method = this.paymentMethods.get(form.get('payment_method') ?? '');
      if (form.get('confirm') === 'true' && method) {
        this.chargeKeys.push(String(request.headers['idempotency-key'] ?? ''));
        if (method.declines) {
          return [
            402,
            {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: method.declines,
                payment_intent: intent,
              },
            },
          ];
        }
        intent.status = 'succeeded';
        await this.onCharged?.(intent);
      }
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

  /** Customers, setup intents and payment methods; null for any other request. */
  private async savedCards(
    request: IncomingMessage,
    asked: { url: URL; form: URLSearchParams; metadata: Record<string, string> },
  ): Promise<[number, unknown] | null> {
    const { url, form, metadata } = asked;
    const missing = (what: string, id: string): [number, unknown] => [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}: '${id}'`,
        },
      },
    ];
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const id = `cus_${randomBytes(8).toString('hex')}`;
      this.customers.add(id);
      return [200, { id, object: 'customer', metadata }];
    }
    if (request.method === 'POST' && url.pathname === '/v1/setup_intents') {
      const id = `seti_${randomBytes(12).toString('hex')}`;
      const setup: FakeSetupIntent = {
        id,
        object: 'setup_intent',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        customer: form.get('customer'),
        metadata,
        payment_method: null,
      };
      this.setupIntents.set(id, setup);
      return [200, setup];
    }
    const setupPath = /^\/v1\/setup_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && setupPath) {
      const setup = this.setupIntents.get(setupPath[1]);
      if (!setup) return missing('setup_intent', setupPath[1]);
      const method = setup.payment_method ? this.paymentMethods.get(setup.payment_method) : undefined;
      const expand = [...url.searchParams.entries()].some(
        ([key, value]) => key.startsWith('expand') && value === 'payment_method',
      );
      const { declines: _declines, ...shown } = method ?? { declines: null };
      return [200, { ...setup, payment_method: expand && method ? shown : setup.payment_method }];
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname);
    if (request.method === 'POST' && detach) {
      const method = this.paymentMethods.get(detach[1]);
      if (!method) return missing('payment_method', detach[1]);
      method.customer = null;
      const { declines: _declines, ...shown } = method;
      return [200, shown];
    }
    return null;
  }
}
