import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { MeResponse, Profile, User } from '../../../shared/auth';
import {
  CURRENT_PASSWORD_NEEDED,
  type UpdateProfileInput,
  type UploadPhotoInput,
} from '../../../shared/profile';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { recordAccountActivity, recordActivities } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { hasSignedInFrom } from '../../platform/sessions';
import { refuseGuessablePassword } from './guessable-passwords';
import * as accounts from './repository';

export type { UserRow } from './repository';

export function toUser(row: accounts.UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    profileImage: row.photoId ? `/api/photos/${row.photoId}` : null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

function toProfile(row: accounts.ProfileRow): Profile {
  return { userId: row.userId, phone: row.phone, timeZone: row.timeZone };
}

export const hashPassword = (password: string) => hash(password);
const passwordMatches = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

/**
 * Checks a password typed for an account under the account's limits (platform/rate-limits.ts): a wrong one
 * counts against them, and once they ran out the answer is 429 whatever was typed. Signing in, changing the
 * password and changing the email all go through here, so they share one count.
 */
export async function passwordAttempt(
  ctx: Pick<AppContext, 'db' | 'rateLimits'>,
  user: accounts.UserRow,
  { password, address }: { password: string; address: string },
) {
  const attempt = { account: user.id, address };
  await ctx.rateLimits.assertAccountAllowed(attempt, () => hasSignedInFrom(ctx.db, user.id, address));
  if (await passwordMatches(user.passwordHash, password)) {
    await ctx.rateLimits.clearAddress(attempt);
    return true;
  }
  await ctx.rateLimits.recordAccountAttempt(attempt);
  return false;
}

export const CURRENT_PASSWORD_ERRORS = {
  needed: CURRENT_PASSWORD_NEEDED,
  wrong: 'Current password is incorrect',
} as const;

/**
 * The current password, asked again before a change that could take the account over. A wrong one is a 400
 * on the field, never a 401: the browser ends its session on a 401.
 */
export async function confirmCurrentPassword(
  ctx: Pick<AppContext, 'db' | 'rateLimits'>,
  user: accounts.UserRow,
  { password, address }: { password: string | undefined; address: string },
) {
  if (!password)
    throw badRequest(CURRENT_PASSWORD_ERRORS.needed, { currentPassword: CURRENT_PASSWORD_ERRORS.needed });
  if (!(await passwordAttempt(ctx, user, { password, address })))
    throw badRequest(CURRENT_PASSWORD_ERRORS.wrong, { currentPassword: CURRENT_PASSWORD_ERRORS.wrong });
}

export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists';

export const findAccountByEmail = accounts.findUserByEmail;
export const findAccountById = accounts.findUserById;
export const listActiveAccountsWithRole = accounts.listActiveUsersWithRole;
export const searchActiveAccountsWithRole = accounts.searchActiveUsersWithRole;

export async function getAccount(db: Db, userId: string): Promise<MeResponse> {
  const user = await accounts.findUserById(db, userId);
  if (!user) throw notFound('Account not found');
  return { user: toUser(user), profile: toProfile(await accounts.findProfile(db, userId)) };
}

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/** Who opens an account (null: the person themselves), from where, and a password hash made beforehand. */
export type AccountCreation = { actorId: string | null; meta?: RequestMeta; passwordHash?: string };

/**
 * Creates an account of any role; callers decide which roles they may create. `passwordHash` (a hash from
 * hashPassword) replaces hashing `password` again, for callers creating many accounts with one password;
 * otherwise a password easy to guess is refused with a 400 on `password`.
 */
export async function createAccount(
  tx: Tx | Db,
  input: { email: string; password: string; firstName: string; lastName: string; role: Role; phone?: string },
  { actorId, meta, passwordHash }: AccountCreation,
) {
  if (await accounts.findUserByEmail(tx, input.email)) throw badRequest(ACCOUNT_EXISTS_MESSAGE);
  if (!passwordHash) await refuseGuessablePassword(input.password, { field: 'password', owner: input });
  const id = randomUUID();
  try {
    const row = await accounts.insertUser(tx, {
      id,
      email: input.email,
      passwordHash: passwordHash ?? (await hashPassword(input.password)),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      phone: input.phone || null,
    });
    await recordAccountActivity(tx, {
      action: 'account.created',
      userId: id,
      actorId: actorId ?? id,
      ipAddress: meta?.ipAddress,
      details: { role: input.role },
    });
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(ACCOUNT_EXISTS_MESSAGE);
    throw error;
  }
}

/**
 * The person's own name, email, phone and time zone. A new email needs the current password, since the
 * account's sign-in and its reset links move with it, and the old address is told.
 */
export async function updateProfile(
  ctx: Pick<AppContext, 'db' | 'rateLimits' | 'mailer'>,
  userId: string,
  { input, meta }: { input: UpdateProfileInput; meta: RequestMeta },
) {
  const { currentPassword, ...changes } = input;
  const user = await accounts.findUserById(ctx.db, userId);
  if (!user) throw notFound('Account not found');
  const newEmail = changes.email !== undefined && changes.email !== user.email ? changes.email : undefined;
  if (newEmail)
    await confirmCurrentPassword(ctx, user, { password: currentPassword, address: meta.ipAddress });
  await ctx.db.transaction(async (tx) => {
    const { phone, timeZone, email, ...names } = changes;
    if (email) {
      const holder = await accounts.findUserByEmail(tx, email);
      if (holder && holder.id !== userId)
        throw badRequest(ACCOUNT_EXISTS_MESSAGE, { email: ACCOUNT_EXISTS_MESSAGE });
    }
    if (email || Object.keys(names).length > 0) await accounts.updateUser(tx, userId, { ...names, email });
    if (phone !== undefined || timeZone !== undefined)
      await accounts.upsertProfile(tx, userId, { phone, timeZone });
    await recordAccountActivity(tx, {
      action: 'account.profile-updated',
      userId,
      ipAddress: meta.ipAddress,
      details: { fields: Object.keys(changes).join(',') },
    });
  });
  if (newEmail) await tellOldAddress(ctx, user, newEmail);
  return getAccount(ctx.db, userId);
}

/** Whoever holds the old address hears of the change, so a taken-over account does not go unnoticed. */
async function tellOldAddress(ctx: Pick<AppContext, 'mailer'>, user: accounts.UserRow, newEmail: string) {
  await ctx.mailer.send({
    to: user.email,
    subject: 'The email address of your clinic portal account was changed',
    text:
      `Hello ${user.firstName},\n\nThe email address of your clinic portal account was changed from ` +
      `${user.email} to ${newEmail}. You now sign in with the new address, and emails from the portal go ` +
      'there.\n\nIf it was not you, contact the clinic at once.',
  });
}

export async function setPhoto(
  db: Db,
  userId: string,
  { input, meta }: { input: UploadPhotoInput; meta: RequestMeta },
) {
  const match = /^data:(image\/(?:png|jpeg|webp));base64,(.+)$/.exec(input.dataUrl);
  if (!match) throw badRequest('Photo must be a PNG, JPEG or WebP image', { dataUrl: 'Unsupported image' });
  const data = Buffer.from(match[2], 'base64');
  if (!looksLike(match[1], data))
    throw badRequest('Photo content does not match its type', { dataUrl: 'Not an image' });
  const photoId = randomUUID();
  await db.transaction(async (tx) => {
    await accounts.deletePhotosOf(tx, userId);
    await accounts.insertPhoto(tx, { id: photoId, userId, mimeType: match[1], data });
    await accounts.updateUser(tx, userId, { photoId });
    await recordAccountActivity(tx, {
      action: 'account.photo-changed',
      userId,
      ipAddress: meta.ipAddress,
    });
  });
  return getAccount(db, userId);
}

export async function removePhoto(db: Db, userId: string, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    await accounts.deletePhotosOf(tx, userId);
    await accounts.updateUser(tx, userId, { photoId: null });
    await recordAccountActivity(tx, {
      action: 'account.photo-removed',
      userId,
      ipAddress: meta.ipAddress,
    });
  });
  return getAccount(db, userId);
}

