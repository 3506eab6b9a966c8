import type { AuthResponse, EnrolledResponse } from '../../../../shared/auth';
import type { Role } from '../../../../shared/roles';
import {
  type EnrolConfirmInput,
  type EnrolStartInput,
  type SecondStepChallenge,
  type SecondStepInput,
  type SignInPolicy,
  type TotpConfirmInput,
  TWO_STEP_MESSAGES,
  type TwoStepDisableInput,
} from '../../../../shared/two-step';
import type { Db, Tx } from '../../../db/client';
import { recordAccountActivity, recordActivity } from '../../../platform/activity';
import type { AppContext, RequestMeta } from '../../../platform/context';
import { badRequest, notFound, unauthenticated } from '../../../platform/errors';
import { dataEncryptionKey, open, seal, sha256 } from '../../../platform/secrets';
import { hashToken, hasSignedInFrom, newToken, type SessionUser } from '../../../platform/sessions';
import * as accounts from '../../accounts/service';
import { afterSignIn } from '../devices/service';
import { SECURITY_ALERTS, sendSecurityAlert } from '../security-alerts';
import { openSignedInSession } from '../sign-in';
import * as repository from './repository';
import { matchingStep, newRecoveryCodes, newTotpSecret, setupOf } from './totp';

/**
 * Two-step sign-in (decision 0032): an authenticator app with recovery codes, the sign-in challenge between
 * the password and the second step, and the clinic's policy of who must have one.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'rateLimits' | 'mailer' | 'events' | 'sessionCache'>;

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes a challenge takes before it is spent and the person must type the password again. */
export const CHALLENGE_TRIES = 5;
/** As login answers a deactivated account: the browser's error catalogue keys on 'deactivated'. */
const DEACTIVATED = 'Account is deactivated';

const wrongCode = () => badRequest(TWO_STEP_MESSAGES.wrongCode, { code: TWO_STEP_MESSAGES.wrongCode });
const challengeEnded = () =>
  badRequest(TWO_STEP_MESSAGES.challengeEnded, { challengeToken: TWO_STEP_MESSAGES.challengeEnded });

/** The sealed secret is bound to its account: copied onto another person's row it does not open. */
const secretPurpose = (userId: string) => `totp-secret:${userId}`;

/**
 * Whether the person has a second step: today an authenticator app that is turned on. The one place that
 * says so, for sign-in and the policy alike.
 */
export async function hasSecondStep(db: Db | Tx, userId: string) {
  return repository.hasEnabledTotp(db, userId);
}

function requiredFor(policy: Awaited<ReturnType<typeof repository.readPolicy>>, role: Role) {
  if (role === 'admin') return policy.requireForAdmins;
  if (role === 'practitioner') return policy.requireForPractitioners;
  if (role === 'staff') return policy.requireForStaff;
  return false;
}

/** Tries at codes count per account and address, as passwords do, in a count of their own (decision 0021). */
const codeAttempt = (userId: string, meta: RequestMeta) => ({
  account: `second-step:${userId}`,
  address: meta.ipAddress,
});

async function assertCodeAllowed(ctx: Ctx, userId: string, meta: RequestMeta) {
  await ctx.rateLimits.assertAccountAllowed(codeAttempt(userId, meta), () =>
    hasSignedInFrom(ctx.db, userId, meta.ipAddress),
  );
}

function openSecret(
  ctx: Ctx,
  row: { userId: string; secretCiphertext: string; secretIv: string; secretTag: string },
) {
  const secret = open(dataEncryptionKey(ctx.config), secretPurpose(row.userId), {
    ciphertext: row.secretCiphertext,
    iv: row.secretIv,
    tag: row.secretTag,
  });
  if (secret === null) throw new Error('The authenticator secret does not open with the data key.');
  return secret;
}

/**
 * Checks a code of the app or a recovery code and uses it up, in the caller's transaction: the app's step by
 * a conditional update, a recovery code by marking it used. Returns which kind passed, or null.
 */
