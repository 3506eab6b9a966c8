import { z } from 'zod';

/**
 * Print on demand through Printful. An admin connects the clinic's Printful store with an API token; a sync
 * makes each Printful product a store product whose variants are made to order; a paid store order holding
 * those variants is sent to Printful once, and Printful's word on it (in production, shipped with tracking,
 * failed, cancelled) comes back by webhook or, when one is missed, by polling.
 */

/** How often each instance retries sends and asks Printful about orders still in production. */
export const PRINTFUL_SWEEP_MS = 5 * 60 * 1000;
/** A send that failed this many times is left for a person (and shown as failed). */
export const PRINTFUL_SEND_ATTEMPTS_MAX = 5;
export const PRINTFUL_TOKEN_MIN = 20;
export const PRINTFUL_TOKEN_MAX = 200;

/**
 * A fulfilment record's state: sending (claimed, on its way), retry (the last send failed and the sweep tries
 * again), accepted (Printful has it), shipped, failed (gave up sending, or Printful says it failed) and
 * cancelled at Printful. Printful's own status is kept beside it.
 */
export const FULFILMENT_STATES = ['sending', 'retry', 'accepted', 'shipped', 'failed', 'canceled'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
export const FULFILMENT_STATE_LABELS: Record<FulfilmentState, string> = {
  sending: 'Sending',
  retry: 'Will retry',
  accepted: 'In production',
  shipped: 'Shipped',
  failed: 'Failed',
  canceled: 'Cancelled at Printful',
};

export const PRINTFUL_ERRORS = {
  token: 'Paste the Printful API token',
  tokenShape: `The token is ${PRINTFUL_TOKEN_MIN} to ${PRINTFUL_TOKEN_MAX} characters with no spaces`,
  refused: (reason: string) => `Printful refused this token: ${reason}`,
  unreachable: 'Printful could not be reached. Check the connection and try again in a few minutes.',
  failed: (reason: string) => `Printful answered: ${reason}`,
  notConnected: 'Printful is not connected. Connect a Printful API token first.',
  syncRunning: 'A sync is already running. Its result shows here when it finishes.',
  keyUnreadable:
    'The stored Printful token cannot be read with this server’s encryption key. Disconnect and connect again.',
  webhookNotFound: 'Not found',
} as const;

/** POST /api/admin/printful/connect (admin) */
export const ConnectPrintfulInputSchema = z.strictObject({
  apiKey: z
    .string({ error: PRINTFUL_ERRORS.token })
    .trim()
    .min(1, PRINTFUL_ERRORS.token)
    .regex(/^\S+$/, PRINTFUL_ERRORS.tokenShape)
    .min(PRINTFUL_TOKEN_MIN, PRINTFUL_ERRORS.tokenShape)
    .max(PRINTFUL_TOKEN_MAX, PRINTFUL_ERRORS.tokenShape),
});
export type ConnectPrintfulInput = z.input<typeof ConnectPrintfulInputSchema>;

/** What one sync did, counted in products. */
export const SyncResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  hidden: z.number().int(),
  /** Variants left out: no retail price, a currency other than the store's, or ignored in Printful. */
  skippedVariants: z.number().int(),
});
export type SyncResult = z.infer<typeof SyncResultSchema>;
export const SyncAnswerSchema = z.object({ result: SyncResultSchema });
export type SyncAnswer = z.infer<typeof SyncAnswerSchema>;

/** GET /api/admin/printful (admin). The token itself is never sent back, only its last four characters. */
export const PrintfulStatusSchema = z.object({
  connected: z.boolean(),
  storeName: z.string().nullable(),
  keyLast4: z.string().nullable(),
  connectedAt: z.string().nullable(),
  webhookRegistered: z.boolean(),
  webhookError: z.string().nullable(),
  syncing: z.boolean(),
  lastSyncAt: z.string().nullable(),
  lastSyncResult: SyncResultSchema.nullable(),
  lastSyncError: z.string().nullable(),
  counts: z.object({
    /** Printful products in the store now (not hidden because they left Printful). */
    products: z.number().int(),
    variants: z.number().int(),
    fulfilments: z.number().int(),
    /** Fulfilments that failed or were cancelled at Printful. */
    needingAttention: z.number().int(),
  }),
});
export type PrintfulStatus = z.infer<typeof PrintfulStatusSchema>;

export const FulfilmentSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  printfulOrderId: z.string().nullable(),
  state: z.enum(FULFILMENT_STATES),
  printfulStatus: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  updatedAt: z.string(),
});
export type Fulfilment = z.infer<typeof FulfilmentSchema>;
/** GET /api/admin/printful/orders (admin): newest first. */
export const FulfilmentsAnswerSchema = z.object({ fulfilments: z.array(FulfilmentSchema) });
export type FulfilmentsAnswer = z.infer<typeof FulfilmentsAnswerSchema>;

/** POST /api/printful/webhook?token=…: the secret made at connect, which Printful sends back in the address. */
export const WebhookQuerySchema = z.object({ token: z.string().optional() });

/**
 * Pushed on the notifications channel to every admin when the connection, a sync or a fulfilment changed; the
 * open Print on Demand page asks again.
 */
export type PrintfulChangedEvent = { type: 'printful_changed' };
