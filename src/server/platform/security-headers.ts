import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[]>;
type Allowlists = Record<string, string[]>;

/**
 * The base of the page's policy, the one helmet sent by default; the app adds its own sources over it
 * (app.ts, contentSecurityDirectives). Script stays 'self' without inline or evaluated script.
 */
const BASE_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'https:', 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", 'https:', "'unsafe-inline'"],
  'upgrade-insecure-requests': [],
};

function contentSecurityPolicy(directives: Directives) {
  return Object.entries({ ...BASE_DIRECTIVES, ...directives })
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/**
 * Permissions-Policy's dictionary (RFC 8941 structured fields): `camera=(self), geolocation=()`, where an
 * empty list denies the feature to the page and every frame in it, and an origin is a quoted string. It
 * governs a document only, so it goes with the web app's page (static-web.ts), not with every answer: at
 * some 400 bytes it cost a bare route about 6% of its requests a second.
 */
export function permissionsPolicy(allowlists: Allowlists) {
  return Object.entries(allowlists)
    .map(([feature, allowed]) => {
      const members = allowed.map((member) => (member === 'self' ? member : `"${member}"`));
      return `${feature}=(${members.join(' ')})`;
    })
    .join(', ');
}

/** Sent over TLS only (RFC 6797 §7.2): over plain HTTP an attacker could strip or forge it anyway. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Every answer carries the same security headers, so they are written out once at start and set with one
 * call per request (decision 0014): building them per request cost a bare route half its throughput.
 * No answer is stored by a browser or a proxy unless its route says otherwise: the API's answers carry
 * health records and personal details, and the web app's files set their own caching (static-web.ts), as
 * do the few calls meant to be kept.
 */
export function sendSecurityHeaders(app: FastifyInstance, directives: Directives) {
  const headers = {
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy(directives),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  // Over TLS, or behind a trusted proxy that terminated it (TRUST_PROXY and X-Forwarded-Proto: https).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}
