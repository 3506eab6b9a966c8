import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const tsx = join(process.cwd(), 'node_modules/.bin/tsx');

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(tsx, [script, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function until(condition: () => boolean, timeoutMs: number) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the server on a free port and waits until it is ready. */
async function startServer(env: Record<string, string>) {
  const server = run('src/server/main.ts', [], { PORT: '0', HOST: '127.0.0.1', ...env });
  await until(() => server.output().includes('Clinic portal ready'), 60_000);
  const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1];
  return { ...server, url: `http://127.0.0.1:${port}` };
}

const loginAsDemoAdmin = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.clinic', password: 'ClinicDemo!2026' }),
  });

describe('the server process', () => {
  it('seeds the demo clinic, guards its data directory, drains on SIGTERM, and the CLI works after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-main-'));
    const server = await startServer({ DATA_DIR: dataDir });
    let child: ChildProcess | undefined = server.child;
    try {
      expect(server.output()).toContain('patient@demo.clinic');
      expect(server.output()).toContain('ClinicDemo!2026');
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

      const blocked = run('src/server/cli.ts', ['migrate'], { DATA_DIR: dataDir });
      expect(await blocked.exited).toBe(1);
      expect(blocked.output()).toContain('is in use by another clinic process');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      child = undefined;
      expect(server.output()).toContain('draining and shutting down');
      expect(existsSync(join(dataDir, 'clinic.lock'))).toBe(false);

      const account = [
        '--email',
        'New.Doc@Clinic.test',
        '--password',
        'long-enough-1',
        '--role',
        'practitioner',
      ];
      const incomplete = run('src/server/cli.ts', ['create-user', ...account], { DATA_DIR: dataDir });
      expect(await incomplete.exited).toBe(1);
      expect(incomplete.output()).toContain('--first-name');
      const names = ['--first-name', 'Noor', '--last-name', 'Said'];
      const created = run('src/server/cli.ts', ['create-user', ...account, ...names], { DATA_DIR: dataDir });
      expect(await created.exited).toBe(0);
      expect(JSON.parse(created.output().slice(created.output().indexOf('{')))).toMatchObject({
        email: 'new.doc@clinic.test',
        role: 'practitioner',
        firstName: 'Noor',
      });
    } finally {
      child?.kill('SIGKILL');
    }
  }, 150_000);

  it('starts empty with SEED=none', async () => {
    const server = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'clinic-main-')), SEED: 'none' });
    try {
      expect(server.output()).not.toContain('Seeded the demo clinic');
      expect((await loginAsDemoAdmin(server.url)).status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on a PostgreSQL server seeds nothing unless SEED=demo',
    async () => {
      const { openTestDatabase } = await import('./test/database');
      const database = await openTestDatabase();
      try {
        for (const [seed, expected] of [
          ['', 404],
          ['demo', 200],
        ] as const) {
          const server = await startServer({ DATABASE_URL: database.url as string, SEED: seed });
          try {
            expect((await loginAsDemoAdmin(server.url)).status, `SEED=${seed}`).toBe(expected);
          } finally {
            server.child.kill('SIGTERM');
            await server.exited;
          }
        }
      } finally {
        await database.drop();
      }
    },
    150_000,
  );
});
