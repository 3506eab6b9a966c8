import type { Tx } from '../../db/client';
import { recordAccountActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { createSession } from '../../platform/sessions';

/**
 * The session every way of signing in ends with (password, second step, enrolment, passkey), written with its
 * activity row in the caller's transaction. After the commit the caller calls afterSignIn (devices/service.ts).
 */
export async function openSignedInSession(
  tx: Tx,
  ctx: Pick<AppContext, 'config'>,
  signIn: { userId: string; meta: RequestMeta; details?: Record<string, string> },
) {
  const token = await createSession(tx, {
    userId: signIn.userId,
    ttlMs: ctx.config.sessionTtlMs,
    ...signIn.meta,
  });
  await recordAccountActivity(tx, {
    action: 'auth.login',
    userId: signIn.userId,
    ipAddress: signIn.meta.ipAddress,
    ...(signIn.details ? { details: signIn.details } : {}),
  });
  return token;
}
