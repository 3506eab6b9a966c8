import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { DEACTIVATION_ALERT } from '../../src/shared/messages';
import { registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, listening, openSignedIn, signInThroughForm, test, watchSockets } from '../support/fixtures';
import { resetLinkIn, waitForMail } from '../support/mail';

test.setTimeout(180_000);

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(term).replaceAll('.', '\\.')}`));
}

/** A second browser, its own storage: the other person's. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  await watchSockets(context);
  return { context, page: await context.newPage() };
}

test('an admin adds a practitioner, who sets a password from the emailed link and signs in', async ({
  page,
  browser,
  loginAs,
}) => {
  const email = `pract-${randomUUID().slice(0, 8)}@example.com`;
  await loginAs('admin', { path: '/admin/practitioners' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Practitioners');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New practitioner' }).click();
  const dialog = page.getByRole('dialog', { name: 'New practitioner' });
  await dialog.getByRole('button', { name: 'Add practitioner' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await dialog.getByLabel('First name').fill('Morgan');
  await dialog.getByLabel('Last name').fill('Ellis');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add practitioner' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone (optional)').fill('020 7946 0011');
  await dialog.getByRole('button', { name: 'Add practitioner' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Morgan Ellis was added')).toBeVisible();
  await search(page, email);
  await expect(rowOf(page, email)).toContainText('020 7946 0011');

  const link = new URL(resetLinkIn(await waitForMail(email)));
  const practitioner = await otherBrowser(browser);
  try {
    await practitioner.page.goto(`${link.pathname}${link.search}`);
    await practitioner.page.getByLabel('New password', { exact: true }).fill('Practice!Pass2026');
    await practitioner.page.getByLabel('Confirm new password').fill('Practice!Pass2026');
    await practitioner.page.getByRole('button', { name: 'Reset password' }).click();
    await practitioner.page.getByRole('link', { name: 'Sign in' }).click();
    await signInThroughForm(practitioner.page, email, 'Practice!Pass2026');
    await expect(practitioner.page).toHaveURL('/');
    await practitioner.page.getByRole('button', { name: 'Account menu for Morgan Ellis' }).click();
    await expect(practitioner.page.getByRole('menu')).toContainText('Practitioner');
  } finally {
    await practitioner.context.close();
  }
});

test('an admin deactivates a patient, whose open browser is signed out with the alert', async ({
  page,
  browser,
  request,
  loginAs,
}) => {
  const patient = await registerThrowaway(request, { firstName: 'Parker' });
  const other = await otherBrowser(browser);
  try {
    await openSignedIn(other.page, patient.token, '/appointments');
    await expect(other.page.getByRole('heading', { level: 1 })).toHaveText('My Appointments');
    await listening(other.page, 'account-status');
    const alert = other.page.waitForEvent('dialog');

    await loginAs('admin', { path: '/admin/patients' });
    await search(page, patient.email);
    const row = rowOf(page, patient.email);
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: 'More actions for Parker Tester' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate Parker Tester' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Parker Tester?' });
    expect(await seriousViolations(page)).toEqual([]);
    const started = Date.now();
    await confirm.getByRole('button', { name: 'Deactivate account', exact: true }).click();

    const shown = await alert;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(shown.type()).toBe('alert');
    expect(shown.message()).toBe(DEACTIVATION_ALERT);
    await shown.accept();
    await expect(other.page).toHaveURL('/login');
    await expect(row).toContainText('Deactivated');
    await row.getByRole('button', { name: 'More actions for Parker Tester' }).click();
    await expect(page.getByRole('menuitem', { name: 'Reactivate Parker Tester' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The log shows the deactivation, and its CSV export carries it.
    await page
      .getByRole('navigation', { name: 'Admin panel sections' })
      .getByRole('link', { name: 'Activity Log' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activity Log');
    await page.getByLabel('Action', { exact: true }).fill('account.deactivated');
    await expect(page).toHaveURL(/action=account\.deactivated/);
    // The table keeps the unfiltered page on screen until the filtered one arrives: wait for the one entry left.
    const entry = page.getByRole('row').filter({ hasText: patient.user.id });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('account.deactivated');
    await expect(entry).toContainText('Alex');
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '"Time","Actor","Actor id","Action","Entity type","Entity id","Outcome","Address","Details"',
    );
    expect(csv).toContain(`"account.deactivated","user","${patient.user.id}"`);
  } finally {
    await other.context.close();
  }
});

test('the activity log shows an admin-made account, filtered by entity and day', async ({
  page,
  loginAs,
}) => {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  await loginAs('admin', { path: '/admin/members' });
  await page.getByRole('button', { name: 'New member' }).click();
  const dialog = page.getByRole('dialog', { name: 'New member' });
  await dialog.getByLabel('First name').fill('Rowan');
  await dialog.getByLabel('Last name').fill('Lake');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(dialog).toBeHidden();
  await search(page, email);
  await expect(rowOf(page, email)).toContainText('Rowan Lake');

  await page.goto('/admin/activity');
  await page.getByLabel('Action', { exact: true }).fill('account.created');
  await page.getByLabel('Entity type').selectOption('user');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await expect(page).toHaveURL(/entityType=user/);
  await expect(page.getByRole('row').filter({ hasText: 'role: member' }).first()).toContainText(
    'account.created',
  );
});

const ADMIN_PAGES = [
  '/admin',
  '/admin/staff',
  '/admin/patients',
  '/admin/members',
  '/admin/admins',
  '/admin/activity',
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('every admin page has no serious accessibility finding', async ({ page, loginAs }) => {
      await loginAs('admin', { path: '/admin' });
      for (const path of ADMIN_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('navigation', { name: 'Admin panel sections' })).toBeVisible();
        await expect(page.getByRole('main')).not.toContainText('Loading');
        expect(await seriousViolations(page), `axe findings on ${path}`).toEqual([]);
      }
    });

    test('the edit and role dialogs have no serious accessibility finding', async ({ page, loginAs }) => {
      await loginAs('admin', { path: '/admin/staff?search=staff%40demo.clinic' });
      await page.getByRole('button', { name: 'Edit Sam Ortiz' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Sam Ortiz' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'More actions for Sam Ortiz' }).click();
      await page.getByRole('menuitem', { name: 'Change role of Sam Ortiz' }).click();
      const role = page.getByRole('dialog', { name: 'Change the role of Sam Ortiz' });
      await expect(role.getByLabel('New role')).toHaveValue('staff');
      expect(await seriousViolations(page)).toEqual([]);
      await role.getByRole('button', { name: 'Cancel' }).click();
      await expect(role).toBeHidden();
    });
  });
}
