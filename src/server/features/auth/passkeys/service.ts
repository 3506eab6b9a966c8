import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthResponse } from '../../../../shared/auth';
import {
  type AddPasskeyInput,
  PASSKEY_NOT_VERIFIED,
  type Passkey,
  type PasskeyLoginInput,
  type PasskeyOptionsResponse,
  type RemovePasskeyInput,
} from '../../../../shared/passkeys';
import { recordAccountActivity } from '../../../platform/activity';
import type { AppContext, RequestMeta } from '../../../platform/context';
import { AppError, badRequest, notFound, unauthenticated } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import * as accounts from '../../accounts/service';
import { afterSignIn } from '../devices/service';
import { AUTH_ERRORS } from '../errors';
import { SECURITY_ALERTS, sendSecurityAlert } from '../security-alerts';
import { openSignedInSession } from '../sign-in';
import { relyingParty } from './relying-party';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'config' | 'rateLimits' | 'mailer' | 'events' | 'sessionCache'>;

const CHALLENGE_TTL_MS = 5 * 60_000;
const PROMPT_TIMEOUT_MS = 60_000;

const toPasskey = (row: repository.PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

async function keepChallenge(
  ctx: Ctx,
  values: { userId: string | null; purpose: 'registration' | 'authentication'; challenge: string },
) {
  const id = randomUUID();
  await repository.deleteExpiredChallenges(ctx.db);
  await repository.insertChallenge(ctx.db, {
    id,
    ...values,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return id;
}

export async function listOwnPasskeys(ctx: Pick<Ctx, 'db'>, caller: SessionUser) {
  return (await repository.listPasskeys(ctx.db, caller.id)).map(toPasskey);
}

export async function registrationOptions(ctx: Ctx, caller: SessionUser): Promise<PasskeyOptionsResponse> {
  const rp = relyingParty(ctx.config.appUrl);
  const user = await accounts.findAccountById(ctx.db, caller.id);
  if (!user) throw notFound('Account not found');
  const existing = await repository.listPasskeys(ctx.db, caller.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    userID: new TextEncoder().encode(user.id),
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await keepChallenge(ctx, {
    userId: caller.id,
    purpose: 'registration',
    challenge: options.challenge,
  });
  return { challengeId, options: { ...options } };
}

export async function addPasskey(
  ctx: Ctx,
  caller: SessionUser,
  { input, meta }: { input: AddPasskeyInput; meta: RequestMeta },
): Promise<Passkey> {
  const rp = relyingParty(ctx.config.appUrl);
  const challenge = await repository.consumeChallenge(ctx.db, {
    id: input.challengeId,
    purpose: 'registration',
    userId: caller.id,
  });
  if (!challenge) throw badRequest(PASSKEY_NOT_VERIFIED);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(PASSKEY_NOT_VERIFIED);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await repository.insertPasskey(tx, {
      id: randomUUID(),
      userId: caller.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? input.response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: `Passkey ${(await repository.countPasskeys(tx, caller.id)) + 1}`,
    });
    if (!row) throw new AppError('CONFLICT', 'That passkey is already added');
    await recordAccountActivity(tx, {
      action: 'auth.passkey-added',
      userId: caller.id,
      ipAddress: meta.ipAddress,
      details: { passkeyId: row.id },
    });
    return row;
  });
  await sendSecurityAlert(ctx, caller.id, SECURITY_ALERTS.passkeyAdded);
  return toPasskey(saved);
}

export async function renameOwnPasskey(
  ctx: Pick<Ctx, 'db'>,
  caller: SessionUser,
  { id, name }: { id: string; name: string },
): Promise<Passkey> {
  const row = await repository.renamePasskey(ctx.db, { id, userId: caller.id, name });
  if (!row) throw notFound('Passkey not found');
  return toPasskey(row);
}

export async function removeOwnPasskey(
  ctx: Ctx,
  caller: SessionUser,
  { id, input, meta }: { id: string; input: RemovePasskeyInput; meta: RequestMeta },
) {
  if (!(await repository.findOwnPasskey(ctx.db, { id, userId: caller.id })))
    throw notFound('Passkey not found');
  const user = await accounts.findAccountById(ctx.db, caller.id);
  if (!user) throw notFound('Account not found');
  await accounts.confirmCurrentPassword(ctx, user, {
    password: input.currentPassword,
    address: meta.ipAddress,
  });
  await ctx.db.transaction(async (tx) => {
    const removed = await repository.deletePasskey(tx, { id, userId: caller.id });
    if (!removed) throw notFound('Passkey not found');
    await recordAccountActivity(tx, {
      action: 'auth.passkey-removed',
      userId: caller.id,
      ipAddress: meta.ipAddress,
      details: { passkeyId: id },
    });
  });
  await sendSecurityAlert(ctx, caller.id, SECURITY_ALERTS.passkeyRemoved);
  return { message: 'Passkey removed' };
}

export async function signInOptions(ctx: Ctx): Promise<PasskeyOptionsResponse> {
  const rp = relyingParty(ctx.config.appUrl);
  // No allowCredentials: the browser offers whichever of the person's passkeys it holds for this portal.
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PROMPT_TIMEOUT_MS,
    userVerification: 'preferred',
  });
  const challengeId = await keepChallenge(ctx, {
    userId: null,
    purpose: 'authentication',
    challenge: options.challenge,
  });
  return { challengeId, options: { ...options } };
}

/**
 * Signing in with a passkey. It stands for both steps of a two-step sign-in (the device holds the key and
 * checks its owner), so it answers with a session as the password sign-in does after both.
 */
export async function signInWithPasskey(
  ctx: Ctx,
  input: PasskeyLoginInput,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const rp = relyingParty(ctx.config.appUrl);
  const challenge = await repository.consumeChallenge(ctx.db, {
    id: input.challengeId,
    purpose: 'authentication',
    userId: null,
  });
  const passkey = await repository.findPasskeyByCredential(ctx.db, input.response.id);
  if (!challenge || !passkey) throw unauthenticated(PASSKEY_NOT_VERIFIED);
  const userHandle = input.response.response.userHandle;
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  const isOwners = !userHandle || Buffer.from(userHandle, 'base64url').toString('utf8') === passkey.userId;
  if (!verification?.verified || !isOwners) {
    await recordAccountActivity(ctx.db, {
      action: 'auth.login',
      userId: passkey.userId,
      outcome: 'failure',
      ipAddress: meta.ipAddress,
      details: { reason: 'passkey-not-verified' },
    });
    throw unauthenticated(PASSKEY_NOT_VERIFIED);
  }
  const user = await accounts.findAccountById(ctx.db, passkey.userId);
  if (!user) throw unauthenticated(PASSKEY_NOT_VERIFIED);
  if (!user.isActive) throw unauthenticated(AUTH_ERRORS.deactivated);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const token = await ctx.db.transaction(async (tx) => {
    const moved = await repository.recordPasskeyUse(tx, {
      id: passkey.id,
      fromCounter: passkey.counter,
      counter: newCounter,
      backedUp: credentialBackedUp,
    });
    if (!moved) throw unauthenticated(PASSKEY_NOT_VERIFIED);
    return openSignedInSession(tx, ctx, { userId: user.id, meta, details: { method: 'passkey' } });
  });
  await afterSignIn(ctx, user, { ...meta, sessionToken: token });
  return { token, user: accounts.toUser(user) };
}
