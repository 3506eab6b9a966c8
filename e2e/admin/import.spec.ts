import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, signInThroughForm, test } from '../support/fixtures';
import { resetLinkIn, waitForMail } from '../support/mail';

test.setTimeout(180_000);

const tag = randomUUID().slice(0, 8);
const ada = `ada-${tag}@example.com`;
// A Jane-style export whose email column has another name, with a bad date of birth and an email twice.
const FILE = [
  'First Name,Last Name,Correo,Mobile Phone,Date of Birth,Sex,Address,City,Province,Postal Code,Country',
  `Ada,Import${tag},${ada},555-0101,1984-03-14,F,1 Main St,Springfield,ON,A1A 1A1,Canada`,
  `Cleo,Import${tag},cleo-${tag}@example.com,,1990-02-30,,,,,,`,
  `Dup,Import${tag},${ada},,,,,,,,`,
].join('\n');

async function chooseFile(page: Page) {
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'jane.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await page.getByRole('button', { name: 'Preview' }).click();
}

const latestRun = (page: Page) =>
  page.getByRole('listitem').filter({ hasText: 'Clients from jane.csv' }).first();

test('an admin imports a Jane export, fixes the mapping, and the imported patient sets a password; a re-run creates nothing and undo removes it', async ({
  page,
  browser,
  loginAs,
}) => {
  await loginAs('admin', { path: '/admin/import' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import');
  expect(await seriousViolations(page)).toEqual([]);

  await chooseFile(page);
  const email = page.getByLabel('Email (required)');
  await expect(email).toHaveAccessibleDescription('Choose the column for this field');
  await email.selectOption('Correo');
  await expect(page.getByText('3 rows: 1 to create, 0 already here (matched), 2 skipped')).toBeVisible();
  await expect(page.getByText(/Date of birth: Date of birth must be a real past date/)).toBeVisible();
  await expect(page.getByText('Email: This email is already on line 2 of the file')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Import 1 rows' }).click();
  await expect(latestRun(page)).toContainText('Finished', { timeout: 30_000 });
  await expect(latestRun(page)).toContainText('3 of 3 rows: 1 created, 0 matched, 2 skipped');
  await page.reload();
  await expect(latestRun(page)).toContainText('1 created');

  const link = new URL(resetLinkIn(await waitForMail(ada)));
  const context = await browser.newContext();
  try {
    const patient = await context.newPage();
    await patient.goto(`${link.pathname}${link.search}`);
    await patient.getByLabel('New password', { exact: true }).fill('Imported!Pass2026');
    await patient.getByLabel('Confirm new password').fill('Imported!Pass2026');
    await patient.getByRole('button', { name: 'Reset password' }).click();
    await patient.getByRole('link', { name: 'Sign in' }).click();
    await signInThroughForm(patient, ada, 'Imported!Pass2026');
    await expect(patient).toHaveURL('/');
  } finally {
    await context.close();
  }

  await chooseFile(page);
  await page.getByLabel('Email (required)').selectOption('Correo');
  await expect(page.getByText('3 rows: 0 to create, 1 already here (matched), 2 skipped')).toBeVisible();
  await page.getByRole('button', { name: 'Import 1 rows' }).click();
  await expect(latestRun(page)).toContainText('0 created, 1 matched', { timeout: 30_000 });

  const first = page.getByRole('listitem').filter({ hasText: '1 created' });
  await first.getByRole('button', { name: 'Undo' }).click();
  await first.getByRole('button', { name: 'Yes, undo the import' }).click();
  await expect(page.getByText('The import was undone')).toBeVisible();
  await chooseFile(page);
  await page.getByLabel('Email (required)').selectOption('Correo');
  await expect(page.getByText('3 rows: 1 to create, 0 already here (matched), 2 skipped')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
