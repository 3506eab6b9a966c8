import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { startApp, stopApp, waitForHealth } from '../support/app-process';
import { seriousViolations } from '../support/axe';
import { APP_PORT } from '../support/ports';

/**
 * Passkeys belong to a host name (WebAuthn refuses an IP address), so this journey runs its own app with
 * APP_URL on localhost and browses it there, with Chromium's virtual authenticator standing in for the
 * device's screen lock.
 */
const PORT = APP_PORT + 5;
const APP = `http://localhost:${PORT}`;

let app: ChildProcess;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'clinic-e2e-passkeys-'));
  app = startApp(PORT, { DATA_DIR: dataDir, APP_URL: APP, SEED: 'none' });
  await waitForHealth(APP, 120_000);
});

test.afterAll(async () => {
  await stopApp(app);
  rmSync(dataDir, { recursive: true, force: true });
});

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a person adds a passkey, renames it, signs in with it without a password and removes it', async ({
  page,
  request,
}) => {
  const email = `e2e-passkey-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Throwaway!2026';
  const registered = await request.post(`${APP}/api/auth/register`, {
    data: { email, password, firstName: 'Parker', lastName: 'Keyes' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto(`${APP}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${APP}/settings?tab=security`);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const naming = page.getByRole('dialog', { name: 'Name this passkey' });
  await expect(naming).toBeVisible();
  await expect(naming.getByLabel('Passkey name')).toHaveValue('Passkey 1');
  expect(await seriousViolations(page)).toEqual([]);
  await naming.getByLabel('Passkey name').fill('Work laptop');
  await naming.getByRole('button', { name: 'Save name' }).click();
  await expect(naming).toBeHidden();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Work laptop')).toBeVisible();
  await expect(list.getByText(/Never used/)).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: 'Rename Work laptop' }).click();
  await naming.getByLabel('Passkey name').fill('Desk computer');
  await naming.getByRole('button', { name: 'Save name' }).click();
  await expect(list.getByText('Desk computer')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu for Parker Keyes' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${APP}/login`);
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${APP}/settings?tab=security`);
  await expect(list.getByText(/Last used/)).toBeVisible();

  await page.getByRole('button', { name: 'Remove Desk computer' }).click();
  const removing = page.getByRole('dialog', { name: 'Remove passkey' });
  expect(await seriousViolations(page)).toEqual([]);
  await removing.getByLabel('Current password').fill(password);
  await removing.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});

test('a portal reached by an IP address says passkeys need its name, in the sign-in page alert', async ({
  page,
}) => {
  // The shared harness serves http://127.0.0.1:<port>, the address WebAuthn will not accept.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passkeys need the portal to be reached by its name');
  await expect(page).toHaveURL(/\/login/);
});
