import { randomUUID } from 'node:crypto';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';

test('a practitioner assigns a programme, the patient checks in on a phone, and adherence updates live', async ({
  page,
  browser,
  request,
  loginAs,
}) => {
  const title = `Stairs programme ${randomUUID().slice(0, 6)}`;
  const patient = await demoLogin(request, 'patient');

  await loginAs('practitioner', { path: `/clients?patient=${patient.user.id}&tab=exercises` });
  const panel = page.getByRole('dialog');
  await panel.getByRole('button', { name: 'New programme' }).click();
  const builder = panel.getByRole('form', { name: 'New programme' });
  await builder.getByLabel('Title').fill(title);
  await builder.getByLabel('Search exercises').fill('bridge');
  await builder.getByRole('button', { name: 'Add Glute bridge' }).click();
  await builder.getByLabel('Search exercises').fill('Heel');
  await builder.getByRole('button', { name: 'Add Heel raise' }).click();
  // The keyboard way to reorder: Heel raise first.
  await builder.getByRole('button', { name: 'Move Heel raise up' }).click();
  await expect(
    builder.getByRole('list', { name: 'Exercises in this programme' }).getByRole('listitem').first(),
  ).toContainText('Heel raise');
  expect(await seriousViolations(page), 'programme builder').toEqual([]);
  await builder.getByRole('button', { name: 'Assign programme' }).click();
  await expect(panel.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await expect(panel.getByText(/0 of \d+ sessions done/)).toBeVisible();

  // The patient, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const patientPage = await phone.newPage();
  await patientPage.goto('/login');
  await patientPage.evaluate((token) => window.localStorage.setItem('token', token), patient.token);
  await patientPage.goto('/my-exercises');
  const programme = patientPage.getByRole('region', { name: title });
  const first = programme.getByRole('article', { name: /Heel raise/ });
  await first.getByLabel('Pain (0-10)').selectOption('4');
  await first.getByLabel('How hard (0-10)').selectOption('5');
  await first.getByRole('button', { name: 'Mark done' }).click();
  await expect(programme.getByText('1 of 2 done today')).toBeVisible();
  const widths = await patientPage.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  expect(await seriousViolations(patientPage), 'my exercises on a phone').toEqual([]);
  await phone.close();

  // The practitioner's open panel follows without a reload.
  await expect(panel.getByText(/^1 of \d+ sessions done/)).toBeVisible();
  await expect(panel.getByText('4', { exact: true }).first()).toBeVisible();
});
