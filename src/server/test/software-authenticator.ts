import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for tests: an ES256 key pair, attestation 'none', a signature counter.
 * It answers the options the server hands out as a browser with a platform authenticator would, so the
 * server's verification runs for real.
 */
export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export function softwareAuthenticator({ origin, credentialId }: { origin: string; credentialId?: Buffer }) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = credentialId ?? randomBytes(16);
  let counter = 0;
  let userHandle = '';

  const coseKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
  };

  const authData = (flags: number, extra: Uint8Array = new Uint8Array()) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(id),
    /** Answers registration options (navigator.credentials.create). */
    register(options: { challenge: string; user?: { id: string } }) {
      userHandle = options.user?.id ?? '';
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey(publicKey)]);
      // user present, user verified, attested credential data
      const data = authData(0x45, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', data],
        ]),
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    /** Answers sign-in options (navigator.credentials.get) with a fresh signature. */
    authenticate(options: { challenge: string }, { signWith }: { signWith?: KeyObject } = {}) {
      counter += 1;
      const data = authData(0x05);
      const client = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), signWith ?? privateKey);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
      };
    },
  };
}

/** A key that is not the passkey's, to sign with when a test needs a bad signature. */
export const strangerKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
