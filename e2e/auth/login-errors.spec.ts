import { LOGIN_MESSAGES } from '../../src/shared/messages';
import { DEMO_PASSWORD, deactivate, demoAccount, registerThrowaway } from '../support/accounts';
import { expect, signInThroughForm, test } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
});

test('a wrong password shows the invalid-credentials text', async ({ page }) => {
  await signInThroughForm(page, demoAccount('patient').email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(LOGIN_MESSAGES.invalidCredentials);
  await expect(page).toHaveURL('/login');
});

test('an unknown email shows the user-not-found text', async ({ page }) => {
  await signInThroughForm(page, 'nobody-here@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(LOGIN_MESSAGES.notFound);
});

test('a deactivated account shows the deactivated text', async ({ page, request }) => {
  const account = await registerThrowaway(request);
  await deactivate(request, account.user.id);
  await signInThroughForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(LOGIN_MESSAGES.deactivated);
});

test('field errors are shown beside the fields before anything is sent', async ({ page }) => {
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
});

test('a lost connection shows the network text', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
  await signInThroughForm(page, demoAccount('patient').email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(LOGIN_MESSAGES.network);
});

test("any other failure shows the server's message, or the fallback text without one", async ({ page }) => {
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Too many attempts. Please wait a moment and try again.' }),
    }),
  );
  await signInThroughForm(page, demoAccount('patient').email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait a moment and try again.');

  await page.unroute('**/api/auth/login');
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
  await signInThroughForm(page, demoAccount('patient').email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(LOGIN_MESSAGES.fallback);
});
