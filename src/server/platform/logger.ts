import type { FastifyServerOptions } from 'fastify';

/** Query values that are secrets (the socket's token, a reset token) never reach a log line. */
export function redactUrl(url: string) {
  return url.replace(/([?&](?:token|access_token)=)[^&]*/gi, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
