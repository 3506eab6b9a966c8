import type { z } from 'zod';
import {
  ConnectPrintfulInputSchema,
  type Fulfilment,
  PRINTFUL_ERRORS,
  type PrintfulStatus,
  type SyncResult,
} from '../../../shared/printful';
import { nextId } from '../../test/live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

/** The token Printful takes in these tests; any other well-formed token it refuses. */
export const GOOD_TOKEN = 'pf-good-token-0123456789abcd';

export const disconnected = (): PrintfulStatus => ({
  connected: false,
  storeName: null,
  keyLast4: null,
  connectedAt: null,
  webhookRegistered: false,
  webhookError: null,
  syncing: false,
  lastSyncAt: null,
  lastSyncResult: null,
  lastSyncError: null,
  counts: { products: 0, variants: 0, fulfilments: 0, needingAttention: 0 },
});

export const connected = (overrides: Partial<PrintfulStatus> = {}): PrintfulStatus => ({
  ...disconnected(),
  connected: true,
  storeName: 'Clinic Merch Store',
  keyLast4: GOOD_TOKEN.slice(-4),
  connectedAt: '2026-11-02T10:00:00.000Z',
  webhookRegistered: true,
  counts: { products: 2, variants: 5, fulfilments: 0, needingAttention: 0 },
  ...overrides,
});

/** A store order sent to Printful and accepted there. */
export function fulfilment(overrides: Partial<Fulfilment> = {}): Fulfilment {
  return {
    orderId: nextId(),
    orderNumber: 'ORD-000042',
    printfulOrderId: '5001',
    state: 'accepted',
    printfulStatus: 'pending',
    attempts: 1,
    lastError: null,
    trackingNumber: null,
    carrier: null,
    updatedAt: '2026-11-02T10:05:00.000Z',
    ...overrides,
  };
}

/**
 * Answers the Print on Demand page's calls as the server would: the connect input checked by the contract's
 * schema (400 with fields), GOOD_TOKEN taken and any other refused as Printful refuses it, a sync answering
 * `syncResult`. Records every call.
 */
export function fakePrintfulServer(
  initial: { status?: PrintfulStatus; fulfilments?: Fulfilment[]; syncResult?: SyncResult } = {},
) {
  const state = {
    status: initial.status ?? disconnected(),
    fulfilments: initial.fulfilments ?? [],
    syncResult: initial.syncResult ?? { created: 2, updated: 1, hidden: 1, skippedVariants: 0 },
  };
  const calls: Call[] = [];
  const handle = ({ method, url, body }: Call): Response | undefined => {
    const path = new URL(url, 'http://localhost').pathname;
    if (!path.startsWith('/api/admin/printful')) return undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && path === '/api/admin/printful') return json(state.status);
    if (method === 'POST' && path === '/api/admin/printful/connect') {
      const input = ConnectPrintfulInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      if (input.data.apiKey !== GOOD_TOKEN)
        return json({ message: PRINTFUL_ERRORS.refused('Malformed OAuth token') }, 400);
      state.status = connected();
      return json(state.status);
    }
    if (method === 'DELETE' && path === '/api/admin/printful') {
      state.status = disconnected();
      return json(state.status);
    }
    if (method === 'POST' && path === '/api/admin/printful/sync') {
      if (!state.status.connected) return json({ message: PRINTFUL_ERRORS.notConnected }, 400);
      state.status = {
        ...state.status,
        lastSyncAt: '2026-11-02T11:00:00.000Z',
        lastSyncResult: state.syncResult,
      };
      return json({ result: state.syncResult });
    }
    if (method === 'GET' && path === '/api/admin/printful/orders')
      return json({ fulfilments: state.fulfilments });
    return json({ message: 'Not found' }, 404);
  };
  return { state, calls, handle };
}
