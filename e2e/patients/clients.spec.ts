import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { registerThrowaway } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

const clientTable = (page: Page) => page.getByRole('table', { name: /^Clients/ });

test('staff find the demo patient, edit the record in the panel and see the change after a reload', async ({
  page,
  request,
  loginAs,
}) => {
  const staff = await demoLogin(request, 'staff');
  const patient = await demoLogin(request, 'patient');
  const patientPath = `/api/patients/${patient.user.id}`;
  const headers = { Authorization: `Bearer ${staff.token}` };
  const before = await (await request.get(patientPath, { headers })).json();
  const insurer = `Harbor Health ${randomUUID().slice(0, 6)}`;

  try {
    await loginAs('staff', { path: '/clients' });
    await expect(clientTable(page)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Pat Morgan');
    await expect(page).toHaveURL(/search=Pat(\+|%20)Morgan/);
    const row = clientTable(page).getByRole('button', { name: 'Pat Morgan' });
    await expect(row).toBeVisible();
    await expect(clientTable(page).getByRole('row')).toHaveCount(2);
    await row.click();

    const panel = page.getByRole('dialog', { name: 'Pat Morgan' });
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`patient=${patient.user.id}`));
    await expect(panel.getByRole('region', { name: 'Assigned practitioners' })).toContainText('Riley Chen');
    await panel.getByRole('button', { name: 'Edit record' }).click();
    await panel.getByRole('textbox', { name: 'Insurance provider' }).fill(insurer);
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(panel.getByRole('region', { name: 'Insurance' })).toContainText(insurer);

    await page.reload();
    const reloaded = page.getByRole('dialog', { name: 'Pat Morgan' });
    await expect(reloaded.getByRole('region', { name: 'Insurance' })).toContainText(insurer);

    await page.keyboard.press('Escape');
    await expect(reloaded).toBeHidden();
    // The list behind the panel kept its search through the reload.
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Pat Morgan');
    await expect(page).not.toHaveURL(/patient=/);
    await expect(clientTable(page).getByRole('button', { name: 'Pat Morgan' })).toBeFocused();
  } finally {
    // The demo patient is shared by other journeys: put the record back as it was.
    const restored = await request.patch(patientPath, {
      headers,
      data: { insuranceProvider: before.insuranceProvider },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('a practitioner’s list holds their care team and nobody else', async ({ page, request, loginAs }) => {
  const stranger = await registerThrowaway(request, { firstName: 'Quillon' });
  const staff = await demoLogin(request, 'staff');
  const seenByStaff = await request.get(`/api/patients?search=${stranger.email}`, {
    headers: { Authorization: `Bearer ${staff.token}` },
  });
  expect((await seenByStaff.json()).items).toHaveLength(1);

  await loginAs('practitioner', { path: '/clients' });
  await expect(clientTable(page).getByRole('button', { name: 'Pat Morgan' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Practitioner' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New patient' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill(stranger.email);
  await expect(page.getByText('No clients match your search and filters.')).toBeVisible();

  await page.goto(`/clients?patient=${stranger.user.id}`);
  await expect(page.getByRole('dialog', { name: 'Patient not found' })).toContainText(
    'This patient is not in your list.',
  );
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the client list and the open record panel have no serious accessibility findings', async ({
      page,
      request,
      loginAs,
    }) => {
      const patient = await demoLogin(request, 'patient');
      await loginAs('staff', { path: '/clients' });
      await expect(clientTable(page).getByRole('button', { name: 'Pat Morgan' })).toBeVisible();
      if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      expect(await seriousViolations(page), 'client list').toEqual([]);

      await page.goto(`/clients?patient=${patient.user.id}`);
      const panel = page.getByRole('dialog', { name: 'Pat Morgan' });
      await expect(panel.getByRole('region', { name: 'Medications' })).toBeVisible();
      expect(await seriousViolations(page), 'record panel').toEqual([]);

      await panel.getByRole('button', { name: 'Edit record' }).click();
      await expect(panel.getByRole('button', { name: 'Save changes' })).toBeVisible();
      expect(await seriousViolations(page), 'record panel, editing').toEqual([]);
    });
  });
}
