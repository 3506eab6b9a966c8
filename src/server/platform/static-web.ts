import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names each file under /assets/ by its content's hash: a changed file is a new name, so browsers keep them. */
const HASHED_ASSETS = `${sep}assets${sep}`;

/**
 * Serves the built browser app, in the brotli or gzip copy the build wrote when the browser accepts it
 * (scripts/precompress.ts); any other GET that accepts HTML gets index.html so the client router can
 * draw the page (including its own not-found page). API and socket paths keep their JSON 404.
 * `pageHeaders` go with the page alone: headers that govern a document, where every other answer would
 * only carry them (the Permissions-Policy).
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  pageHeaders: Record<string, string> = {},
) {
  const root = resolve(distDir);
  const hasBuild = existsSync(resolve(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1h',
      // Every answer starts as no-store (security-headers.ts); these files replace it with maxAge's hour,
      // and these two lines, set after it, win over both: the page itself is asked for again each time (its
      // scripts' names change with a release), the hashed assets never.
      setHeaders: (reply, path) => {
        const file = path.startsWith(root) ? path.slice(root.length) : path;
        if (file.startsWith(HASHED_ASSETS))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file === `${sep}index.html` || file.startsWith(`${sep}index.html.`))
          reply.header('cache-control', 'no-cache').headers(pageHeaders);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/ws');
    if (!isApi && request.method === 'GET' && hasBuild) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    if (!isApi && request.method === 'GET') {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${path}`, code: 'NOT_FOUND' });
  });
}
