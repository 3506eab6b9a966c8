import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';

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

test('the record panel’s tabs: the patient’s notes and progress, consents, and who opened the record', async ({
  page,
  request,
  loginAs,
}) => {
  const patient = await demoLogin(request, 'patient');
  await loginAs('staff', { path: `/clients?patient=${patient.user.id}` });
  const panel = page.getByRole('dialog', { name: 'Pat Morgan' });
  const tabs = panel.getByRole('tablist', { name: 'Record sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Details',
    'Appointments',
    'Notes',
    // The demo clinic has care between visits on.
    'Exercises',
    'Invoices',
    'Consents',
    'Activity',
  ]);
  await expect(panel.getByRole('region', { name: 'Insurance' })).toBeVisible();

  // From one tab to the next by keyboard; the open tab is in the address and survives a reload.
  await tabs.getByRole('tab', { name: 'Details' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Appointments' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=appointments/);
  for (const name of ['Upcoming appointments', 'Past appointments', 'Cancelled appointments'])
    await expect(panel.getByRole('region', { name })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=notes/);
  await page.reload();
  const notes = panel.getByRole('table', { name: /^Recovery notes of Pat Morgan/ });
  // The demo patient's course: pain from 7 down over the signed notes, and a draft (journeys may add more).
  await expect(panel.getByRole('img', { name: /Pain score from 7 to \d+ out of 10/ })).toBeVisible();
  await expect(notes.getByRole('row').nth(1)).toBeVisible();
  expect(await notes.getByRole('row').count()).toBeGreaterThanOrEqual(5);
  await expect(notes).toContainText('Draft');
  await expect(notes).toContainText('Riley Chen');
  await expect(panel.getByRole('button', { name: 'New note' })).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Consents' }).click();
  await expect(panel.getByRole('region', { name: 'Consents' })).toBeVisible();

  await tabs.getByRole('tab', { name: 'Activity' }).click();
  const log = panel.getByRole('table', { name: /^Who opened this record/ });
  // The staff member's own opening of the record is in the log, as 'You' (other journeys may open it too).
  await expect(
    log.getByRole('row').filter({ hasText: 'You' }).filter({ hasText: 'Opened the record' }).first(),
  ).toBeVisible();

  // The first note of the list opens on its own page.
  await tabs.getByRole('tab', { name: 'Notes' }).click();
  const firstNote = notes.getByRole('link').first();
  const href = await firstNote.getAttribute('href');
  await firstNote.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('a practitioner is offered a new note for the patient of the record, and no Activity tab', async ({
  page,
  request,
  loginAs,
}) => {
  const patient = await demoLogin(request, 'patient');
  await loginAs('practitioner', { path: `/clients?patient=${patient.user.id}&tab=notes` });
  const panel = page.getByRole('dialog', { name: 'Pat Morgan' });
  await expect(panel.getByRole('tab')).toHaveText([
    'Details',
    'Appointments',
    'Notes',
    // The demo clinic has care between visits on.
    'Exercises',
    'Invoices',
    'Consents',
  ]);
  await panel.getByRole('button', { name: 'New note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await expect(dialog).toContainText('For Pat Morgan.');
  await expect(dialog.getByRole('combobox', { name: 'Patient' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Start note' })).toBeEnabled();
  // Starting it is the notes journey's part; here the dialog closes with Escape and focus comes back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('button', { name: 'New note' })).toBeFocused();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the client list and the open record panel have no serious accessibility findings', async ({
      page,
      request,
      loginAs,
    }) => {
      // Axe runs seven times: the list, each tab of the panel, and the edit form.
      test.setTimeout(210_000);
      const patient = await demoLogin(request, 'patient');
      await loginAs('staff', { path: '/clients' });
      // A full first page of the demo clinic's clients.
      await expect(clientTable(page).getByRole('row')).toHaveCount(26);
      if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      expect(await seriousViolations(page), 'client list').toEqual([]);

      await page.goto(`/clients?patient=${patient.user.id}`);
      const panel = page.getByRole('dialog', { name: 'Pat Morgan' });
      await expect(panel.getByRole('region', { name: 'Medications' })).toBeVisible();
      expect(await seriousViolations(page), 'record panel').toEqual([]);

      await panel.getByRole('tab', { name: 'Appointments' }).click();
      await expect(panel.getByRole('region', { name: 'Cancelled appointments' })).toBeVisible();
      await expect(panel.getByText('Loading appointments…')).toHaveCount(0);
      expect(await seriousViolations(page), 'record panel, appointments').toEqual([]);
      await panel.getByRole('tab', { name: 'Notes' }).click();
      await expect(panel.getByRole('img', { name: /Pain score from/ })).toBeVisible();
      await expect(panel.getByRole('table', { name: /^Recovery notes of Pat Morgan/ })).toBeVisible();
      expect(await seriousViolations(page), 'record panel, notes').toEqual([]);
      await panel.getByRole('tab', { name: 'Consents' }).click();
      await expect(panel.getByRole('region', { name: 'Consents' })).toBeVisible();
      await expect(panel.getByText('Loading consents…')).toHaveCount(0);
      expect(await seriousViolations(page), 'record panel, consents').toEqual([]);
      await panel.getByRole('tab', { name: 'Activity' }).click();
      await expect(panel.getByRole('table', { name: /^Who opened this record/ })).toBeVisible();
      expect(await seriousViolations(page), 'record panel, activity').toEqual([]);
      await panel.getByRole('tab', { name: 'Details' }).click();

      await panel.getByRole('button', { name: 'Edit record' }).click();
      await expect(panel.getByRole('button', { name: 'Save changes' })).toBeVisible();
      expect(await seriousViolations(page), 'record panel, editing').toEqual([]);
    });
  });
}
