// The signed token of the HTTP benchmark's floor: what a server that trusts a signature instead of looking a
// session up verifies on every request. base64url(JSON payload) "." base64url(HMAC-SHA256 of that payload),
// the shape of an HS256 JWT without its header. The clinic does not use it (docs/decisions/0001).
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPayload = { sub: string; exp: number };

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signToken(secret: string, payload: TokenPayload) {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

/** The payload of a token signed with `secret` and not yet expired, or null. */
export function verifyToken(secret: string, token: string): TokenPayload | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = signature(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as TokenPayload;
    return typeof payload.sub === 'string' && payload.exp > Date.now() / 1000 ? payload : null;
  } catch {
    return null;
  }
}
