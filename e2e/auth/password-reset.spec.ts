import { FORGOT_PASSWORD_MESSAGES, LOGIN_MESSAGES, RESET_PASSWORD_MESSAGES } from '../../src/shared/messages';
import { deactivate, registerThrowaway } from '../support/accounts';
import { expect, signInThroughForm, test } from '../support/fixtures';
import { resetLinkIn, waitForMail } from '../support/mail';

test('a forgotten password is reset through the emailed link', async ({ page, request }) => {
  const account = await registerThrowaway(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  // The sign-in form stays on screen while the next page loads; its Email field must not be the one filled.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    `We have sent a password reset link to ${account.email}`,
  );

  const link = new URL(resetLinkIn(await waitForMail(account.email)));
  expect(link.pathname).toBe('/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Renewed!Password1');
  await page.getByLabel('Confirm new password').fill('Renewed!Password1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await expect(page).toHaveURL('/login');
  await signInThroughForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(LOGIN_MESSAGES.invalidCredentials);
  await signInThroughForm(page, account.email, 'Renewed!Password1');
  await expect(page).toHaveURL('/');

  // A used link cannot be used again.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Another!Password2');
  await page.getByLabel('Confirm new password').fill('Another!Password2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText(RESET_PASSWORD_MESSAGES.invalidToken);
});

test('an unknown email shows the no-account text', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(FORGOT_PASSWORD_MESSAGES.notFound);
});

test('an inactive account shows the inactive text', async ({ page, request }) => {
  const account = await registerThrowaway(request);
  await deactivate(request, account.user.id);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(FORGOT_PASSWORD_MESSAGES.inactive);
});

test('a made-up reset token shows the invalid-token text', async ({ page }) => {
  await page.goto('/reset-password?token=made-up-token');
  await page.getByLabel('New password', { exact: true }).fill('Whatever!2026');
  await page.getByLabel('Confirm new password').fill('Whatever!2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText(RESET_PASSWORD_MESSAGES.invalidToken);
});
