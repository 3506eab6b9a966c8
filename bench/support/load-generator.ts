import { createRequire } from 'node:module';

/** The part of autocannon's result the benchmarks read (the package ships no types). */
export type LoadResult = {
  duration: number;
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: Array<{ headers: Record<string, string> }>;
}) => Promise<LoadResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/**
 * Closed-loop load from this process: `connections` keep one request each in flight for `seconds`, after
 * `warmupSeconds` of the same load whose figures are dropped (the JIT, the pools, the database's caches).
 */
export async function loadTest(options: {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Requests each connection makes in turn, e.g. as different users; the url and method stay the same. */
  requests?: Array<{ headers: Record<string, string> }>;
  /** Called between the warm-up and the measured load, e.g. to read the server's CPU time. */
  onMeasureStart?: () => void;
}) {
  const { seconds, warmupSeconds, onMeasureStart, ...request } = options;
  if (warmupSeconds > 0) await autocannon({ ...request, duration: warmupSeconds });
  onMeasureStart?.();
  return autocannon({ ...request, duration: seconds });
}
