import type { UnbilledAnswer } from '../../src/shared/billing';
import { CLINIC_TIME_ZONE } from '../../src/shared/vocabulary/scheduling';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin, toastOn } from '../support/live';

/**
 * The desk's unbilled sessions: a week of the demo clinic's completed sessions (three to four weeks back, so
 * the recent weeks other journeys read stay as they are) invoiced in one action, one invoice per patient.
 */
const clinicDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_TIME_ZONE }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

test('staff invoice a week of unbilled sessions in one action, and the list empties live', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const [from, to] = [clinicDay(27), clinicDay(21)];
  const staff = await demoLogin(request, 'staff');
  const week = (await (
    await request.get(`/api/invoices/unbilled?from=${from}&to=${to}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
    })
  ).json()) as UnbilledAnswer;
  expect(week.total).toBeGreaterThan(10);
  const patients = new Set(week.sessions.map((session) => session.patientId)).size;

  await loginAs('staff', { path: '/' });
  await page.getByRole('link', { name: 'Open unbilled sessions' }).click();
  await expect(page).toHaveURL(/view=unbilled/);
  const view = page.getByRole('region', { name: 'Unbilled sessions' });
  await view.getByLabel('From', { exact: true }).fill(from);
  await view.getByLabel('To', { exact: true }).fill(to);
  await expect(view.getByText(`${week.total} completed sessions not on an invoice`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await view.getByRole('checkbox', { name: `Select all ${week.total} on this page` }).check();
  await expect(view.getByText(`${week.total} sessions selected`)).toBeVisible();
  await view.getByRole('button', { name: 'Invoice selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Invoice the selected sessions?' });
  await expect(confirm).toContainText(`${patients} invoices for ${patients} patients`);
  await confirm.getByRole('button', { name: `Issue ${patients} invoices` }).click();

  await expect(
    toastOn(page).filter({ hasText: `${patients} invoices issued for ${week.total} sessions` }),
  ).toBeVisible();
  await expect(view.getByText('Every completed session in these dates is on an invoice.')).toBeVisible();
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Sent');
});
