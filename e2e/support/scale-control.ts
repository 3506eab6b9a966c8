import type { UpstreamStats } from '../../scripts/round-robin-proxy';
import { SCALE_CONTROL_URL } from './ports';

/** What the scale-out harness (e2e/support/scale-server.ts) says of itself. */
export type ScaleState = {
  databaseUrl: string;
  instances: { port: number; pid: number; isRunning: boolean }[];
  /** Per instance, in the order of SCALE_PORTS: what the proxy handed it. */
  proxy: UpstreamStats[];
  /** The WebSockets open through the proxy now, and the instance holding each. */
  sockets: { instance: number; channel: string | null; userId: string | null }[];
};

async function call(method: 'GET' | 'POST', path: string): Promise<ScaleState> {
  const response = await fetch(`${SCALE_CONTROL_URL}${path}`, { method });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as ScaleState;
}

export const scaleState = () => call('GET', '/state');
/** SIGKILL (kill -9): no shutdown, no goodbye to its sockets or database connections. */
export const killInstance = (index: number) => call('POST', `/instances/${index}/kill`);
/** Starts a killed instance again and answers once it is healthy. */
export const restartInstance = (index: number) => call('POST', `/instances/${index}/start`);
