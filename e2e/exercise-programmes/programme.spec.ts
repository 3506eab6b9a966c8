import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, openSignedIn, test } from '../support/fixtures';
import { demoLogin, personAt } from '../support/live';

/** The page never scrolls sideways: what a phone must hold to. */
async function fitsItsWidth(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The PSFS row of the outcome measures table: its count of scores, first and latest score, and change. */
async function psfsRow(outcomes: Locator) {
  const row = outcomes.getByRole('row', { name: /^PSFS / });
  if ((await row.count()) === 0) return null;
  const cells = await row.getByRole('cell').allInnerTexts();
  const header = await row.getByRole('rowheader').innerText();
  return { scores: Number(/(\d+) scores?/.exec(header)?.[1]), first: cells[0], latest: cells[1] };
}

test('a practitioner assigns a programme and a PSFS; the patient does both on a phone; the practitioner sees it live', async ({
  page,
  browser,
  request,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const title = `Stairs programme ${randomUUID().slice(0, 6)}`;
  const activity = `Climbing stairs ${randomUUID().slice(0, 4)}`;
  const patient = await demoLogin(request, 'patient');
  const practitioner = await demoLogin(request, 'practitioner');

  // The practitioner assigns a programme from the patient's record.
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
  await expect(panel.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();
  await expect(panel.getByText(/0 of \d+ sessions done/)).toBeVisible();

  // In a second window, the record's notes with the recovery chart's outcome measures: the PSFS goes from there.
  const chart = await personAt(browser, practitioner.token, `/clients?patient=${patient.user.id}&tab=notes`);
  const outcomes = chart.page.getByRole('dialog').getByRole('region', { name: 'Outcome measures' });
  await expect(
    outcomes.getByRole('table').or(outcomes.getByText('No outcome measures answered yet.')),
  ).toBeVisible();
  const before = await psfsRow(outcomes);
  await outcomes.getByLabel('Measure to send').selectOption('psfs');
  await outcomes.getByRole('button', { name: 'Send now' }).click();
  await expect(chart.page.getByText('PSFS sent to the patient')).toBeVisible();

  // The patient, on a phone: today's exercises with a pain score, then the PSFS.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const patientPage = await phone.newPage();
  await openSignedIn(patientPage, patient.token, '/my-exercises');
  const programme = patientPage.getByRole('region', { name: title });
  for (const [name, pain] of [
    ['Heel raise', '4'],
    ['Glute bridge', '3'],
  ]) {
    const exercise = programme.getByRole('article', { name: new RegExp(name) });
    await exercise.getByLabel('Pain (0-10)').selectOption(pain);
    await exercise.getByLabel('How hard (0-10)').selectOption('5');
    await exercise.getByRole('button', { name: 'Mark done' }).click();
  }
  await expect(programme.getByText('2 of 2 done today')).toBeVisible();
  await fitsItsWidth(patientPage);
  expect(await seriousViolations(patientPage), 'my exercises on a phone').toEqual([]);

  await patientPage.goto('/check-ins');
  await patientPage.getByRole('link', { name: 'Patient-Specific Functional Scale' }).first().click();
  const form = patientPage.getByRole('form', { name: 'Patient-Specific Functional Scale' });
  await form.getByLabel(/^Activity 1:/).fill(activity);
  await form
    .getByRole('radiogroup', { name: 'How able are you to do activity 1 today?' })
    .getByRole('radio', {
      name: '7',
      exact: true,
    })
    .click();
  await fitsItsWidth(patientPage);
  expect(await seriousViolations(patientPage), 'the PSFS on a phone').toEqual([]);
  await form.getByRole('button', { name: 'Send my answers' }).click();
  await expect(patientPage.getByText('Thank you: your PSFS score is 7/10')).toBeVisible();
  await expect(patientPage).toHaveURL(/\/check-ins$/);
  await phone.close();

  // Both practitioner windows follow without a reload: adherence on one, the score and its change on the other.
  // Two done (on its first day the prescription spread over the week may be fewer: then both figures show).
  await expect(panel.getByText(/^2 (of \d+ )?sessions done/)).toBeVisible();
  const row = outcomes.getByRole('row', { name: /^PSFS / });
  await expect(row.getByRole('rowheader')).toContainText(`${(before?.scores ?? 0) + 1} score`);
  await expect(row.getByRole('cell').nth(1)).toHaveText('7/10');
  if (before) {
    // Against the first PSFS on record: the change is the new score less the first, and the MCID cell says so.
    const first = Number(before.first.split('/')[0]);
    const change = Math.round((7 - first) * 10) / 10;
    await expect(row.getByRole('cell').nth(2)).toContainText(change > 0 ? `+${change}` : String(change));
    await expect(row.getByRole('cell').nth(3)).toHaveText(change >= 2 ? /Improved past MCID/ : /Below MCID/);
  } else {
    await expect(row.getByRole('cell').nth(3)).toHaveText('Baseline only');
  }
  await chart.close();
});
