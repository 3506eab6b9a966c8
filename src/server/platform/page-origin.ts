import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from one of the clinic's own pages, or from a client that is not a browser.
 * A browser names the page's origin on every WebSocket handshake and cross-site pages may open sockets,
 * so the socket upgrade checks it (cross-site WebSocket hijacking). Our pages are those served from the
 * address the request was sent to (behind a trusted proxy, the forwarded host) and those at APP_URL.
 */
export function isOwnPage(request: FastifyRequest, appUrl: string) {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const page = new URL(origin);
    return page.host === request.host || page.origin === new URL(appUrl).origin;
  } catch {
    // 'null' (a sandboxed frame, a file) and anything unparsable.
    return false;
  }
}
