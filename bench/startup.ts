// Times the server from process start to the first 200 of /api/health: once on an empty data directory,
// then again on the same directory. Run with `npm run bench:startup` after `npm run build`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.BENCH_PORT ?? 3411);

async function timeStart(dataDir: string) {
  const started = performance.now();
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('the server did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
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
