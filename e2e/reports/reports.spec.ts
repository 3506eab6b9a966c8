import { readFile } from 'node:fs/promises';
import { addDays, format } from 'date-fns';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.setTimeout(180_000);

test('an admin reads the reports of the demo clinic as charts and tables and exports one as CSV', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin', { path: '/admin/reports' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Reports');
  const appointments = page.getByRole('region', { name: 'Appointments by status', exact: true });
  // The demo diary has sessions in the last 30 days: the headline count is not zero and the bars are drawn.
  await expect(appointments.locator('dd').first()).not.toHaveText('0');
  await expect(appointments.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(appointments.getByRole('table')).toBeVisible();
  for (const name of [
    'Revenue: invoiced and collected',
    'Receivables ageing',
    'New patients',
    'Donations',
    'Membership',
    'Store sales',
    'Events',
  ])
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Practitioner utilisation', exact: true }).getByRole('table'),
  ).toContainText('Riley Chen');
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await appointments.getByRole('button', { name: 'Export Appointments by status as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^appointments-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toContain('"Appointments by status"');
  expect(lines[1]).toBe(
    '"Day","Total","Scheduled","Confirmed","Checked in","Completed","Cancelled","No-show"',
  );
  expect(lines).toHaveLength(2 + 30);

  // A narrower range is asked of the server again and kept in the address.
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(appointments.locator('dd').first()).toHaveText('0');
});

test("a practitioner's reports are their own, and staff do not see the admin's", async ({
  page,
  loginAs,
}) => {
  await loginAs('practitioner', { path: '/reports' });
  await expect(page.getByText(/Your own figures/)).toBeVisible();
  const utilisation = page.getByRole('region', { name: 'Practitioner utilisation', exact: true });
  await expect(utilisation.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Donations', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await loginAs('staff', { path: '/reports' });
  await expect(page.getByRole('region', { name: 'Donations', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Membership', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Practitioner', { exact: true })).toBeVisible();
});

test("an admin reads the demo clinic's outcomes by practitioner and service and exports them", async ({
  page,
  loginAs,
}) => {
  // The demo's scores are weeks apart, so the last 180 days (not the page's 30) hold most patients' first and
  // latest. Other journeys answer check-ins in the same clinic, so the 30-day view is not relied on here.
  const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');
  await loginAs('admin', { path: `/admin/reports?from=${day(-179)}&to=${day(0)}` });
  const outcomes = page.getByRole('region', { name: 'Outcomes by practitioner and service', exact: true });
  const byPractitioner = outcomes.getByRole('table', { name: /^Outcomes by practitioner, / });
  await expect(byPractitioner).toContainText('Riley Chen');
  await expect(outcomes.getByRole('table', { name: /^Outcomes by service, / })).toContainText('NPRS');
  expect(await seriousViolations(page)).toEqual([]);

  await outcomes.getByLabel('Measure').selectOption('lefs');
  await expect(byPractitioner).not.toContainText('NPRS');
  const download = page.waitForEvent('download');
  await outcomes.getByRole('button', { name: 'Export Outcomes by practitioner and service as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^outcomes-lefs-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toMatch(/^"Outcomes by practitioner and service",".+","Europe\/London","LEFS"$/);
  expect(lines[1]).toBe(
    '"Grouping","Name","Measure","MCID","Patients","Mean baseline","Mean latest","Improved by the MCID","Share improved (%)"',
  );
  expect(lines.slice(2).every((line) => /^"(Practitioner|Service)",".+","LEFS",9,\d+,/.test(line))).toBe(
    true,
  );
});
