import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { REGISTER_MESSAGES } from '../../src/shared/messages';
import { demoAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';

async function fillRegistration(page: Page, email: string, options: { asSupporter?: boolean } = {}) {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Hale');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Registered!2026');
  await page.getByLabel('Confirm password').fill('Registered!2026');
  if (options.asSupporter) await page.getByRole('switch', { name: 'Join as a supporter (member)' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('registering as a patient signs in to the patient dashboard', async ({ page }) => {
  await fillRegistration(page, `patient-${randomUUID().slice(0, 8)}@example.com`);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Health Overview');
  await expect(page.getByText('Welcome back, Robin. Here is your care at a glance.')).toBeVisible();
});

test('registering as a supporter signs in to the member dashboard', async ({ page }) => {
  await fillRegistration(page, `member-${randomUUID().slice(0, 8)}@example.com`, { asSupporter: true });
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member Dashboard');
});

test('a duplicate email shows the already-exists text', async ({ page }) => {
  await fillRegistration(page, demoAccount('patient').email);
  await expect(page.getByRole('alert')).toHaveText(REGISTER_MESSAGES.alreadyExists);
  await expect(page).toHaveURL('/register');
});

test('data the server refuses shows the invalid-data text', async ({ page }) => {
  // The form validates with the server's own schema, so only a tampered request can carry bad data.
  await page.route('**/api/auth/register', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, role: 'admin' }) });
  });
  await fillRegistration(page, `tampered-${randomUUID().slice(0, 8)}@example.com`);
  await expect(page.getByRole('alert')).toHaveText(REGISTER_MESSAGES.invalid);
});

test('a server failure shows the registration fallback text', async ({ page }) => {
  await page.route('**/api/auth/register', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
  );
  await fillRegistration(page, `unavailable-${randomUUID().slice(0, 8)}@example.com`);
  await expect(page.getByRole('alert')).toHaveText(REGISTER_MESSAGES.fallback);
});
