import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { chooseFromCombobox } from '../support/combobox';
import { expect, test } from '../support/fixtures';

const saved = (page: Page) => page.getByText('Saved', { exact: true });

test('a practitioner writes, signs, shares and amends a note, and the patient reads it with its history', async ({
  page,
  loginAs,
}) => {
  const tag = randomUUID().slice(0, 8);
  const subjective = `Knee easier on stairs ${tag}.\nSleeping through the night.`;

  await loginAs('practitioner', { via: 'ui', path: '/recovery-notes' });
  await expect(page.getByRole('table', { name: /^Recovery notes/ })).toBeVisible();
  expect(await seriousViolations(page), 'notes list').toEqual([]);

  await page.getByRole('button', { name: 'New note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await chooseFromCombobox(dialog, { label: 'Patient', search: 'Morgan', option: 'Pat Morgan' });
  await dialog.getByRole('button', { name: 'Start note' }).click();
  await expect(page).toHaveURL(/\/recovery-notes\/[0-9a-f-]{36}$/);
  const notePath = new URL(page.url()).pathname;
  const article = page.getByRole('article', { name: 'Recovery note for Pat Morgan' });

  await article.getByLabel('Subjective').fill(subjective);
  await article.getByLabel('Plan').fill('Daily walks.');
  await article.getByLabel('Pain score (0-10)').selectOption('3');
  await article.getByRole('button', { name: 'Add goal' }).click();
  await article.getByLabel('Goal 1', { exact: true }).fill('Climb two flights of stairs');
  await article.getByLabel('Progress of goal 1 (%)').fill('50');
  await expect(saved(page)).toBeVisible();
  expect(await seriousViolations(page), 'draft editor').toEqual([]);

  // What was typed is on the server: a reload shows it.
  await page.reload();
  await expect(article.getByLabel('Subjective')).toHaveValue(subjective);
  await expect(article.getByLabel('Progress of goal 1 (%)')).toHaveValue('50');

  await article.getByRole('button', { name: 'Sign note' }).click();
  await page
    .getByRole('dialog', { name: 'Sign this note?' })
    .getByRole('button', { name: 'Sign and lock' })
    .click();
  await expect(article.getByRole('button', { name: 'Amend' })).toBeVisible();
  await expect(article.getByLabel('Subjective')).toHaveCount(0);

  await article.getByRole('button', { name: 'Share with patient' }).click();
  await expect(article.getByRole('button', { name: 'Stop sharing' })).toBeVisible();

  await article.getByRole('button', { name: 'Amend' }).click();
  const amend = page.getByRole('dialog', { name: 'Amend note' });
  await amend.getByLabel('Plan').fill('Daily walks and cycling.');
  await amend.getByLabel('Reason for the amendment').fill(`Agreed by phone ${tag}`);
  await amend.getByRole('button', { name: 'Save amendment' }).click();
  await expect(amend).toBeHidden();
  const history = article.getByRole('region', { name: 'History' });
  await expect(history).toContainText(`Reason: Agreed by phone ${tag}`);
  expect(await seriousViolations(page), 'signed note').toEqual([]);

  await loginAs('patient', { path: '/recovery-notes' });
  const myNotes = page.getByRole('table', { name: /^My Notes/ });
  await expect(myNotes).toBeVisible();
  expect(await seriousViolations(page), 'My Notes').toEqual([]);
  await myNotes.locator(`a[href="${notePath}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${notePath}$`));
  const shared = page.getByRole('article', { name: 'Recovery note for Pat Morgan' });
  await expect(shared).toContainText(`Knee easier on stairs ${tag}.`);
  await expect(shared).toContainText('Daily walks and cycling.');
  await expect(
    shared.getByRole('progressbar', { name: 'Progress: Climb two flights of stairs' }),
  ).toBeVisible();
  const patientHistory = shared.getByRole('region', { name: 'History' });
  await expect(patientHistory).toContainText('Signed version, by Riley Chen');
  await expect(patientHistory).toContainText(`Reason: Agreed by phone ${tag}`);
  await expect(
    shared.getByRole('button', { name: /^(Amend|Share with patient|Stop sharing|Sign note)$/ }),
  ).toHaveCount(0);
  await expect(shared.getByRole('textbox')).toHaveCount(0);
  expect(await seriousViolations(page), 'shared note').toEqual([]);
});
