import { WebSocket } from 'ws';
import type { TestApp } from './app';

export type TestSocket = {
  socket: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  nextMessage(): Promise<unknown>;
};

/**
 * Opens /ws through the app (no network) and records what arrives. The notifications channel also tells open
 * dashboards to refresh ('dashboard_changed'); those frames are left out unless `withDashboardChanges`, so
 * tests of notifications read the notifications alone.
 */
export async function openSocket(
  t: Pick<TestApp, 'app'>,
  query: string,
  options: { withDashboardChanges?: boolean } = {},
): Promise<TestSocket> {
  const messages: unknown[] = [];
  const waiters: Array<(message: unknown) => void> = [];
  let resolveClosed!: (value: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    resolveClosed = resolve;
  });
  const socket = await t.app.injectWS(
    `/ws?${query}`,
    {},
    {
      onInit(ws) {
        ws.on('message', (data) => {
          const message = JSON.parse(data.toString());
          if (!options.withDashboardChanges && message?.type === 'dashboard_changed') return;
          const waiter = waiters.shift();
          if (waiter) waiter(message);
          else messages.push(message);
        });
        ws.on('close', (code, reason) => resolveClosed({ code, reason: reason.toString() }));
      },
    },
  );
  return {
    socket,
    messages,
    closed,
    nextMessage: () =>
      messages.length > 0
        ? Promise.resolve(messages.shift())
        : new Promise((resolve) => waiters.push(resolve)),
  };
}

/** Waits until the hub holds the given number of sockets (registration follows the token check). */
export async function untilConnections(t: Pick<TestApp, 'ctx'>, count: number, timeoutMs = 2000) {
  const started = Date.now();
  while (t.ctx.hub.connectionCount !== count) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`hub holds ${t.ctx.hub.connectionCount} sockets, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether a check on what sockets heard comes true within about five seconds (asked every 50 ms). */
export async function until(check: () => boolean): Promise<boolean> {
  for (let tries = 0; tries < 100 && !check(); tries++) await new Promise((r) => setTimeout(r, 50));
  return check();
}

/**
 * Opens /ws over the network on a listening app, as a browser does: its close (the page left, the session
 * ended) completes the closing handshake and reaches the server as in production, which injected sockets
 * do not.
 */
export async function openNetworkSocket(origin: string, query: string): Promise<TestSocket> {
  const messages: unknown[] = [];
  const waiters: Array<(message: unknown) => void> = [];
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws?${query}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    closed,
    nextMessage: () =>
      messages.length > 0
        ? Promise.resolve(messages.shift())
        : new Promise((resolve) => waiters.push(resolve)),
  };
}
