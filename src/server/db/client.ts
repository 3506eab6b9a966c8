import { existsSync, fsyncSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR, PGLITE_TEMPLATE_PATH } from '../paths';
import { drizzleClientOf } from './pglite-driver';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, the demo seed) while holding a database-wide lock, so that instances
   * started together on one PostgreSQL take turns instead of racing. PGlite has one process by design.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = MIGRATIONS_DIR;

/**
 * Extensions the migrations create (pg_trgm for the patient search, btree_gist for the appointments'
 * no-overlap constraint); every embedded database loads them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };
/** An arbitrary constant: the advisory lock that start-up work of every instance shares. */
const STARTUP_LOCK_KEY = 7_305_210_001;

/** PostgreSQL when a URL is given; otherwise embedded PGlite, in memory when dataDir is 'memory://'. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection that the server ends (a restart, a failover, an administrator) is dropped by the
    // pool and the next query opens a fresh one; unheard, the pool's 'error' event would end the process.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder }),
      exclusively: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const client = options.pglite ?? openPglite(options.dataDir ?? 'memory://');
  await client.waitReady;
  // drizzle calls only query and transaction on its client (see pglite-driver.ts), which the adapter has.
  const pgliteDb = drizzlePglite({ client: drizzleClientOf(client) as unknown as PGlite, schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    exclusively: (work) => work(),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/**
 * PGlite's file system writes through to the operating system, so a commit survives the process being killed,
 * but out of the box it runs with fsync off and its WebAssembly fsync does nothing: a power cut or an
 * operating-system crash could lose commits already answered. Here fsync reaches the disk (Emscripten's file
 * system gains the fsync it lacks) and PostgreSQL calls it at every commit and checkpoint, as it does on a
 * server. The cost: each commit waits for the disk (about 5 ms instead of 0.4 ms on the test machine), on the
 * event loop, since PGlite runs in-process.
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    const options = result.emscriptenOpts as { preRun?: ((module: EmscriptenModule) => void)[] };
    options.preRun = [
      ...(options.preRun ?? []),
      (module) => {
        module.NODEFS.stream_ops.fsync = (stream) => {
          fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}
type EmscriptenModule = { NODEFS: { stream_ops: { fsync?: (stream: { nfd: number }) => number } } };
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/**
 * The embedded database in a data directory, durable as described above. A new data directory starts from the
 * template that `npm run build` makes, skipping initdb. The HTTP bench's floor opens it this way too.
 */
export function openPglite(dataDir: string) {
  if (dataDir === 'memory://') return new PGlite({ extensions: PGLITE_EXTENSIONS });
  const clusterDir = join(dataDir, 'pglite');
  const isNew = !existsSync(join(clusterDir, 'PG_VERSION'));
  const loadDataDir =
    isNew && existsSync(PGLITE_TEMPLATE_PATH) ? new Blob([readFileSync(PGLITE_TEMPLATE_PATH)]) : undefined;
  return new PGlite({
    fs: new DurableNodeFS(clusterDir),
    startParams: DURABLE_START_PARAMS,
    loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
