// The floors of the HTTP benchmark: the least an authenticated read and an authenticated write can do, in a
// minimal Fastify server. Both trust a signed token (HMAC-SHA256 over a payload that carries the user id,
// verified with a timing-safe compare, no database). The read runs one indexed query, the unread count the
// clinic runs; the write inserts one message from the token's holder, one statement that is its own
// transaction. Both go through the driver the clinic uses on that database (a pg pool of 10, or PGlite in
// process with the clinic's durable file system: fsync at every commit), as named statements on both. The
// bench signs the token with FLOOR_TOKEN_SECRET for the user it acts as. It opens the database the clinic
// made, after the clinic has stopped (PGlite admits one process).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { openPglite } from '../../src/server/db/client';
import { PgliteDrizzleClient } from '../../src/server/db/pglite-driver';
import { verifyToken } from './signed-token';

const port = Number(process.env.PORT ?? 3453);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? '';
const secret = process.env.FLOOR_TOKEN_SECRET ?? '';
if (secret.length < 32) throw new Error('FLOOR_TOKEN_SECRET must hold at least 32 characters');

const UNREAD_SQL = `select count(*)::int as "count" from "notifications"
  where "user_id" = $1 and "is_read" = false and "archived_at" is null`;

const WRITE_SQL = `insert into "messages" ("id", "sender_id", "recipient_id", "content") values ($1, $2, $3, $4)`;
const STATEMENT_NAMES: Record<string, string> = { [UNREAD_SQL]: 'floor_unread', [WRITE_SQL]: 'floor_write' };

type Row = Record<string, unknown>;
type Query = (text: string, values: unknown[]) => Promise<Row[]>;

async function openQuery(): Promise<{ query: Query; close: () => Promise<void> }> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return {
      // Named, so each connection prepares the statement once, as the clinic's hot lookups do.
      query: async (text, values) => (await pool.query({ name: STATEMENT_NAMES[text], text, values })).rows,
      close: () => pool.end(),
    };
  }
  const client = openPglite(dataDir);
  await client.waitReady;
  // Named, as on PostgreSQL: parsed once, then bound and run in one round trip, as the clinic's client
  // runs its hot lookups on PGlite (src/server/db/pglite-driver.ts).
  const named = new PgliteDrizzleClient(client);
  for (const [text, name] of Object.entries(STATEMENT_NAMES)) named.nameStatement(name, text);
  return {
    query: async (text, values) => (await named.query<Row>(text, values)).rows,
    close: () => client.close(),
  };
}

const { query, close } = await openQuery();
const app = Fastify({ logger: false });
app.get('/health', async () => 'ok');
app.get('/unread-count', async (request, reply) => {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token || token.length > 500) return reply.status(401).send();
  const payload = verifyToken(secret, token);
  if (!payload) return reply.status(401).send();
  const [row] = await query(UNREAD_SQL, [payload.sub]);
  return { count: row.count };
});

app.post<{ Body: { recipientId?: string; content?: string } }>('/messages', async (request, reply) => {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token || token.length > 500) return reply.status(401).send();
  const payload = verifyToken(secret, token);
  if (!payload) return reply.status(401).send();
  const { recipientId, content } = request.body ?? {};
  if (typeof recipientId !== 'string' || typeof content !== 'string') return reply.status(400).send();
  const id = randomUUID();
  await query(WRITE_SQL, [id, payload.sub, recipientId, content]);
  return reply.status(201).send({ id });
});

await app.listen({ port, host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(close)
      .then(() => process.exit(0)),
);
