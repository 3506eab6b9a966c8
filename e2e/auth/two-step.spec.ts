import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiLogin, DEMO_PASSWORD, demoAccount, registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, signInThroughForm, test } from '../support/fixtures';
import { OPTIONAL_UPDATE_URL } from '../support/update-servers';

/**
 * Two-step sign-in, as a person sets it up and signs in with it, and as the clinic's policy leads someone
 * through it. Fresh accounts only, so the journeys using the demo accounts are not asked for a code.
 */

const STEP_MS = 30_000;
/** The code the person's app would show at that moment, from the secret the page showed. */
const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function readSetUp(page: Page) {
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(codeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  return { secret, recoveryCodes: (await codes.allTextContents()).map((code) => code.trim()) };
}

test('a person sets up an authenticator app, then signs in with a code and with a recovery code once', async ({
  page,
  request,
}) => {
  const person = await registerThrowaway(request, { firstName: 'Avery' });
  await page.goto('/login');
  await signInThroughForm(page, person.email, person.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/settings?tab=security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const { secret, recoveryCodes } = await readSetUp(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('clinic-portal-recovery-codes.txt');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();
  await signOut(page);

  // The password alone no longer signs in: the code of the next step does (the set-up used this one).
  await signInThroughForm(page, person.email, person.password);
  const code = page.getByLabel(CODE_LABEL);
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await seriousViolations(page)).toEqual([]);
  await code.fill(codeAt(secret, Date.now() + STEP_MS));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await signOut(page);

  await signInThroughForm(page, person.email, person.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Enter one of your recovery codes').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await signOut(page);

  await signInThroughForm(page, person.email, person.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recovery = page.getByLabel('Enter one of your recovery codes');
  await recovery.fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('That code is not right. Check your authenticator app and try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

const NO_ONE = { requireForAdmins: false, requireForPractitioners: false, requireForStaff: false };

async function adminToken(request: APIRequestContext) {
  return (await apiLogin(request, demoAccount('admin').email, DEMO_PASSWORD)).token;
}

/**
 * The policy is the clinic's, so this journey runs on an instance of its own (one the update journeys use
 * for patients only, whom the policy never concerns), and puts the policy back when it ends.
 */
test.describe('the clinic requires a second step for practitioners', () => {
  test.use({ baseURL: OPTIONAL_UPDATE_URL });

  test.afterEach(async ({ request }) => {
    const token = await adminToken(request);
    const reset = await request.put('/api/admin/sign-in-policy', {
      data: NO_ONE,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(reset.status()).toBe(200);
  });

  test('an admin turns it on, and a practitioner is led through set-up at sign-in', async ({
    page,
    request,
  }) => {
    // This instance reports a newer version; its prompt is not what this journey is about.
    await page.addLocatorHandler(page.getByRole('dialog', { name: 'New Version Available' }), async () => {
      await page.getByRole('button', { name: 'Remind Later' }).click();
    });
    const person = await registerThrowaway(request, { firstName: 'Jordan' });
    const token = await adminToken(request);
    const promoted = await request.put(`/api/admin/users/${person.user.id}/role`, {
      data: { role: 'practitioner' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(promoted.status(), await promoted.text()).toBe(200);

    await page.goto('/login');
    await signInThroughForm(page, demoAccount('admin').email, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/settings?tab=security');
    const practitioners = page.getByRole('switch', { name: 'Practitioners' });
    await expect(practitioners).not.toBeChecked();
    await practitioners.click();
    await page.getByRole('button', { name: 'Save policy' }).click();
    await expect(page.getByText('Sign-in policy saved.')).toBeVisible();
    await expect(practitioners).toBeChecked();
    await signOut(page);

    await signInThroughForm(page, person.email, person.password);
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await readSetUp(page);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });
});
