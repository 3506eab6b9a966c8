// What the load bench measures: every request by action kind (count, failures, expected refusals, latency),
// and one client per virtual user that records each call it makes.
import { percentile } from './processes';

type Tally = { count: number; errors: number; refusals: number; times: number[] };

export type Answer<T = Record<string, unknown>> = { status: number; body: T };

/** Requests grouped by what the user was doing ('message.send', 'invoice.pay'), kept whole for percentiles. */
export class Recorder {
  readonly kinds = new Map<string, Tally>();
  /** The first few failures in full, so a failed run says why. */
  readonly failures: string[] = [];
  /** Why the clinic refused, by action and message: proof that each refusal was the expected one. */
  readonly refusalReasons = new Map<string, number>();
  /** When the run began (performance.now()), so each request can be placed on the run's timeline. */
  began = 0;
  /** [start offset ms, duration ms] of every request, for finding stalls. */
  readonly timeline: Array<[number, number]> = [];

  note(kind: string, outcome: 'ok' | 'error' | 'refusal', ms: number, detail?: string) {
    let tally = this.kinds.get(kind);
    if (!tally) {
      tally = { count: 0, errors: 0, refusals: 0, times: [] };
      this.kinds.set(kind, tally);
    }
    tally.count++;
    tally.times.push(ms);
    this.timeline.push([performance.now() - ms - this.began, ms]);
    if (outcome === 'error') {
      tally.errors++;
      if (this.failures.length < 30 && detail) this.failures.push(`${kind}: ${detail}`);
    }
    if (outcome === 'refusal') {
      tally.refusals++;
      const reason = `${kind}: ${detail?.replace(/^.*answered /, '') ?? ''}`;
      this.refusalReasons.set(reason, (this.refusalReasons.get(reason) ?? 0) + 1);
    }
  }

  rows() {
    return [...this.kinds.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, tally]) => {
        const times = [...tally.times].sort((a, b) => a - b);
        return {
          kind,
          count: tally.count,
          errors: tally.errors,
          refusals: tally.refusals,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          max: times.at(-1) ?? Number.NaN,
        };
      });
  }

  /** The 5-second windows in which some request took longer than `slowMs`: when the clinic stalled. */
  stalls(slowMs: number) {
    const windows = new Map<number, { requests: number; slow: number; max: number }>();
    for (const [start, ms] of this.timeline) {
      const window = Math.max(0, Math.floor(start / 5000));
      const entry = windows.get(window) ?? { requests: 0, slow: 0, max: 0 };
      entry.requests++;
      if (ms > slowMs) entry.slow++;
      entry.max = Math.max(entry.max, ms);
      windows.set(window, entry);
    }
    return [...windows.entries()]
      .filter(([, entry]) => entry.slow > 0)
      .sort(([a], [b]) => a - b)
      .map(([window, entry]) => ({ fromSecond: window * 5, ...entry }));
  }

  get totalErrors() {
    let errors = 0;
    for (const tally of this.kinds.values()) errors += tally.errors;
    return errors;
  }
}

/** A signed-in account's HTTP calls, each recorded under its action kind. */
export class Client {
  constructor(
    readonly origin: string,
    public recorder: Recorder,
    public token = '',
  ) {}

  /**
   * Calls the API. A 2xx is success; a status in `refusals` is the clinic saying no as it should (a taken
   * slot, a sold-out item) and counted apart; anything else, or no answer at all, is an error.
   */
  async call<T = Record<string, unknown>>(
    kind: string,
    method: string,
    path: string,
    options: { body?: unknown; refusals?: number[] } = {},
  ): Promise<Answer<T>> {
    const started = performance.now();
    let status = 0;
    let text = '';
    try {
      const response = await fetch(`${this.origin}${path}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      text = `${(error as Error).message}${cause ? `: ${cause.message}` : ''}`;
    }
    const ms = performance.now() - started;
    const ok = status >= 200 && status < 300;
    const refused = !ok && (options.refusals ?? []).includes(status);
    this.recorder.note(
      kind,
      ok ? 'ok' : refused ? 'refusal' : 'error',
      ms,
      `${method} ${path} answered ${status || 'nothing'}: ${text.slice(0, 300)}`,
    );
    let body = {} as T;
    if (text && (ok || refused)) {
      try {
        body = JSON.parse(text) as T;
      } catch {
        // a non-JSON answer (a PDF, a CSV): the status is what counts
      }
    }
    return { status, body };
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const pick = <T>(items: readonly T[]): T | undefined =>
  items[Math.floor(Math.random() * items.length)];
