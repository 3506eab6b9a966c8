import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';
import { oneLine } from './one-line';

/** The one message for every sign-in with a passkey that fails: unknown passkey, bad signature, stale request. */
export const PASSKEY_NOT_VERIFIED = 'That passkey could not be verified';
/** WebAuthn binds a passkey to a domain name; an address such as 127.0.0.1 cannot hold one. */
export const PASSKEYS_NEED_A_NAME = 'Passkeys need the portal to be reached by its name';
export const PASSKEY_NAME_MAX_LENGTH = 60;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Expected base64url text');

const BrowserFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
};

/** What the browser returns from creating a passkey (RegistrationResponseJSON). */
export const PasskeyRegistrationResponseSchema = z.strictObject({
  ...BrowserFields,
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** What the browser returns from signing in with a passkey (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponseSchema = z.strictObject({
  ...BrowserFields,
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(512).optional(),
  }),
});

export const PasskeyNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PASSKEY_NAME_MAX_LENGTH, `Name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`)
  .check(oneLine('Name'));

/** Options for the browser's prompt, handed on as they are; the challenge behind them is kept by the server. */
export const PasskeyOptionsResponseSchema = z.object({
  challengeId: z.string(),
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponseSchema>;

export const AddPasskeyInputSchema = z.strictObject({
  challengeId: z.uuid({ error: 'Start adding the passkey again' }),
  response: PasskeyRegistrationResponseSchema,
});
export type AddPasskeyInput = z.infer<typeof AddPasskeyInputSchema>;

export const RenamePasskeyInputSchema = z.strictObject({ name: PasskeyNameSchema });
export type RenamePasskeyInput = z.infer<typeof RenamePasskeyInputSchema>;

/** Removing a passkey asks for the password, so a browser left signed in cannot swap passkeys unseen. */
export const RemovePasskeyInputSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH),
});
export type RemovePasskeyInput = z.infer<typeof RemovePasskeyInputSchema>;

export const PasskeyLoginInputSchema = z.strictObject({
  challengeId: z.uuid({ error: 'Start signing in again' }),
  response: PasskeyAuthenticationResponseSchema,
});
export type PasskeyLoginInput = z.infer<typeof PasskeyLoginInputSchema>;

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.array(PasskeySchema);

export const PasskeyIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a passkey id' }) });
