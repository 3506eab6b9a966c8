import { parseArgs } from 'node:util';
import { parseUpstream, startProxy } from './round-robin-proxy';

/**
 * A local round-robin proxy in front of several clinic instances, for trying scale-out on one machine and
 * for the scale-out journey (docs/scale-out.md). Production puts nginx or HAProxy here instead.
 *
 *   npx tsx scripts/proxy.ts --port 8080 127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003
 *
 * Every request and WebSocket upgrade goes to the next instance in turn; one that refuses connections is
 * skipped. Ctrl-C (or SIGTERM) prints how many requests and sockets each instance took, and stops.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '8080' }, host: { type: 'string', default: '0.0.0.0' } },
});
if (positionals.length === 0) {
  console.error('usage: npx tsx scripts/proxy.ts [--port 8080] [--host 0.0.0.0] HOST:PORT [HOST:PORT …]');
  process.exit(2);
}

const upstreams = positionals.map(parseUpstream);
const down = new Set<number>();
const name = (index: number) => `${upstreams[index].host}:${upstreams[index].port}`;
const proxy = await startProxy({
  port: Number(values.port),
  host: values.host,
  upstreams,
  onEvent: (event) => {
    // Said once when an instance goes away and once when it answers again, not for every request.
    if (event.type === 'refused' && !down.has(event.upstream)) {
      down.add(event.upstream);
      console.warn(`${name(event.upstream)} refuses connections; skipping it`);
    } else if ((event.type === 'request' || event.type === 'socket-open') && down.delete(event.upstream)) {
      console.warn(`${name(event.upstream)} answers again`);
    }
  },
});
console.log(
  `Proxy on http://${values.host}:${proxy.port} to ${upstreams.map((_, index) => name(index)).join(', ')}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    console.table(proxy.stats());
    await proxy.close();
    process.exit(0);
  });
}
