// Times the server from process start to the first 200 of /api/health: once on an empty data directory,
// then again on the same directory. Run with `npm run bench:startup` after `npm run build`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clinicArgs, startProcess } from './support/processes';

const PORT = Number(process.env.BENCH_PORT ?? 3411);

async function timeStart(dataDir: string) {
  const server = await startProcess({
    args: clinicArgs(),
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    healthUrl: `http://127.0.0.1:${PORT}/api/health`,
    timeoutMs: 60_000,
  });
  await server.stop();
  return server.startedInMs;
}

if (!existsSync('dist/pglite-template.tar.gz') || !existsSync('dist/server/main.js')) {
  console.error(
    'Run `npm run build` first: the bench runs the server bundle and the embedded database template it makes.',
  );
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-'));
try {
  const first = await timeStart(dataDir);
  const later = await timeStart(dataDir);
  console.log(`first start on an empty DATA_DIR: ${(first / 1000).toFixed(2)} s (goal < 10 s)`);
  console.log(`later start on the same DATA_DIR: ${(later / 1000).toFixed(2)} s (goal < 3 s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
