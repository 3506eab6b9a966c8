import { randomBytes } from 'node:crypto';
import {
  ADMIN_ERRORS,
  type AdminUser,
  type AdminUserPage,
  type ChangeRoleInput,
  type CreateUserInput,
  type ListUsersParams,
  type UpdateUserInput,
} from '../../../shared/admin';
import type { User } from '../../../shared/auth';
import { ROLE_LABELS } from '../../../shared/roles';
import { recordAccountActivity, recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { revokeUserSessions, type SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import { AUTH_ERRORS, createResetLink } from '../auth/service';
import { createPatient } from '../patients/service';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'events' | 'sessionCache'>;
type MailCtx = Pick<AppContext, 'db' | 'events' | 'config' | 'mailer'>;

function toAdminUser(row: repository.AccountRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    profileImage: row.photoId ? `/api/photos/${row.photoId}` : null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    phone: row.phone,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  };
}

async function accountOrNotFound(ctx: Pick<AppContext, 'db'>, id: string) {
  const row = await repository.findAccount(ctx.db, id);
  if (!row) throw notFound(ADMIN_ERRORS.userNotFound);
  return row;
}

async function getUser(ctx: Pick<AppContext, 'db'>, id: string) {
  return { user: toAdminUser(await accountOrNotFound(ctx, id)) };
}

/** One account; opening a patient's is logged like any read of a patient's data. */
export async function viewUser(
  ctx: Pick<AppContext, 'db'>,
  caller: SessionUser,
  { id, meta }: { id: string; meta: RequestMeta },
) {
  const row = await accountOrNotFound(ctx, id);
  if (row.role === 'patient')
    await recordActivity(ctx.db, {
      actorId: caller.id,
      action: 'patient.account-viewed',
      entityType: 'patient',
      entityId: id,
      ipAddress: meta.ipAddress,
    });
  return { user: toAdminUser(row) };
}

export async function listUsers(
  ctx: Pick<AppContext, 'db'>,
  caller: SessionUser,
  { query, meta }: { query: ListUsersParams; meta: RequestMeta },
): Promise<AdminUserPage> {
  if (query.cursor) {
    const cursor = await repository.findAccount(ctx.db, query.cursor);
    if (cursor?.role !== query.role) throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  const rows = await repository.listAccounts(ctx.db, {
    role: query.role,
    search: query.search || undefined,
    status: query.status,
    cursorId: query.cursor,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  // A list of patients is patient data: who looked and how many they saw (never the search term).
  if (query.role === 'patient')
    await recordActivity(ctx.db, {
      actorId: caller.id,
      action: 'patient.listed',
      entityType: 'patient',
      ipAddress: meta.ipAddress,
      details: { count: page.length, via: 'admin' },
    });
  return {
    items: page.map(toAdminUser),
    nextCursor: rows.length > query.limit ? page[page.length - 1].id : null,
  };
}

async function sendInvitation(
  ctx: MailCtx,
  user: { email: string; firstName: string; role: User['role'] },
  link: string,
) {
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your clinic portal account',
    text:
      `Hello ${user.firstName},\n\nThe clinic has opened a portal account for you (${ROLE_LABELS[user.role]}). ` +
      `Open this link within one hour to choose your password:\n\n${link}\n\n` +
      'If the link has expired, choose "Forgot password" on the sign-in page to get a new one.',
  });
}

/**
 * An admin opens an account of any role. Nobody knows its first password; the person chooses one from the
 * emailed single-use link, the same reset-token machinery as "Forgot password". A patient goes through the
 * patients feature, so their record and the clinic's new-patient news are the same as when staff add one.
 */
export async function createUser(
  ctx: MailCtx,
  caller: SessionUser,
  { input, meta }: { input: CreateUserInput; meta: RequestMeta },
) {
  if (await accounts.findAccountByEmail(ctx.db, input.email))
    throw badRequest(accounts.ACCOUNT_EXISTS_MESSAGE, { email: accounts.ACCOUNT_EXISTS_MESSAGE });
  if (input.role === 'patient') {
    const { firstName, lastName, email, phone } = input;
    const record = await createPatient(ctx, caller, {
      input: { firstName, lastName, email, phone: phone || undefined },
      meta,
    });
    return getUser(ctx, record.id);
  }
  const { id, link } = await ctx.db.transaction(async (tx) => {
    const user = await accounts.createAccount(
      tx,
      { ...input, password: randomBytes(32).toString('base64url') },
      { actorId: caller.id, meta },
    );
    return { id: user.id, link: await createResetLink(tx, ctx.config.appUrl, user.id) };
  });
  await sendInvitation(ctx, input, link);
  ctx.events.publish('account.changed', { userId: id, actorId: caller.id, change: 'created' });
  return getUser(ctx, id);
}

export async function updateUser(
  ctx: Ctx,
  caller: SessionUser,
  { id, input, meta }: { id: string; input: UpdateUserInput; meta: RequestMeta },
) {
  await ctx.db.transaction(async (tx) => {
    const target = await accounts.findAccountById(tx, id);
    if (!target) throw notFound(ADMIN_ERRORS.userNotFound);
    const { phone, ...fields } = input;
    if (fields.email && fields.email !== target.email) {
      const holder = await accounts.findAccountByEmail(tx, fields.email);
      if (holder && holder.id !== id)
        throw badRequest(accounts.ACCOUNT_EXISTS_MESSAGE, { email: accounts.ACCOUNT_EXISTS_MESSAGE });
    }
    if (Object.keys(fields).length > 0) await accounts.setAccountFields(tx, id, fields);
    if (phone !== undefined) await accounts.setProfileFields(tx, id, { phone: phone || null });
    await recordAccountActivity(tx, {
      action: 'account.profile-updated',
      userId: id,
      actorId: caller.id,
      ipAddress: meta.ipAddress,
      details: { fields: Object.keys(input).join(',') },
    });
  });
  ctx.events.publish('account.changed', { userId: id, actorId: caller.id, change: 'updated' });
  return getUser(ctx, id);
}

/**
 * A new role takes effect at once: the person's sessions end, so every open browser signs in again and sees
 * the screens of the new role. The last active admin keeps the role, and no admin changes their own.
 */
export async function changeRole(
  ctx: Ctx,
  caller: SessionUser,
  { id, input, meta }: { id: string; input: ChangeRoleInput; meta: RequestMeta },
) {
  if (id === caller.id) throw badRequest(ADMIN_ERRORS.selfRole);
  await ctx.db.transaction(async (tx) => {
    const activeAdmins = await accounts.lockActiveAdmins(tx);
    const target = await accounts.findAccountById(tx, id);
    if (!target) throw notFound(ADMIN_ERRORS.userNotFound);
    if (target.role === input.role) throw new AppError('CONFLICT', ADMIN_ERRORS.sameRole);
    if (target.role === 'admin' && target.isActive && activeAdmins.length <= 1)
      throw new AppError('CONFLICT', ADMIN_ERRORS.lastAdminDemote);
    if (!activeAdmins.includes(caller.id)) throw forbidden();
    await accounts.setAccountFields(tx, id, { role: input.role });
    await revokeUserSessions(tx, id);
    await recordAccountActivity(tx, {
      action: 'account.role-changed',
      userId: id,
      actorId: caller.id,
      ipAddress: meta.ipAddress,
      details: { from: target.role, to: input.role },
    });
  });
  await ctx.sessionCache.end({ userId: id });
  ctx.events.publish('account.changed', { userId: id, actorId: caller.id, change: 'role' });
  return getUser(ctx, id);
}

/** Emails a single-use link to choose a new password; the current password keeps working until it is used. */
export async function sendPasswordReset(
  ctx: MailCtx,
  caller: SessionUser,
  { id, meta }: { id: string; meta: RequestMeta },
) {
  const target = await accounts.findAccountById(ctx.db, id);
  if (!target) throw notFound(ADMIN_ERRORS.userNotFound);
  if (!target.isActive) throw badRequest(AUTH_ERRORS.inactive);
  const link = await ctx.db.transaction(async (tx) => {
    await recordAccountActivity(tx, {
      action: 'auth.password-reset-requested',
      userId: id,
      actorId: caller.id,
      ipAddress: meta.ipAddress,
    });
    return createResetLink(tx, ctx.config.appUrl, id);
  });
  await ctx.mailer.send({
    to: target.email,
    subject: 'Reset your clinic portal password',
    text:
      `Hello ${target.firstName},\n\nThe clinic's administrator sent you a link to choose a new password ` +
      `for your clinic portal account. Open it within one hour:\n\n${link}\n\n` +
      'If you did not expect it, ignore this email; your password stays as it is.',
  });
  return { message: `A password reset link was sent to ${target.email}` };
}

/**
 * Deactivation revokes every session in the same transaction, then tells the person's open browsers.
 * The last active admin cannot be deactivated, and no admin deactivates themselves.
 */
export async function deactivateUser(
  ctx: Ctx,
  caller: SessionUser,
  { userId, meta }: { userId: string; meta: RequestMeta },
) {
  if (userId === caller.id) throw badRequest(ADMIN_ERRORS.selfDeactivate);
  const user = await ctx.db.transaction(async (tx) => {
    const activeAdmins = await accounts.lockActiveAdmins(tx);
    const target = await accounts.findAccountById(tx, userId);
    if (!target) throw notFound(ADMIN_ERRORS.userNotFound);
    if (!target.isActive) return target;
    if (target.role === 'admin' && activeAdmins.length <= 1) {
      throw badRequest(ADMIN_ERRORS.lastAdminDeactivate);
    }
    // The caller may have been deactivated by a request that committed while this one waited for the lock.
    if (!activeAdmins.includes(caller.id)) throw forbidden();
    const updated = await accounts.setAccountFields(tx, userId, {
      isActive: false,
      deactivatedAt: new Date(),
    });
    await revokeUserSessions(tx, userId);
    await recordAccountActivity(tx, {
      action: 'account.deactivated',
      userId,
      actorId: caller.id,
      ipAddress: meta.ipAddress,
    });
    return updated;
  });
  await ctx.sessionCache.end({ userId, reason: 'deactivated' });
  ctx.events.publish('account.deactivated', { userId, actorId: caller.id });
  return { user: accounts.toUser(user) satisfies User };
}

export async function reactivateUser(
  ctx: Ctx,
  caller: SessionUser,
  { userId, meta }: { userId: string; meta: RequestMeta },
) {
  const user = await ctx.db.transaction(async (tx) => {
    const target = await accounts.findAccountById(tx, userId);
    if (!target) throw notFound(ADMIN_ERRORS.userNotFound);
    if (target.isActive) return target;
    const updated = await accounts.setAccountFields(tx, userId, { isActive: true, deactivatedAt: null });
    await recordAccountActivity(tx, {
      action: 'account.reactivated',
      userId,
      actorId: caller.id,
      ipAddress: meta.ipAddress,
    });
    return updated;
  });
  ctx.events.publish('account.reactivated', { userId, actorId: caller.id });
  return { user: accounts.toUser(user) };
}
