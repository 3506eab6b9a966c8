import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PGLITE_TEMPLATE_PATH } from '../paths';

/** Builds the embedded-database template once, so each test file starts its own database in about a second. */
export default function setup() {
  if (!existsSync(PGLITE_TEMPLATE_PATH))
    execSync('npx tsx src/server/db/build-template.ts', { stdio: 'inherit' });
  const leftOut = [
    process.env.TEST_DATABASE_URL ? null : 'PostgreSQL server (set TEST_DATABASE_URL to run the suite on it)',
    process.env.REDIS_URL ? null : 'Redis fan-out (set REDIS_URL to test it)',
    process.env.TEST_DATABASE_URL && process.env.REDIS_URL
      ? null
      : 'several instances on one database (set both TEST_DATABASE_URL and REDIS_URL to test them)',
  ].filter(Boolean);
  console.log(
    `server suite on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}` +
      (leftOut.length ? `; left out: ${leftOut.join('; ')}` : ''),
  );
}
