import { randomUUID } from 'node:crypto';
import type {
  AuthResponse,
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  RegisterInput,
  ResetPasswordInput,
} from '../../../shared/auth';
import { RESET_TOKEN_TTL_MS } from '../../../shared/constants';
import type { Db, Tx } from '../../db/client';
import { recordAccountActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { badRequest, notFound, unauthenticated } from '../../platform/errors';
import {
  createSession,
  hashToken,
  hasSignedInFrom,
  newToken,
  revokeSession,
  revokeUserSessions,
  type SessionUser,
} from '../../platform/sessions';
import * as accounts from '../accounts/service';
import { afterSignIn } from './devices/service';

export { AUTH_ERRORS } from './errors';

import { AUTH_ERRORS } from './errors';
import * as authRepository from './repository';
import { secondStepChallenge } from './second-step/service';
import { SECURITY_ALERTS, sendSecurityAlert } from './security-alerts';
import { openSignedInSession } from './sign-in';

type Ctx = Pick<AppContext, 'db' | 'config' | 'rateLimits' | 'mailer' | 'events' | 'sessionCache'>;

export async function login(ctx: Ctx, input: LoginInput, meta: RequestMeta): Promise<LoginResponse> {
  const user = await accounts.findAccountByEmail(ctx.db, input.email);
  if (!user) {
    const attempt = { account: input.email, address: meta.ipAddress };
    await ctx.rateLimits.assertAccountAllowed(attempt, async () => false);
    await ctx.rateLimits.recordAccountAttempt(attempt);
    throw notFound(AUTH_ERRORS.userNotFound);
  }
  if (!(await accounts.passwordAttempt(ctx, user, { password: input.password, address: meta.ipAddress }))) {
    await recordAccountActivity(ctx.db, {
      action: 'auth.login',
      userId: user.id,
      outcome: 'failure',
      ipAddress: meta.ipAddress,
      details: { reason: 'wrong-password' },
    });
    throw unauthenticated(AUTH_ERRORS.wrongPassword);
  }
  if (!user.isActive) throw unauthenticated(AUTH_ERRORS.deactivated);
  // An account with a second step, or one the clinic's policy requires to set one up, gets a challenge instead.
  const challenge = await secondStepChallenge(ctx, user, meta);
  if (challenge) return challenge;
  const token = await ctx.db.transaction((tx) => openSignedInSession(tx, ctx, { userId: user.id, meta }));
  await afterSignIn(ctx, user, { ...meta, sessionToken: token });
  return { token, user: accounts.toUser(user) };
}

export async function register(ctx: Ctx, input: RegisterInput, meta: RequestMeta): Promise<AuthResponse> {
  const created = await ctx.db.transaction(async (tx) => {
    const user = await accounts.createAccount(
      tx,
      { ...input, role: input.role ?? 'patient' },
      { actorId: null, meta },
    );
    const token = await createSession(tx, { userId: user.id, ttlMs: ctx.config.sessionTtlMs, ...meta });
    return { token, user: accounts.toUser(user) };
  });
  // A patient who signs up is a new patient of the clinic, as one staff add is.
  if (created.user.role === 'patient')
    ctx.events.publish('patient.created', { patientId: created.user.id, actorId: created.user.id });
  return created;
}

export async function logout(ctx: Ctx, caller: SessionUser, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, caller.sessionId);
    await recordAccountActivity(tx, {
      action: 'auth.logout',
      userId: caller.id,
      ipAddress: meta.ipAddress,
    });
  });
  await ctx.sessionCache.end({ userId: caller.id, sessionId: caller.sessionId });
  return { message: 'Signed out' };
}

export async function logoutEverywhere(ctx: Ctx, caller: SessionUser, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    await revokeUserSessions(tx, caller.id);
    await recordAccountActivity(tx, {
      action: 'auth.logout-all',
      userId: caller.id,
      ipAddress: meta.ipAddress,
    });
  });
  await ctx.sessionCache.end({ userId: caller.id });
  return { message: 'Signed out of every session' };
}

/**
 * Stores a single-use reset token (valid RESET_TOKEN_TTL_MS) in the caller's transaction and returns the
 * link to email. Forgot-password uses it, and so does a patient account made by staff, to set a first password.
 */
