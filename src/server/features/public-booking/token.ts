import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import * as repository from './repository';

/**
 * The visitor's link to manage a booking: `<request id>.<signature>`, both base64url, the signature an
 * HMAC-SHA256 over the request's id and its nonce. Nothing is stored per link; a link is valid while the
 * request exists and its nonce is unchanged, and checking it compares signatures in constant time.
 *
 * The key: BOOKING_TOKEN_SECRET when the operator sets it. Otherwise the clinic makes a random one the first
 * time it needs it and keeps it in the database (signing_secrets), where every instance reads the same row,
 * so links survive restarts and work behind a load balancer with no setting at all. Two instances making one
 * at the same moment insert with ON CONFLICT DO NOTHING and both read back the one that won. The key is held
 * in memory after that; it never appears in a log or an answer, nor do the links.
 */
const PURPOSE = 'public_booking_manage_link';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class ManageLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly configuredSecret: string | undefined,
  ) {}

  private secret(): Promise<Buffer> {
    if (this.configuredSecret) return Promise.resolve(Buffer.from(this.configuredSecret, 'utf8'));
    this.key ??= this.storedSecret().catch((error) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async storedSecret() {
    const secret = await repository.signingSecret(this.db, PURPOSE, () =>
      randomBytes(32).toString('base64url'),
    );
    return Buffer.from(secret, 'base64url');
  }

  private async signature(requestId: string, nonce: string) {
    return createHmac('sha256', await this.secret())
      .update(`${requestId}.${nonce}`)
      .digest();
  }

  async sign(requestId: string, nonce: string) {
    const id = Buffer.from(requestId.replaceAll('-', ''), 'hex').toString('base64url');
    return `${id}.${(await this.signature(requestId, nonce)).toString('base64url')}`;
  }

  /** The request id a token names, read without trusting it: `verify` decides once the nonce is known. */
  static requestIdOf(token: string): string | null {
    const [id, signature, ...rest] = token.split('.');
    if (!id || !signature || rest.length > 0) return null;
    const hex = Buffer.from(id, 'base64url').toString('hex');
    const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return UUID.test(uuid) ? uuid : null;
  }

  async verify(token: string, requestId: string, nonce: string) {
    const given = Buffer.from(token.split('.')[1] ?? '', 'base64url');
    const expected = await this.signature(requestId, nonce);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** A nonce for a new request: part of what its manage link signs. */
export const newNonce = () => randomBytes(16).toString('base64url');
