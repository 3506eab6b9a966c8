import pg from 'pg';

export type ScratchDatabase = { url: string; drop(): Promise<void> };

/**
 * A database of the bench's own on a PostgreSQL server, named after the bench and its process, for the caller
 * to drop when done. Null, and said so, when the server is not reachable: that run is left out.
 */
export async function scratchDatabase(serverUrl: string, bench: string): Promise<ScratchDatabase | null> {
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${serverUrl} is not reachable: the PostgreSQL run was left out.`);
    return null;
  }
  const name = `clinic_bench_${bench}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
