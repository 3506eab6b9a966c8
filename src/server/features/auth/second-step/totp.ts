import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '../../../../shared/two-step';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const ISSUER = 'Clinic Portal';
/** One step either side of now: a phone's clock a little off, or a code typed as it changed. */
export const SKEW_STEPS = 1;

function totpOf(secretBase32: string, label = '') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh 160-bit secret, in base32 as apps take it typed in. */
export function newTotpSecret() {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the QR code carries, and the QR code as an SVG data URL. */
export async function setupOf(secretBase32: string, accountName: string) {
  const otpauthUri = totpOf(secretBase32, accountName).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret: secretBase32,
    otpauthUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * The 30-second step the code belongs to, when it is the code of now or of one step either side; else null.
 * The caller refuses a step at or before the last one used, so a code works once.
 */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: SKEW_STEPS });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

/** Ten codes like "k7m2p-x9c4d": about 49 bits each, from characters nobody misreads. */
export function newRecoveryCodes() {
  const pick = () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  const group = () => Array.from({ length: 5 }, pick).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}
