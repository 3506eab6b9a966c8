import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/shared/constants';
import { expect, test } from '../support/fixtures';
import { FORCED_UPDATE_URL, NEWER_VERSION, OPTIONAL_UPDATE_URL } from '../support/update-servers';

const TITLE = 'New Version Available';
const BUILD_VERSION = '1.0.0';

const updateDialog = (page: Page) => page.getByRole('dialog', { name: TITLE });
const storage = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

/** Waits for the page's version check to be answered and for anything it set off to finish loading. */
async function reloadAndAwaitCheck(page: Page) {
  const checked = page.waitForResponse((response) => response.url().includes('/api/version/check'));
  await page.reload();
  expect((await checked).status()).toBe(200);
  await page.waitForLoadState('networkidle');
}

async function signInAndSeePrompt(page: Page, loginAs: (role: 'patient') => Promise<void>) {
  await loginAs('patient');
  await expect(updateDialog(page)).toBeVisible();
  // The open dialog hides the page behind it from the accessibility tree; the address shows the session holds.
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('a server with a newer version', () => {
  test.use({ baseURL: OPTIONAL_UPDATE_URL });

  test('offers it in the New Version Available dialog, which has no accessibility findings', async ({
    page,
    loginAs,
  }) => {
    await signInAndSeePrompt(page, loginAs);
    const dialog = updateDialog(page);
    await expect(dialog).toContainText(`Version ${BUILD_VERSION}`);
    await expect(dialog).toContainText(NEWER_VERSION);
    for (const name of ['Install', 'Remind Later', 'Skip This Version']) {
      await expect(dialog.getByRole('button', { name })).toBeVisible();
    }
    expect(await storage(page, STORAGE_KEYS.appVersion)).toBe(BUILD_VERSION);

    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('Remind Later closes it, and it stays away after a reload', async ({ page, loginAs }) => {
    await signInAndSeePrompt(page, loginAs);
    await updateDialog(page).getByRole('button', { name: 'Remind Later' }).click();
    await expect(updateDialog(page)).toBeHidden();
    expect(Number(await storage(page, STORAGE_KEYS.remindUpdateLater))).toBeGreaterThan(0);

    await reloadAndAwaitCheck(page);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(updateDialog(page)).toBeHidden();
  });

  test('Skip This Version closes it, and it stays away after a reload', async ({ page, loginAs }) => {
    await signInAndSeePrompt(page, loginAs);
    await updateDialog(page).getByRole('button', { name: 'Skip This Version' }).click();
    await expect(updateDialog(page)).toBeHidden();
    expect(await storage(page, STORAGE_KEYS.skipVersionUpdate)).toBe(NEWER_VERSION);

    await reloadAndAwaitCheck(page);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(updateDialog(page)).toBeHidden();
  });

  test('Install shows its progress, clears what is not kept, and reloads still signed in on the new version', async ({
    page,
    loginAs,
  }) => {
    await signInAndSeePrompt(page, loginAs);
    const token = await storage(page, STORAGE_KEYS.token);
    await page.evaluate(() => {
      window.localStorage.setItem('welcomeShown_e2e', 'true');
      window.localStorage.setItem('e2e-leftover', 'old version data');
      // Gone once the page has reloaded.
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });

    await updateDialog(page).getByRole('button', { name: 'Install' }).click();
    const progress = page.getByRole('progressbar', { name: 'Update progress' });
    await expect(progress).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Downloading update…' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Installing update…' })).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });

    await expect
      .poll(
        () =>
          page
            .evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)
            // The reload may be under way while we ask: that page is gone, so ask again.
            .catch(() => 'reloading'),
        { timeout: 30_000 },
      )
      .toBeUndefined();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(await storage(page, STORAGE_KEYS.token)).toBe(token);
    expect(await storage(page, 'welcomeShown_e2e')).toBe('true');
    expect(await storage(page, 'e2e-leftover')).toBeNull();
    expect(await storage(page, STORAGE_KEYS.appVersion)).toBe(NEWER_VERSION);

    // The browser now runs what the server offers, so no further prompt.
    await reloadAndAwaitCheck(page);
    await expect(updateDialog(page)).toBeHidden();
  });
});

test.describe('a server that no longer supports this version', () => {
  test.use({ baseURL: FORCED_UPDATE_URL });

  test('forces the update: only Install is offered, and Escape or a click outside does not close it', async ({
    page,
    loginAs,
  }) => {
    await signInAndSeePrompt(page, loginAs);
    const dialog = updateDialog(page);
    await expect(dialog.getByRole('button')).toHaveText(['Install']);

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    await reloadAndAwaitCheck(page);
    await expect(updateDialog(page)).toBeVisible();
  });
});
