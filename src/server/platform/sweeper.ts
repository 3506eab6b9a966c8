import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * A sweep run now and then every `intervalMs` on every listening instance, one at a time on each: a tick that
 * comes while the last sweep is still running is skipped. A sweep must be safe to run on many instances at
 * once (one UPDATE … RETURNING that moves each row once, say). A failure is logged by its message only (no
 * row, no health data) and the sweep is tried again at the next tick.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly intervalMs: number;
  private readonly log: FastifyBaseLogger;

  constructor(
    private readonly name: string,
    private readonly sweep: () => Promise<unknown>,
    { intervalMs, log }: { intervalMs: number; log: FastifyBaseLogger },
  ) {
    this.intervalMs = intervalMs;
    this.log = log;
  }

  start() {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the clock and waits for a sweep in hand. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick() {
    if (this.running) return;
    this.running = this.sweep()
      .catch((error) => this.log.error({ err: { message: (error as Error).message } }, `${this.name} failed`))
      .finally(() => {
        this.running = null;
      });
  }
}

/** Runs the sweep while the app listens: started by listening, stopped (a sweep in hand finished) by close. */
export function sweepWhileListening(app: FastifyInstance, sweeper: Sweeper) {
  app.addHook('onListen', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.stop());
}
