import type { AppContext } from '../../platform/context';
import * as accounts from '../accounts/service';
import { raise } from '../notifications/service';

type Ctx = Pick<AppContext, 'db' | 'events' | 'mailer' | 'config'>;

export type SecurityAlert = {
  /** Short, for the notification list: 'New sign-in', 'Password changed'. */
  title: string;
  /** One or two sentences for the portal and the email; never a secret, code or token. */
  message: string;
};

/** Every alert there is, worded once (the notification wording test reads them all). */
export const SECURITY_ALERTS = {
  passwordChanged: {
    title: 'Password changed',
    message: 'The password of your account was changed, and every other session was signed out.',
  },
  passwordReset: {
    title: 'Password changed',
    message: 'The password of your account was reset with an emailed link, and every session was signed out.',
  },
  twoStepOn: {
    title: 'Two-step sign-in turned on',
    message: 'Signing in to your account now needs a code from your authenticator app after the password.',
  },
  twoStepOff: {
    title: 'Two-step sign-in turned off',
    message: 'Two-step sign-in was turned off for your account: signing in now needs only the password.',
  },
  passkeyAdded: {
    title: 'Passkey added',
    message: 'A passkey was added to your account; it can now sign in without the password.',
  },
  passkeyRemoved: {
    title: 'Passkey removed',
    message: 'A passkey was removed from your account; it can no longer sign in.',
  },
  newSignIn: (device: string, address: string) => ({
    title: 'New sign-in',
    message: `Your account was signed in from ${device} at the address ${address}, a device or place not used in the last 90 days.`,
  }),
} satisfies Record<string, SecurityAlert | ((...facts: string[]) => SecurityAlert)>;

/**
 * Tells a person that something changed about how their account is signed in to: a security_alert
 * notification in the portal, and always an email, whatever their notification preferences say, because
 * a person who did not do it must hear of it where an intruder cannot silence it.
 */
export async function sendSecurityAlert(ctx: Ctx, userId: string, alert: SecurityAlert) {
  const person = await accounts.findAccountById(ctx.db, userId);
  if (!person?.isActive) return;
  await raise(ctx, userId, {
    type: 'security_alert',
    title: alert.title,
    message: alert.message,
    priority: 'high',
    actionUrl: '/settings?tab=security',
    emailedSeparately: true,
  });
  const link = `${ctx.config.appUrl.replace(/\/$/, '')}/settings?tab=security`;
  await ctx.mailer.send({
    to: person.email,
    subject: `Clinic Portal: ${alert.title}`,
    text:
      `Hello ${person.firstName},\n\n${alert.message}\n\n` +
      `If this was you, there is nothing to do. If it was not, change your password and review your ` +
      `signed-in devices at once:\n${link}\n\nClinic Portal`,
  });
}
