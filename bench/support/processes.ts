import { type ChildProcess, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags';

/**
 * The node arguments that start the built clinic as `npm start` does (its V8 flags), with `extra` (a profiler,
 * a probe) before the bundle.
 */
export const clinicArgs = (...extra: string[]) => [...SERVER_NODE_FLAGS, ...extra, 'dist/server/main.js'];
/** BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under load. */
export const benchServerNodeArgs = () => process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/** Starts a Node process and resolves once `healthUrl` answers 200. */
export async function startProcess(options: {
  args: string[];
  env: Record<string, string>;
  healthUrl: string;
  timeoutMs?: number;
}): Promise<{ child: ChildProcess; stop: () => Promise<void>; startedInMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, options.args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const timeoutMs = options.timeoutMs ?? 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.args.join(' ')} exited with ${child.exitCode}`);
    try {
      const response = await fetch(options.healthUrl);
      if (response.status === 200) return { child, stop, startedInMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`${options.healthUrl} did not answer within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** The middle value, the lower of the two middle ones for an even count: always one of the values measured. */
export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