export async function createResetLink(tx: Db | Tx, appUrl: string, userId: string) {
  const token = newToken();
  await authRepository.insertResetToken(tx, {
    id: randomUUID(),
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * The same single-use links for many accounts at once (an import's invitations), one statement per batch.
 * Answers each account's link by its id.
 */
export async function createResetLinks(
  tx: Db | Tx,
  { appUrl, userIds }: { appUrl: string; userIds: string[] },
) {
  const links = new Map<string, string>();
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
  const rows = userIds.map((userId) => {
    const token = newToken();
    links.set(userId, `${appUrl}/reset-password?token=${encodeURIComponent(token)}`);
    return { id: randomUUID(), userId, tokenHash: hashToken(token), expiresAt };
  });
  await authRepository.insertResetTokens(tx, rows);
  return links;
}

export async function forgotPassword(ctx: Ctx, input: ForgotPasswordInput, meta: RequestMeta) {
  const user = await accounts.findAccountByEmail(ctx.db, input.email);
  // Every request counts, as each one emails: the same two limits as passwords, counted apart from them.
  const attempt = { account: `reset:${user?.id ?? input.email}`, address: meta.ipAddress };
  await ctx.rateLimits.assertAccountAllowed(attempt, async () =>
    user ? hasSignedInFrom(ctx.db, user.id, meta.ipAddress) : false,
  );
  await ctx.rateLimits.recordAccountAttempt(attempt);
  if (!user) throw notFound('No account with this email address');
  if (!user.isActive) throw badRequest(AUTH_ERRORS.inactive);
  const link = await ctx.db.transaction(async (tx) => {
    await recordAccountActivity(tx, {
      action: 'auth.password-reset-requested',
      userId: user.id,
      ipAddress: meta.ipAddress,
    });
    return createResetLink(tx, ctx.config.appUrl, user.id);
  });
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your clinic portal password',
    text:
      `Hello ${user.firstName},\n\nSomeone asked to reset the password of your clinic portal account. ` +
      `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
      'If it was not you, ignore this email; your password stays as it is.',
  });
  return { message: 'If the address is registered, a reset link is on its way.' };
}

export async function resetPassword(ctx: Ctx, input: ResetPasswordInput, meta: RequestMeta) {
  const newHash = await accounts.hashPassword(input.newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    const used = await authRepository.consumeResetToken(tx, hashToken(input.token));
    if (!used) throw badRequest(AUTH_ERRORS.invalidResetToken);
    const user = await accounts.findAccountById(tx, used.userId);
    if (!user?.isActive) throw badRequest(AUTH_ERRORS.invalidResetToken);
    // Refused here, the transaction rolls back and the link still works for a better choice.
    await accounts.refuseGuessablePassword(input.newPassword, { field: 'newPassword', owner: user });
    await accounts.setAccountFields(tx, user.id, { passwordHash: newHash });
    await revokeUserSessions(tx, user.id);
    await recordAccountActivity(tx, {
      action: 'auth.password-reset',
      userId: user.id,
      ipAddress: meta.ipAddress,
    });
    return user.id;
  });
  await ctx.sessionCache.end({ userId });
  await ctx.rateLimits.clearAccountDay(userId);
  await sendSecurityAlert(ctx, userId, SECURITY_ALERTS.passwordReset);
  return { message: 'Your password has been reset. You can sign in now.' };
}

export async function changePassword(
  ctx: Ctx,
  caller: SessionUser,
  { input, meta }: { input: ChangePasswordInput; meta: RequestMeta },
) {
  const user = await accounts.findAccountById(ctx.db, caller.id);
  if (!user) throw notFound('Account not found');
  await accounts.confirmCurrentPassword(ctx, user, {
    password: input.currentPassword,
    address: meta.ipAddress,
  });
  await accounts.refuseGuessablePassword(input.newPassword, { field: 'newPassword', owner: user });
  const newHash = await accounts.hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await accounts.setAccountFields(tx, caller.id, { passwordHash: newHash });
    await revokeUserSessions(tx, caller.id, caller.sessionId);
    await recordAccountActivity(tx, {
      action: 'auth.password-changed',
      userId: caller.id,
      ipAddress: meta.ipAddress,
    });
  });
  await ctx.sessionCache.end({ userId: caller.id, exceptSessionId: caller.sessionId });
  await sendSecurityAlert(ctx, caller.id, SECURITY_ALERTS.passwordChanged);
  return { message: 'Password changed. Other sessions were signed out.' };
}
