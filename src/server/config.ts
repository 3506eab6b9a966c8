import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DONATION_CALLS_PER_MINUTE } from '../shared/donations';
import { PUBLIC_BOOKING_READS_PER_MINUTE, PUBLIC_BOOKING_REQUESTS_PER_HOUR } from '../shared/public-booking';
import { PROJECT_ROOT } from './paths';

const packageJson = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The clinic's public address; the socket source of the page's policy and of its emailed links. */
  APP_URL: optionalUrl.pipe(z.url({ protocol: /^https?$/, error: 'an http or https address' }).optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  SEED: z.enum(['demo', 'none']).optional(),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Clinic Portal <no-reply@clinic.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  AUTH_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  PUBLIC_BOOKING_READS_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(PUBLIC_BOOKING_READS_PER_MINUTE),
  PUBLIC_BOOKING_REQUESTS_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(PUBLIC_BOOKING_REQUESTS_PER_HOUR),
  /** Signs the visitors' links to manage a booking; without it the clinic makes one and keeps it in the database. */
  BOOKING_TOKEN_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  MIN_SUPPORTED_VERSION: z
    .string()
    .regex(/^\d+(\.\d+)*$/, 'dot-separated numbers')
    .default('1.0.0'),
  /** The version this instance reports as the latest; a deployment may stamp its release here. */
  APP_VERSION: z
    .string()
    .regex(/^\d+(\.\d+)*$/, 'dot-separated numbers')
    .optional(),
  /**
   * The OpenAPI description and its viewer at /api/docs: a map of every call for whoever finds it, so it is
   * served only when asked for. Not tied to NODE_ENV, which `npm start` leaves at development.
   */
  API_DOCS: z.enum(['on', 'off']).default('off'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  /** How many donation and card calls one address may make a minute. */
  PAYMENT_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(DONATION_CALLS_PER_MINUTE),
  /** With both Stripe keys set, card payments go through Stripe; otherwise the built-in test provider takes them. */
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  /** Verifies the signature of Stripe's webhook calls (POST /api/payments/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /** Where the Stripe SDK sends its calls; Stripe's own API unless set (a local Stripe-like server in tests). */
  STRIPE_API_HOST: z.string().trim().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /**
   * Encrypts secrets kept in the database (the Printful token): base64 of 32 random bytes. Without it the
   * clinic makes one once and keeps it in a file under DATA_DIR.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
      message: 'base64 of exactly 32 bytes (openssl rand -base64 32)',
    })
    .optional(),
  /** Printful's API; a local Printful-like server in tests. */
  PRINTFUL_API_URL: z
    .url({ protocol: /^https?$/, error: 'an http or https address' })
    .default('https://api.printful.com'),
  /**
   * Uploaded files (exercise pictures and videos) go to S3-compatible storage when a bucket is named; otherwise
   * to DATA_DIR/files on this machine.
   */
  S3_BUCKET: z.string().trim().optional(),
  /** An S3-compatible server's address (MinIO, Ceph, R2); AWS's own endpoint for the region when unset. */
  S3_ENDPOINT: optionalUrl.pipe(
    z.url({ protocol: /^https?$/, error: 'an http or https address' }).optional(),
  ),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want; on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /**
   * Video visits: the STUN and TURN servers the browsers use to reach each other (comma-separated stun:, turn:
   * or turns: addresses). None by default: on one network the browsers find each other directly.
   */
  STUN_URLS: z.string().trim().optional(),
  TURN_URLS: z.string().trim().optional(),
  /** The secret shared with the TURN server (coturn's static-auth-secret): the browsers get short-lived logins. */
  TURN_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /** How long a TURN login lasts, in seconds. */
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ConfigSchema>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    /** The demo clinic is seeded on an empty embedded database unless SEED=none; on PostgreSQL only with SEED=demo. */
    seed: env.SEED ?? (env.DATABASE_URL ? 'none' : 'demo'),
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3_600_000,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT,
    authAccountFailuresPer15Minutes: env.AUTH_ACCOUNT_RATE_LIMIT,
    publicBookingReadsPerMinute: env.PUBLIC_BOOKING_READS_PER_MINUTE,
    publicBookingRequestsPerHour: env.PUBLIC_BOOKING_REQUESTS_PER_HOUR,
    bookingTokenSecret: env.BOOKING_TOKEN_SECRET,
    minSupportedVersion: env.MIN_SUPPORTED_VERSION,
    trustProxy: env.TRUST_PROXY,
    apiDocs: env.API_DOCS === 'on',
    webDistDir: env.WEB_DIST_DIR ?? join(PROJECT_ROOT, 'dist/web'),
    version: env.APP_VERSION ?? packageJson.version,
    paymentCallsPerMinute: env.PAYMENT_CALLS_PER_MINUTE,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            host: env.STRIPE_API_HOST,
            port: env.STRIPE_API_PORT,
            protocol: env.STRIPE_API_PROTOCOL,
          }
        : undefined,
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY ? Buffer.from(env.DATA_ENCRYPTION_KEY, 'base64') : undefined,
    printfulApiUrl: env.PRINTFUL_API_URL.replace(/\/+$/, ''),
    fileStore: fileStoreOf(env),
    iceServers: iceServersOf(env),
  } as const;
}

export type FileStoreConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint?: string;
      region: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
    };

function fileStoreOf(env: z.infer<typeof ConfigSchema>): FileStoreConfig {
  if (!env.S3_BUCKET) return { kind: 'local', dir: join(env.DATA_DIR, 'files') };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    // Without keys the SDK finds its own (instance role, AWS_* variables of the platform).
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
  };
}

const urlList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

/** The STUN servers, and the TURN servers with the secret their short-lived logins are made with. */
function iceServersOf(env: z.infer<typeof ConfigSchema>) {
  const turnUrls = urlList(env.TURN_URLS);
  for (const [name, urls, pattern] of [
    ['STUN_URLS', urlList(env.STUN_URLS), /^stuns?:\S+$/],
    ['TURN_URLS', turnUrls, /^turns?:\S+$/],
  ] as const)
    for (const url of urls)
      if (!pattern.test(url))
        throw new Error(
          `Invalid configuration: ${name}: ${url} is not a ${name.slice(0, 4).toLowerCase()}: address`,
        );
  if (turnUrls.length > 0 && !env.TURN_SECRET)
    throw new Error('Invalid configuration: TURN_URLS needs TURN_SECRET');
  return {
    stunUrls: urlList(env.STUN_URLS),
    turn:
      turnUrls.length > 0
        ? { urls: turnUrls, secret: env.TURN_SECRET!, ttlSeconds: env.TURN_TTL_SECONDS }
        : null,
  };
}

/** The only place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`SEED= npm start`) means unset, as shells and CI files commonly write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return toConfig(parsed.data);
}

/** Configuration for tests: defaults with overrides, never the machine's environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', API_DOCS: 'on' }), ...overrides };
}