export async function getPhoto(db: Db, photoId: string) {
  const photo = await accounts.findPhoto(db, photoId);
  if (!photo) throw notFound('Photo not found');
  return { mimeType: photo.mimeType, data: photo.data };
}

/** Checks the file's magic bytes, so a data URL cannot smuggle something else under an image type. */
function looksLike(mimeType: string, data: Buffer) {
  if (mimeType === 'image/png')
    return data.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  if (mimeType === 'image/jpeg') return data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  return (
    data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP'
  );
}

export { refuseGuessablePassword };
export const lockActiveAdmins = (tx: Tx) => accounts.lockActiveUsersWithRole(tx, 'admin');
export const setAccountFields = accounts.updateUser;
export const setProfileFields = accounts.upsertProfile;

/** Which of these emails already have an account, keyed by email. */
export async function accountsByEmail(db: Db | Tx, emails: string[]) {
  const rows = await accounts.findUsersByEmails(db, emails);
  return new Map(rows.map((row) => [row.email, row]));
}

export type ImportedAccount = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
};

/**
 * Opens patient accounts in bulk for an import, all with one password hash nobody knows (the patients set
 * their own from the invitation), each logged as created by the admin who imported them.
 */
export async function createImportedPatients(
  tx: Tx,
  { list, passwordHash, actorId }: { list: ImportedAccount[]; passwordHash: string; actorId: string | null },
) {
  await accounts.insertUsers(
    tx,
    list.map((person) => ({ ...person, passwordHash, role: 'patient' as const })),
  );
  await recordActivities(
    tx,
    list.map((person) => ({
      action: 'account.created',
      actorId,
      entityType: 'user',
      entityId: person.id,
      details: { role: 'patient', source: 'import' },
    })),
  );
}

/** Removes accounts an import created (undo); what hangs off them goes with them. */
export const deleteImportedAccounts = (tx: Tx, ids: string[]) => accounts.deleteUsers(tx, ids);
