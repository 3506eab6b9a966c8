import { createHmac } from 'node:crypto';
import type { IceServer } from '../../../shared/telehealth';
import type { Config } from '../../config';

/**
 * The STUN and TURN servers a browser is given for a call. TURN logins follow the TURN REST convention that
 * coturn's use-auth-secret checks: the username is `<expiry-unix>:<userId>` and the credential is
 * base64(HMAC-SHA1(secret, username)), so a login works only until it expires and the secret never leaves
 * the server.
 */
export function iceServersFor(
  config: Pick<Config, 'iceServers'>,
  userId: string,
  now = Date.now(),
): IceServer[] {
  const { stunUrls, turn } = config.iceServers;
  const servers: IceServer[] = [];
  if (stunUrls.length > 0) servers.push({ urls: stunUrls });
  if (turn) {
    const username = `${Math.floor(now / 1000) + turn.ttlSeconds}:${userId}`;
    const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
    servers.push({ urls: turn.urls, username, credential });
  }
  return servers;
}
