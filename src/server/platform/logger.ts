import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets in addresses never reach a log line: query values (the socket's token, a reset token, a visitor's
 * manage link, the payment client secret Stripe appends when it returns the browser to the clinic) and the path segment that is the key itself (a booking's manage calls, a calendar feed).
 */
export function redactUrl(url: string) {
  return url
    .replace(/([?&](?:token|access_token|manage|payment_intent_client_secret)=)[^&]*/gi, '$1[redacted]')
    .replace(/^(\/api\/(?:public\/bookings|calendar-feeds)\/)[^/?]+/i, '$1[redacted]');
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
