import { randomUUID } from 'node:crypto';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';

/** A 1×1 PNG, told by its bytes whatever its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a practitioner adds an exercise with an uploaded picture and finds it by search', async ({
  page,
  loginAs,
}) => {
  const name = `Step-up ${randomUUID().slice(0, 8)}`;
  await loginAs('practitioner', { path: '/' });
  await page.getByRole('link', { name: 'Exercise Library' }).first().click();
  await expect(page).toHaveURL('/exercises');
  await expect(page.getByRole('heading', { level: 1, name: 'Exercise Library' })).toBeVisible();
  const starter = page.getByRole('list', { name: /^Exercises: \d+ shown$/ });
  await expect(starter.getByRole('img', { name: 'Drawing of Bird dog' })).toBeVisible();
  expect(await seriousViolations(page), 'library').toEqual([]);

  await page.getByRole('button', { name: 'New exercise' }).click();
  const dialog = page.getByRole('dialog', { name: 'New exercise' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Body region').selectOption('knee');
  await dialog
    .getByLabel('Instructions')
    .fill('Step onto a low step and down again, leading with the sore leg.');
  await dialog.getByLabel('Sets').fill('3');
  await dialog.getByLabel('Repetitions').fill('10');
  await dialog.getByLabel('Tags').fill('strength, stairs');
  await dialog
    .getByLabel('Picture or video')
    .setInputFiles({ name: 'step-up.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
  expect(await seriousViolations(page), 'dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Save exercise' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const found = page.getByRole('list', { name: 'Exercises: 1 shown' });
  await expect(found.getByRole('heading', { name })).toBeVisible();
  await expect(found.getByText('Knee · 3 × 10, once a day')).toBeVisible();
  await expect(found.getByRole('img', { name: `Drawing of ${name}` })).toBeVisible();
  await page.getByLabel('Tag', { exact: true }).fill('stairs');
  await expect(page).toHaveURL(/tag=stairs/);
  await expect(found.getByRole('heading', { name })).toBeVisible();
});

test('a patient cannot reach the library, in the browser or through the API', async ({
  page,
  loginAs,
  request,
}) => {
  await loginAs('patient', { path: '/exercises' });
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Exercise Library' })).toHaveCount(0);
  const { token } = await demoLogin(request, 'patient');
  const response = await request.get('/api/exercises', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
});
