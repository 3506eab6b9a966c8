// The floor of the HTTP benchmark: the least an authenticated read can do, in a minimal Fastify server. It
// trusts a signed token (HMAC-SHA256 over a payload that carries the user id, verified with a timing-safe
// compare, no database) and runs one indexed query, the unread count the clinic runs, through the driver the
// clinic uses on that database (a pg pool of 10, or PGlite in process), as a named statement on both. The
// bench signs the token with FLOOR_TOKEN_SECRET for the user it reads as. It opens the database the clinic
// made, after the clinic has stopped (PGlite admits one process).
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import { PgliteDrizzleClient } from '../../src/server/db/pglite-driver';
import { verifyToken } from './signed-token';

const port = Number(process.env.PORT ?? 3453);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? '';
const secret = process.env.FLOOR_TOKEN_SECRET ?? '';
if (secret.length < 32) throw new Error('FLOOR_TOKEN_SECRET must hold at least 32 characters');

const UNREAD_SQL = `select count(*)::int as "count" from "notifications"
  where "user_id" = $1 and "is_read" = false and "archived_at" is null`;

type Row = Record<string, unknown>;
type Query = (text: string, values: unknown[]) => Promise<Row[]>;

async function openQuery(): Promise<{ query: Query; close: () => Promise<void> }> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return {
      // Named, so each connection prepares the statement once, as the clinic's hot lookups do.
      query: async (text, values) => (await pool.query({ name: 'floor_unread', text, values })).rows,
      close: () => pool.end(),
    };
  }
  const client = new PGlite(join(dataDir, 'pglite'), { extensions: { pg_trgm, btree_gist } });
  await client.waitReady;
  // Named, as on PostgreSQL: parsed once, then bound and run in one round trip, as the clinic's client
  // runs its hot lookups on PGlite (src/server/db/pglite-driver.ts).
  const named = new PgliteDrizzleClient(client);
  named.nameStatement('floor_unread', UNREAD_SQL);
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

await app.listen({ port, host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(close)
      .then(() => process.exit(0)),
);
