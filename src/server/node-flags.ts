/**
 * The V8 flags the server runs with, in `npm start` and wherever the benches and journeys start it.
 *
 * A busy server allocates a few tens of kilobytes a request, most of it dead within milliseconds. With
 * V8's default young generation (16 MB a semi-space) an authenticated read at full load filled it every
 * few tens of milliseconds, so requests still waiting on the database were promoted to the old generation
 * and collected by a full mark-compact about once a second (10 in 10 s, the heap swinging 40 → 175 MB).
 * Some runs fell into that pattern and some did not: the read on PostgreSQL was 45–50 µs of server CPU a
 * request in some processes and 63–81 µs in others. With 64 MB the same load ran two mark-compacts, both
 * at start-up, and every run stayed at the lower figure (bench/README.md). The price is memory only under
 * load: V8 grows the young generation toward the limit as it is needed.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
