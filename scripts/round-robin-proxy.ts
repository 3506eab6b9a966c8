import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * A round-robin reverse proxy for several instances of the clinic (scripts/proxy.ts runs it): HTTP requests
 * and WebSocket upgrades, each to the next instance in turn. A request reaches an instance only once a
 * connection to it is open, so an instance that refuses (or does not answer within connectTimeoutMs) is
 * skipped and the request goes to the next one with nothing of it sent. A request already sent to an
 * instance that dies is answered 502 and never sent again: it may be a write the instance committed.
 */

export type Upstream = { host: string; port: number };

export type UpstreamStats = Upstream & {
  /** HTTP requests handed to it. */
  requests: number;
  /** WebSocket upgrades handed to it, and how many of them are open now. */
  sockets: number;
  openSockets: number;
  /** Connections it refused (or left unanswered), after which the next instance was tried. */
  refused: number;
};

export type ProxyEvent =
  | { type: 'request'; upstream: number; method: string; url: string }
  | { type: 'socket-open'; upstream: number; url: string; id: number }
  | { type: 'socket-close'; upstream: number; id: number }
  | { type: 'refused'; upstream: number };

export type ProxyOptions = {
  port: number;
  host?: string;
  upstreams: Upstream[];
  connectTimeoutMs?: number;
  onEvent?: (event: ProxyEvent) => void;
};

export type RoundRobinProxy = {
  port: number;
  stats: () => UpstreamStats[];
  close: () => Promise<void>;
};

// Hop-by-hop headers belong to one connection and are not passed on (RFC 9110, section 7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function forwarded(request: IncomingMessage): Record<string, string> {
  const address = request.socket.remoteAddress ?? '';
  const prior = request.headers['x-forwarded-for'];
  return {
    'x-forwarded-for': prior ? `${prior}, ${address}` : address,
    'x-forwarded-proto': 'http',
    'x-forwarded-host': request.headers.host ?? '',
  };
}

const unavailable = JSON.stringify({ message: 'The clinic is unavailable just now. Please try again.' });

export async function startProxy(options: ProxyOptions): Promise<RoundRobinProxy> {
  const { upstreams, onEvent } = options;
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const stats: UpstreamStats[] = upstreams.map((upstream) => ({
    ...upstream,
    requests: 0,
    sockets: 0,
    openSockets: 0,
    refused: 0,
  }));
  let turn = 0;
  let socketIds = 0;
  const open = new Set<Duplex>();

  /** A connected socket to the next instance that accepts, trying each at most once; null if none does. */
  async function connectNext(): Promise<{ upstream: number; socket: net.Socket } | null> {
    const first = turn++ % upstreams.length;
    for (let step = 0; step < upstreams.length; step++) {
      const upstream = (first + step) % upstreams.length;
      const socket = await connect(upstreams[upstream]);
      if (socket) return { upstream, socket };
      stats[upstream].refused += 1;
      onEvent?.({ type: 'refused', upstream });
    }
    return null;
  }

  function connect({ host, port }: Upstream): Promise<net.Socket | null> {
    return new Promise((resolve) => {
      const socket = net.connect({ host, port });
      const fail = () => {
        socket.destroy();
        resolve(null);
      };
      socket.setTimeout(connectTimeoutMs, fail);
      socket.once('error', fail);
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.removeListener('error', fail);
        resolve(socket);
      });
    });
  }

  async function forwardRequest(request: IncomingMessage, response: ServerResponse) {
    const target = await connectNext();
    if (!target) {
      response.writeHead(502, { 'content-type': 'application/json' }).end(unavailable);
      return;
    }
    const { upstream, socket } = target;
    stats[upstream].requests += 1;
    onEvent?.({ type: 'request', upstream, method: request.method ?? 'GET', url: request.url ?? '/' });
    const outgoing = http.request({
      createConnection: () => socket,
      method: request.method,
      path: request.url,
      headers: { ...endToEnd(request.headers), ...forwarded(request), connection: 'close' },
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      // The instance died mid-answer: the browser must see a broken answer, not a short one.
      answer.once('aborted', () => response.destroy());
      answer.on('error', () => response.destroy());
      answer.pipe(response);
    });
    outgoing.on('error', () => {
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'application/json' }).end(unavailable);
      } else {
        response.destroy();
      }
    });
    response.once('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
  }

  async function forwardUpgrade(request: IncomingMessage, client: Duplex, head: Buffer) {
    client.on('error', () => client.destroy());
    const target = await connectNext();
    if (!target || client.destroyed) {
      target?.socket.destroy();
      client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const { upstream, socket } = target;
    const id = ++socketIds;
    stats[upstream].sockets += 1;
    stats[upstream].openSockets += 1;
    open.add(client);
    onEvent?.({ type: 'socket-open', upstream, url: request.url ?? '/', id });
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      stats[upstream].openSockets -= 1;
      open.delete(client);
      onEvent?.({ type: 'socket-close', upstream, id });
      socket.destroy();
      client.destroy();
    };
    socket.on('error', close).on('close', close);
    client.on('close', close);

    // The upgrade request goes on as it came (its Upgrade and Connection headers included), then the two
    // sockets are joined: whichever side goes away takes the other with it, so the browser reconnects.
    const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
    }
    for (const [name, value] of Object.entries(forwarded(request))) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) socket.write(head);
    socket.pipe(client).pipe(socket);
  }

  const server = http.createServer((request, response) => void forwardRequest(request, response));
  server.on('upgrade', (request, client, head) => void forwardUpgrade(request, client, head));
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    stats: () => stats.map((entry) => ({ ...entry })),
    close: () =>
      new Promise((resolve) => {
        for (const client of open) client.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** `host:port` or `http://host:port` as an upstream. */
export function parseUpstream(text: string): Upstream {
  const url = new URL(text.includes('://') ? text : `http://${text}`);
  if (url.protocol !== 'http:' || !url.port) throw new Error(`Not an http://host:port address: ${text}`);
  return { host: url.hostname, port: Number(url.port) };
}
