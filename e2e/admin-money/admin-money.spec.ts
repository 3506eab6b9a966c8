import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';
import { donate, invoicePaidAtDesk, uniqueName } from './money';

/**
 * The admin's money screens: a donation made online shows in /admin/donations and /admin/transactions, is
 * refunded from the ledger and the totals move; filters, the CSV download, live refresh, axe on both, and
 * only admins get in. The ledger is shared with other journeys, so each searches by a donor of its own.
 */

/** A total's figure, by the term that names it. */
const figure = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);

test('an admin finds a new donation on both screens, exports it, refunds it and sees the totals change', async ({
  page,
  request,
  loginAs,
}) => {
  const lastName = uniqueName();
  const { name, email } = await donate(request, { amount: 37.5, lastName });

  await loginAs('admin', { path: `/admin/donations?donor=${lastName}` });
  const donations = page.getByRole('table', { name: /^Donations:/ });
  await expect(donations.getByRole('row').filter({ hasText: name })).toContainText('Paid');
  await expect(donations).toContainText(email);
  await expect(figure(page, 'Paid')).toHaveText('$37.50');
  await expect(page.getByRole('table', { name: 'Donation totals by month, newest first' })).toContainText(
    '$37.50',
  );
  expect(await seriousViolations(page), '/admin/donations').toEqual([]);

  await page.goto(`/admin/transactions?search=${lastName}`);
  const ledger = page.getByRole('table', { name: /^Transactions:/ });
  const row = ledger.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Card •••• 4242');
  await expect(row).toContainText('$37.50');
  await expect(figure(page, 'Received')).toHaveText('$37.50');
  await expect(figure(page, 'Net')).toHaveText('$37.50');
  expect(await seriousViolations(page), '/admin/transactions').toEqual([]);

  // Filters: an invoice-only ledger has no such payment; a donation-only one does.
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('invoice');
  await expect(page.getByText('No payments match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('donation');
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(
    new RegExp(`search=${lastName}.*kind=donation|kind=donation.*search=${lastName}`),
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${name}","${email}"`);
  expect(lines[1]).toContain('"37.50","0.00","37.50","USD"');

  await row.getByRole('button', { name: /^Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this donation?' });
  await expect(dialog).toContainText(`$37.50 from ${name}`);
  expect(await seriousViolations(page), 'refund dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Refund $37.50' }).click();
  await expect(page.getByText(`Refunded $37.50 to ${name}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Refunded');
  await expect(row).toContainText('Donation refunded');
  await expect(row.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  await expect(figure(page, 'Refunded')).toHaveText('$37.50');
  await expect(figure(page, 'Net')).toHaveText('$0.00');

  await page.goto(`/admin/donations?donor=${lastName}`);
  await expect(donations.getByRole('row').filter({ hasText: name })).toContainText('Refunded');
  await expect(figure(page, 'Paid')).toHaveText('$0.00');
  await expect(figure(page, 'Refunded')).toHaveText('$37.50');
});

test('both screens show a donation made and refunded elsewhere without a reload', async ({
  page,
  request,
  loginAs,
}) => {
  const lastName = uniqueName();
  await loginAs('admin', { path: `/admin/transactions?search=${lastName}` });
  await expect(page.getByText('No payments match these filters.')).toBeVisible();
  const { name } = await donate(request, { amount: 12, lastName });
  const row = page
    .getByRole('table', { name: /^Transactions:/ })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toContainText('$12.00');
  await expect(figure(page, 'Received')).toHaveText('$12.00');

  await page.goto(`/admin/donations?donor=${lastName}`);
  const donationRow = page
    .getByRole('table', { name: /^Donations:/ })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(donationRow).toContainText('Paid');
  const { token } = await demoLogin(request, 'admin');
  const list = await request.get(`/api/admin/donations?donor=${lastName}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [donation] = (await list.json()).donations;
  const refund = await request.post(`/api/admin/donations/${donation.id}/refund`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(refund.status()).toBe(200);
  await expect(donationRow).toContainText('Refunded');
  await expect(figure(page, 'Refunded')).toHaveText('$12.00');
});

test('an admin refunds part of an invoice paid at the desk, with a reason, from the ledger', async ({
  page,
  request,
  loginAs,
}) => {
  const patient = await registerThrowaway(request, { firstName: uniqueName() });
  const { token } = await demoLogin(request, 'admin');
  const invoice = await invoicePaidAtDesk(request, { token, patientId: patient.user.id, cents: 8000 });

  await loginAs('admin', { path: `/admin/transactions?search=${patient.email}` });
  const row = page
    .getByRole('table', { name: /^Transactions:/ })
    .getByRole('row')
    .filter({ hasText: invoice.number });
  await expect(row).toContainText('Cash (Front desk)');
  await expect(row).toContainText(`${patient.user.firstName} Tester`);
  await expect(figure(page, 'Received')).toHaveText('$80.00');

  await row.getByRole('button', { name: /^Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: `Refund a payment of ${invoice.number}` });
  const amount = dialog.getByRole('textbox', { name: 'Amount to refund ($)' });
  await expect(amount).toHaveValue('80.00');
  await amount.fill('30');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  expect(await seriousViolations(page), 'invoice refund dialog').toEqual([]);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Session cut short');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`Refunded $30.00 of ${invoice.number}`)).toBeVisible();
  await expect(row).toContainText('Partly refunded');
  await expect(row).toContainText('by Alex Kim: Session cut short');
  await expect(figure(page, 'Refunded')).toHaveText('$30.00');
  await expect(figure(page, 'Net')).toHaveText('$50.00');
  await expect(row.getByRole('button', { name: /^Refund/ })).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).selectOption('refunded');
  await expect(page.getByText('No payments match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('partially_refunded');
  await expect(row).toBeVisible();
});

test('only admins reach the money screens', async ({ page, loginAs }) => {
  for (const path of ['/admin/transactions', '/admin/donations']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  for (const role of ['staff', 'member'] as const) {
    for (const path of ['/admin/transactions', '/admin/donations']) {
      await loginAs(role, { path });
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('table', { name: /^(Transactions|Donations):/ })).toHaveCount(0);
    }
  }
});

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test('both money screens, with rows, totals, the chart and a refund dialog, have no serious axe findings', async ({
    page,
    request,
    loginAs,
  }) => {
    const lastName = uniqueName();
    const { name } = await donate(request, { amount: 20, lastName });
    await loginAs('admin', { path: `/admin/donations?donor=${lastName}` });
    await expect(page.getByRole('table', { name: /^Donations:/ })).toContainText(name);
    await expect(page.getByRole('table', { name: 'Donation totals by month, newest first' })).toBeVisible();
    expect(await seriousViolations(page), '/admin/donations, dark').toEqual([]);
    await page.getByRole('button', { name: `Refund: $20.00 from ${name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Refund this donation?' })).toBeVisible();
    expect(await seriousViolations(page), 'donation refund dialog, dark').toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/admin/transactions');
    await expect(page.getByRole('table', { name: /^Transactions:/ })).toContainText(name);
    expect(await seriousViolations(page), '/admin/transactions, dark').toEqual([]);
  });
});
