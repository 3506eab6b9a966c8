import { registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, listening, signInThroughForm, test, watchSockets } from '../support/fixtures';

test('ending another signed-in device from Settings sends that browser to the sign-in page', async ({
  page,
  browser,
  request,
}) => {
  const account = await registerThrowaway(request, { firstName: 'Devon' });
  const other = await browser.newContext();
  await watchSockets(other);
  const otherPage = await other.newPage();
  try {
    await otherPage.goto('/login');
    await signInThroughForm(otherPage, account.email, account.password);
    await expect(otherPage).not.toHaveURL(/\/login/);
    await listening(otherPage, 'account-status');

    await page.goto('/login');
    await signInThroughForm(page, account.email, account.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/settings?tab=security');
    const table = page.getByRole('table', { name: 'Signed-in devices' });
    // The registration's own session, the other browser and this one.
    await expect(table.getByRole('rowheader')).toHaveCount(3);
    await expect(table.getByText('This device')).toHaveCount(1);

    const rows = table.locator('tbody tr').filter({ hasNot: page.getByText('This device') });
    await rows
      .first()
      .getByRole('button', { name: /^Sign out/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('rowheader')).toHaveCount(2);

    // Ending the other browser's session again takes its turn: one of the two was ended above.
    const second = table.locator('tbody tr').filter({ hasNot: page.getByText('This device') });
    await second
      .first()
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Sign out this device?' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect(table.getByRole('rowheader')).toHaveCount(1);

    await expect(otherPage).toHaveURL('/login');
    await expect(page).toHaveURL('/settings?tab=security');
  } finally {
    await other.close();
  }
});

test('after the idle limit a warning counts down, then the session ends at the sign-in page', async ({
  page,
  loginAs,
}) => {
  // The browser's clock is made to run ahead; the practitioner's limit is the clinic's default 30 minutes.
  await page.clock.install();
  // Opening the app reports activity once the limit is known: the idle clock runs from there.
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/auth/activity'));
  await loginAs('practitioner', { path: '/calendar' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await reported).status()).toBe(200);
  await page.clock.fastForward('29:05');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/You will be signed out in 0:\d\d for inactivity/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.clock.fastForward('01:05');
  await expect(page).toHaveURL('/login');
});
