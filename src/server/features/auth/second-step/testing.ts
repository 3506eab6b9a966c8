import { Secret, TOTP } from 'otpauth';
import { bearer, type TestApp } from '../../../test/app';

/** Test helpers for two-step sign-in: codes computed with the same library an authenticator app would use. */

export const STEP_MS = 30_000;

/** The code of the 30-second step that holds `timestamp`. */
export const codeAt = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

/** Starts set-up for a signed-in person and confirms it with the current code. */
export async function enrolTotp(t: TestApp, token: string) {
  const setup = await t.app.inject({ method: 'POST', url: '/api/two-step/setup', headers: bearer(token) });
  if (setup.statusCode !== 200) throw new Error(`set-up failed: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/two-step/setup/confirm',
    headers: bearer(token),
    payload: { code: codeAt(secret) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The password step for an account with a second step: its challenge token. */
export async function challengeFor(
  t: TestApp,
  email: string,
  { password = 'correct-horse-1', address }: { password?: string; address?: string } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(address ? { remoteAddress: address } : {}),
  });
  const body = response.json();
  if (response.statusCode !== 200 || !body.secondStep) throw new Error(`no challenge: ${response.body}`);
  return body.secondStep.challengeToken as string;
}

export const secondStep = (t: TestApp, answer: { challengeToken: string; code: string }, address?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-step',
    payload: answer,
    ...(address ? { remoteAddress: address } : {}),
  });
