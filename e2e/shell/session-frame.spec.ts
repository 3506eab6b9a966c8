import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

/** Reloads the page with its session check held until the returned function is called. */
async function reloadDuringSessionCheck(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/me', async (route) => {
    await released;
    await route.continue();
  });
  await page.reload();
  return release;
}

test('a reload paints the frame and heading of the role signed in here before the session check answers', async ({
  page,
  loginAs,
}) => {
  await loginAs('practitioner');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  const release = await reloadDuringSessionCheck(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Practitioner Dashboard');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading your session…');
  // Nothing to use before the answer: no navigation, no header controls, no figures.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  await expect(page.getByTestId('practitioner-dashboard')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  // Nor anything to focus, so a keyboard user loses no place when the shell takes over.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  expect(await seriousViolations(page), 'the frame shown during the session check').toEqual([]);

  release();
  await expect(page.getByTestId('practitioner-dashboard')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Practitioner Dashboard');
});

test("a member's reload paints the member's top bar and the screen's heading", async ({ page, loginAs }) => {
  await loginAs('member', { path: '/member/events' });
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  const release = await reloadDuringSessionCheck(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading your session…');
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  expect(await seriousViolations(page), "the member's frame").toEqual([]);

  release();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('a token the server no longer accepts ends on /login, and the frame with it', async ({
  page,
  request,
  loginAs,
}) => {
  await loginAs('staff');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const signedOut = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(signedOut.ok()).toBe(true);

  await page.reload();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  expect(await page.evaluate(() => window.localStorage.getItem('sessionRole'))).toBeNull();
});