async function spendCode(tx: Db | Tx, ctx: Ctx, { userId, code }: { userId: string; code: string }) {
  if (!/^\d{6}$/.test(code))
    return (await repository.spendRecoveryCode(tx, userId, sha256(code))) ? ('recovery' as const) : null;
  const totp = await repository.findTotp(tx, userId);
  if (!totp?.enabledAt) return null;
  const step = matchingStep(openSecret(ctx, totp), code);
  if (step === null) return null;
  return (await repository.takeStep(tx, { userId, step, enable: false })) ? ('totp' as const) : null;
}

/**
 * After the right password of an active account: null when it signs in with the password alone, else the
 * challenge to answer — the second step, or, when the policy requires one it does not have, enrolment.
 */
export async function secondStepChallenge(
  ctx: Ctx,
  user: { id: string; role: Role },
  meta: RequestMeta,
): Promise<SecondStepChallenge | null> {
  const enrolled = await hasSecondStep(ctx.db, user.id);
  if (!enrolled && !requiredFor(await repository.readPolicy(ctx.db), user.role)) return null;
  const token = newToken();
  const purpose = enrolled ? 'second-step' : 'enrol';
  await ctx.db.transaction(async (tx) => {
    await repository.dropEndedChallenges(tx, user.id);
    await repository.insertChallenge(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      purpose,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    await recordAccountActivity(tx, {
      action: 'auth.login-password',
      userId: user.id,
      ipAddress: meta.ipAddress,
      details: { next: purpose },
    });
  });
  return enrolled
    ? { secondStep: { challengeToken: token, methods: ['totp', 'recovery'] } }
    : { secondStep: { challengeToken: token, methods: [], enrol: true } };
}

async function openChallenge(ctx: Ctx, challengeToken: string, purpose: 'second-step' | 'enrol') {
  const challenge = await repository.findOpenChallenge(ctx.db, hashToken(challengeToken));
  if (!challenge || challenge.purpose !== purpose) throw challengeEnded();
  const user = await accounts.findAccountById(ctx.db, challenge.userId);
  if (!user) throw challengeEnded();
  if (!user.isActive) throw unauthenticated(DEACTIVATED);
  return { challenge, user };
}

/** A wrong code: counted against the challenge (spent at the limit), the account and the address. */
async function refuseCode(
  ctx: Ctx,
  { userId, meta, challengeId }: { userId: string; meta: RequestMeta; challengeId?: string },
) {
  if (challengeId) await repository.countWrongCode(ctx.db, challengeId, CHALLENGE_TRIES);
  await ctx.rateLimits.recordAccountAttempt(codeAttempt(userId, meta));
  await recordAccountActivity(ctx.db, {
    action: 'auth.second-step',
    userId,
    outcome: 'failure',
    ipAddress: meta.ipAddress,
    details: { reason: 'wrong-code' },
  });
  return wrongCode();
}

/** The second step of a sign-in: the challenge and a code give the session, as the password alone does for others. */
export async function completeSecondStep(
  ctx: Ctx,
  input: SecondStepInput,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const { challenge, user } = await openChallenge(ctx, input.challengeToken, 'second-step');
  await assertCodeAllowed(ctx, user.id, meta);
  const token = await ctx.db.transaction(async (tx) => {
    const method = await spendCode(tx, ctx, { userId: user.id, code: input.code });
    if (!method) return null;
    // Closed in the same transaction: if another request took the challenge first, the code stays unused.
    if (!(await repository.closeChallenge(tx, challenge.id))) throw challengeEnded();
    return openSignedInSession(tx, ctx, { userId: user.id, meta, details: { secondStep: method } });
  });
  if (!token) throw await refuseCode(ctx, { userId: user.id, meta, challengeId: challenge.id });
  await ctx.rateLimits.clearAddress(codeAttempt(user.id, meta));
  await afterSignIn(ctx, user, { ...meta, sessionToken: token });
  return { token, user: accounts.toUser(user) };
}

export async function status(ctx: Ctx, caller: SessionUser) {
  const [enabled, recoveryCodesLeft] = await Promise.all([
    hasSecondStep(ctx.db, caller.id),
    repository.countUnusedRecoveryCodes(ctx.db, caller.id),
  ]);
  return { enabled, recoveryCodesLeft: enabled ? recoveryCodesLeft : 0 };
}

/** Set-up, first call: a new secret, stored sealed and waiting for its first code. */
async function beginSetup(ctx: Ctx, user: { id: string; email: string }) {
  if (await hasSecondStep(ctx.db, user.id)) throw badRequest(TWO_STEP_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  const saved = await repository.savePendingTotp(
    ctx.db,
    user.id,
    seal(dataEncryptionKey(ctx.config), secretPurpose(user.id), secret),
  );
  if (!saved) throw badRequest(TWO_STEP_MESSAGES.alreadyEnabled);
  return setupOf(secret, user.email);
}

export async function startSetup(ctx: Ctx, caller: SessionUser) {
  const user = await accounts.findAccountById(ctx.db, caller.id);
  if (!user) throw notFound('Account not found');
  return beginSetup(ctx, user);
}

/** The step the first code matches on the pending secret, or null; throws when no set-up is waiting. */
async function pendingStep(ctx: Ctx, userId: string, code: string) {
  const totp = await repository.findTotp(ctx.db, userId);
  if (!totp) throw badRequest(TWO_STEP_MESSAGES.noSetup);
  if (totp.enabledAt) throw badRequest(TWO_STEP_MESSAGES.alreadyEnabled);
  return matchingStep(openSecret(ctx, totp), code);
}

/** Turns the pending app on with its first code and makes the recovery codes, in the caller's transaction. */
async function enable(
  tx: Tx,
  user: { id: string; role: Role },
  { step, meta }: { step: number; meta: RequestMeta },
) {
  if (!(await repository.takeStep(tx, { userId: user.id, step, enable: true }))) return null;
  const codes = newRecoveryCodes();
  await repository.replaceRecoveryCodes(tx, user.id, codes.map(sha256));
  // The clinic's first admin with a second step makes it the rule for admins, unless an admin chose otherwise.
  if (user.role === 'admin') await repository.requireAdminsByDefault(tx, user.id);
  await recordAccountActivity(tx, {
    action: 'auth.two-step-enabled',
    userId: user.id,
    ipAddress: meta.ipAddress,
  });
  return codes;
}

export async function confirmSetup(
  ctx: Ctx,
  caller: SessionUser,
  { input, meta }: { input: TotpConfirmInput; meta: RequestMeta },
) {
  const step = await pendingStep(ctx, caller.id, input.code);
  if (step === null) throw wrongCode();
  const codes = await ctx.db.transaction((tx) => enable(tx, caller, { step, meta }));
  if (!codes) throw wrongCode();
  await sendSecurityAlert(ctx, caller.id, SECURITY_ALERTS.twoStepOn);
  return { recoveryCodes: codes };
}

/** Turning it off asks for the password and a code (or a recovery code), and tells the person by email. */
export async function disable(
  ctx: Ctx,
  caller: SessionUser,
  { input, meta }: { input: TwoStepDisableInput; meta: RequestMeta },
) {
  const user = await accounts.findAccountById(ctx.db, caller.id);
  if (!user) throw notFound('Account not found');
  if (!(await hasSecondStep(ctx.db, user.id))) throw badRequest(TWO_STEP_MESSAGES.notEnabled);
  const password = input.password;
  if (!(await accounts.passwordAttempt(ctx, user, { password, address: meta.ipAddress }))) {
    const message = 'Password is incorrect';
    throw badRequest(message, { password: message });
  }
  await assertCodeAllowed(ctx, user.id, meta);
  const turnedOff = await ctx.db.transaction(async (tx) => {
    if (!(await spendCode(tx, ctx, { userId: user.id, code: input.code }))) return false;
    await repository.deleteTotp(tx, user.id);
    await recordAccountActivity(tx, {
      action: 'auth.two-step-disabled',
      userId: user.id,
      ipAddress: meta.ipAddress,
    });
    return true;
  });
  if (!turnedOff) throw await refuseCode(ctx, { userId: user.id, meta });
  await sendSecurityAlert(ctx, user.id, SECURITY_ALERTS.twoStepOff);
  return { message: 'Two-step sign-in is off.' };
}

/** New recovery codes replace every old one; a current code from the app is needed. */
export async function replaceRecoveryCodes(
  ctx: Ctx,
  caller: SessionUser,
  { input, meta }: { input: TotpConfirmInput; meta: RequestMeta },
) {
  if (!(await hasSecondStep(ctx.db, caller.id))) throw badRequest(TWO_STEP_MESSAGES.notEnabled);
  await assertCodeAllowed(ctx, caller.id, meta);
  const codes = await ctx.db.transaction(async (tx) => {
    if (!(await spendCode(tx, ctx, { userId: caller.id, code: input.code }))) return null;
    const fresh = newRecoveryCodes();
    await repository.replaceRecoveryCodes(tx, caller.id, fresh.map(sha256));
    await recordAccountActivity(tx, {
      action: 'auth.recovery-codes-replaced',
      userId: caller.id,
      ipAddress: meta.ipAddress,
    });
    return fresh;
  });
  if (!codes) throw await refuseCode(ctx, { userId: caller.id, meta });
  return { recoveryCodes: codes };
}

/** Enrolment during sign-in, for a person the policy requires a second step of: set-up with the challenge. */
export async function startEnrolment(ctx: Ctx, input: EnrolStartInput) {
  const { user } = await openChallenge(ctx, input.challengeToken, 'enrol');
  return beginSetup(ctx, user);
}

/** Its first code turns the app on and signs the person in, with the recovery codes to keep. */
export async function confirmEnrolment(
  ctx: Ctx,
  input: EnrolConfirmInput,
  meta: RequestMeta,
): Promise<EnrolledResponse> {
  const { challenge, user } = await openChallenge(ctx, input.challengeToken, 'enrol');
  await assertCodeAllowed(ctx, user.id, meta);
  const step = await pendingStep(ctx, user.id, input.code);
  const done =
    step === null
      ? null
      : await ctx.db.transaction(async (tx) => {
          const codes = await enable(tx, user, { step, meta });
          if (!codes) return null;
          if (!(await repository.closeChallenge(tx, challenge.id))) throw challengeEnded();
          const token = await openSignedInSession(tx, ctx, {
            userId: user.id,
            meta,
            details: { secondStep: 'enrolled' },
          });
          return { token, codes };
        });
  if (!done) throw await refuseCode(ctx, { userId: user.id, meta, challengeId: challenge.id });
  await ctx.rateLimits.clearAddress(codeAttempt(user.id, meta));
  await sendSecurityAlert(ctx, user.id, SECURITY_ALERTS.twoStepOn);
  await afterSignIn(ctx, user, { ...meta, sessionToken: done.token });
  return { token: done.token, user: accounts.toUser(user), recoveryCodes: done.codes };
}

export async function getPolicy(ctx: Pick<Ctx, 'db'>): Promise<SignInPolicy> {
  const { requireForAdmins, requireForPractitioners, requireForStaff } = await repository.readPolicy(ctx.db);
  return { requireForAdmins, requireForPractitioners, requireForStaff };
}

export async function setPolicy(
  ctx: Ctx,
  caller: SessionUser,
  { input, meta }: { input: SignInPolicy; meta: RequestMeta },
) {
  await ctx.db.transaction(async (tx) => {
    await repository.savePolicy(tx, input, caller.id);
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'admin.sign-in-policy-updated',
      entityType: 'sign-in-policy',
      entityId: 'clinic',
      ipAddress: meta.ipAddress,
      details: { ...input },
    });
  });
  return getPolicy(ctx);
}
