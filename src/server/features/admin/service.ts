import type { User } from '../../../shared/auth';
import { recordAccountActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { revokeUserSessions, type SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';

type Ctx = Pick<AppContext, 'db' | 'events'>;

/**
 * Deactivation revokes every session in the same transaction, then tells the person's open browsers.
 * The last active admin cannot be deactivated, and no admin deactivates themselves.
 */
export async function deactivateUser(ctx: Ctx, caller: SessionUser, userId: string, meta: RequestMeta) {
  if (userId === caller.id) throw badRequest('You cannot deactivate your own account');
  const user = await ctx.db.transaction(async (tx) => {
    const activeAdmins = await accounts.lockActiveAdmins(tx);
    const target = await accounts.findAccountById(tx, userId);
    if (!target) throw notFound('User not found');
    if (!target.isActive) return target;
    if (target.role === 'admin' && activeAdmins.length <= 1) {
      throw badRequest('The last active admin cannot be deactivated');
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
  ctx.events.publish('account.deactivated', { userId, actorId: caller.id });
  return { user: accounts.toUser(user) satisfies User };
}

export async function reactivateUser(ctx: Ctx, caller: SessionUser, userId: string, meta: RequestMeta) {
  const user = await ctx.db.transaction(async (tx) => {
    const target = await accounts.findAccountById(tx, userId);
    if (!target) throw notFound('User not found');
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
