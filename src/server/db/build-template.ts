import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, PGLITE_TEMPLATE_PATH } from '../paths';
import { PGLITE_EXTENSIONS } from './client';

/** Writes the empty, migrated cluster that new embedded data directories start from. */
const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
await client.waitReady;
await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
const dump = await client.dumpDataDir('gzip');
mkdirSync(dirname(PGLITE_TEMPLATE_PATH), { recursive: true });
writeFileSync(PGLITE_TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
await client.close();
console.log(`embedded database template written to ${PGLITE_TEMPLATE_PATH}`);
