import { registerThrowaway } from '../support/accounts';
import { expect, signInThroughForm, test } from '../support/fixtures';

test('the user menu opens each settings tab and tabs keep the address in step', async ({ page, loginAs }) => {
  await loginAs('staff');
  const entries = [
    ['Profile Settings', 'profile', 'Profile'],
    ['Change Password', 'security', 'Security'],
    ['Notifications', 'notifications', 'Notifications'],
    ['Appearance', 'appearance', 'Appearance'],
    ['System Settings', 'profile', 'Profile'],
  ] as const;
  for (const [entry, tab, label] of entries) {
    await page.getByRole('button', { name: 'Account menu for Sam Ortiz' }).click();
    await page.getByRole('menuitem', { name: entry }).click();
    await expect(page).toHaveURL(`/settings?tab=${tab}`);
    await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
  }
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL('/settings?tab=security');
  await expect(page.getByRole('button', { name: 'Sign out of all sessions' })).toBeVisible();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(
    page.getByRole('tabpanel').getByRole('table', { name: /Notification settings/ }),
  ).toBeVisible();
});

test('profile changes are saved', async ({ page, request, loginWithToken }) => {
  const account = await registerThrowaway(request, { firstName: 'Morgan' });
  await loginWithToken(account.token, '/settings?tab=profile');
  await page.getByLabel('First name').fill('Morgana');
  await page.getByLabel('Phone (optional)').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Morgana Tester' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('+1 555 0100');
});

test('a profile photo is uploaded and removed', async ({ page, request, loginWithToken }) => {
  const account = await registerThrowaway(request);
  await loginWithToken(account.token, '/settings?tab=profile');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGP8z8Dwn4GBgYGJgYGBAQAxAgMBb1nV1wAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel('Profile photo file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Photo updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
});

test('appearance preferences apply at once and persist', async ({ page, request, loginWithToken }) => {
  const account = await registerThrowaway(request);
  await loginWithToken(account.token, '/settings?tab=appearance');
  const html = page.locator('html');
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await page.getByRole('switch', { name: 'High contrast' }).click();
  await expect(html).toHaveClass(/\bhigh-contrast\b/);
  await page.getByRole('radiogroup', { name: 'Text size' }).getByRole('radio', { name: 'Large' }).click();
  await expect(html).toHaveClass(/\bfont-large\b/);
  await page.getByRole('switch', { name: 'Compact mode' }).click();
  await expect(html).toHaveClass(/\bcompact\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveClass(/\bhigh-contrast\b/);
  await expect(page.getByRole('switch', { name: 'High contrast' })).toHaveAttribute('aria-checked', 'true');
  // Signed out, the app is light and medium again.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).not.toHaveClass(/\bfont-large\b/);
});

test('the theme switcher offers Light, Dark and System', async ({ page, request, loginWithToken }) => {
  const account = await registerThrowaway(request);
  await loginWithToken(account.token, '/');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Theme: System' }).click();
  await expect(page.getByRole('menuitemradio')).toHaveText(['Light', 'Dark', 'System']);
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('changing the password keeps this session and the new password works', async ({
  page,
  request,
  loginWithToken,
}) => {
  const account = await registerThrowaway(request);
  await loginWithToken(account.token, '/settings?tab=security');
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('Changed!Password3');
  await page.getByLabel('Confirm new password').fill('Changed!Password3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL('/settings?tab=security');
  const login = await request.post('/api/auth/login', {
    data: { email: account.email, password: 'Changed!Password3' },
  });
  expect(login.status()).toBe(200);
});

test('signing out of all sessions ends this one too', async ({ page, request, loginWithToken }) => {
  const account = await registerThrowaway(request);
  await loginWithToken(account.token, '/settings?tab=security');
  await page.getByRole('button', { name: 'Sign out of all sessions' }).click();
  await expect(page).toHaveURL('/login');
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${account.token}` } });
  expect(me.status()).toBe(401);
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
});
