import { isIP } from 'node:net';
import { PASSKEYS_NEED_A_NAME } from '../../../../shared/passkeys';
import { AppError } from '../../../platform/errors';

/**
 * Who the passkeys belong to: the host name of APP_URL (the relying party id) and its origin, the only page
 * a passkey's signature is accepted from. WebAuthn refuses an IP address as relying party, so a portal reached
 * by one cannot offer passkeys: it says so (409) instead of failing inside the browser.
 */
export function relyingParty(appUrl: string) {
  const url = new URL(appUrl);
  const id = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(id) !== 0) throw new AppError('CONFLICT', PASSKEYS_NEED_A_NAME);
  return { id, origin: url.origin, name: 'Clinic Portal' };
}
