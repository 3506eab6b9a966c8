import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built browser app; any other GET that accepts HTML gets index.html so the client router can
 * draw the page (including its own not-found page). API and socket paths keep their JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  const root = resolve(distDir);
  const hasBuild = existsSync(resolve(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });
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
