import pg from 'pg';
import { startApp, stopTogether } from './app-process';
import { SCALE_PORTS } from './ports';

/**
 * Two instances of the built app on one PostgreSQL database and one Redis, as a load balancer would see
 * them: the scale-out journey signs one person in on each and proves they reach each other live.
 * Started by Playwright only when TEST_DATABASE_URL and REDIS_URL are set.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !redisUrl) {
  console.error('The scale-out harness needs TEST_DATABASE_URL and REDIS_URL.');
  process.exit(1);
}

const name = `clinic_e2e_${process.pid}`;
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
await admin(`create database ${name}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;

const instances = SCALE_PORTS.map((port) =>
  startApp(port, { DATABASE_URL: databaseUrl.toString(), REDIS_URL: String(redisUrl), SMTP_URL: '' }),
);

stopTogether(instances, () => admin(`drop database if exists ${name} with (force)`));
