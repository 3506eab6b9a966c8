// Loaded into the server under test with `--import`: on SIGUSR2 it collects garbage (when node runs with
// --expose-gc) and writes the process's memory to BENCH_MEMORY_FILE, so a benchmark can read the server's
// heap as well as its RSS without an endpoint in the app.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
if (file)
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    globalThis.gc?.();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ rss, heapUsed, heapTotal, external, arrayBuffers, at: Date.now() }));
  });
