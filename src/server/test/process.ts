import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs a server entry point (main.ts, cli.ts) as its own process, as an operator would. Node loads tsx itself,
 * rather than through tsx's command, which would run the script in a second process: a SIGKILL must reach the
 * server, not a wrapper that leaves it running.
 */
const tsx = pathToFileURL(join(process.cwd(), 'node_modules/tsx/dist/loader.mjs')).href;

export function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', tsx, script, ...args], {
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

export async function until(condition: () => boolean, timeoutMs: number) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the server on a free port and waits until it is ready. */
export async function startServer(env: Record<string, string>) {
  const server = run('src/server/main.ts', [], { PORT: '0', HOST: '127.0.0.1', ...env });
  try {
    await until(() => server.output().includes('Clinic portal ready'), 60_000);
  } catch {
    // Not ready in time: what the process said is the only clue to why.
    server.child.kill('SIGKILL');
    throw new Error(`The server did not start in time; it said:\n${server.output().slice(-3000)}`);
  }
  const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1];
  return { ...server, url: `http://127.0.0.1:${port}` };
}

export const loginAsDemoAdmin = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.clinic', password: 'ClinicDemo!2026' }),
  });
