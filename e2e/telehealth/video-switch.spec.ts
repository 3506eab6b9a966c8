import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, openSignedIn, test } from '../support/fixtures';
import { toastOn } from '../support/live';
import { visitOf } from '../support/video-call';

/** Presses a key until the element has the focus (a few presses at most), as someone at a keyboard moves. */
async function pressUntilFocused(page: Page, key: string, target: Locator, presses = 12) {
  for (let press = 0; press < presses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('the practitioner makes an in-person appointment a video visit by keyboard; the patient can join', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const {
    practitioner,
    patient,
    patientName,
    appointment: booked,
  } = await visitOf(request, 'Vix', { isVideo: false });
  expect(booked.isVideo).toBe(false);
  expect(booked.joinUrl).toBeUndefined();

  await openSignedIn(page, practitioner.token, `/appointments?patient=${patient.user.id}`);
  const table = page.getByRole('table', { name: /^Upcoming appointments/ });
  const row = table.getByRole('row').filter({ hasText: patientName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Video visit', { exact: true })).toHaveCount(0);

  // The row's menu, then Reschedule, by keyboard.
  const more = row.getByRole('button', { name: new RegExp(`^More actions for ${patientName} on `) });
  await more.focus();
  await page.keyboard.press('Enter');
  const reschedule = page.getByRole('menuitem', { name: new RegExp(`^Reschedule: ${patientName}`) });
  await pressUntilFocused(page, 'ArrowDown', reschedule);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
  await expect(dialog).toBeVisible();

  // The switch shows the appointment as it is (in person); Tab to it, Space turns it on.
  const toggle = dialog.getByRole('switch', { name: 'Video visit' });
  await expect(toggle).not.toBeChecked();
  await pressUntilFocused(page, 'Tab', toggle);
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  const save = dialog.getByRole('button', { name: 'Save changes' });
  await pressUntilFocused(page, 'Tab', save);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toastOn(page).filter({ hasText: 'Now a video visit' })).toBeVisible();
  // The row now says so, with its way in.
  await expect(row.getByText('Video visit', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Join video visit' })).toHaveAttribute(
    'href',
    `/telehealth-session/${booked.id}`,
  );

  // The patient's own list offers them the join link to the same call.
  const context = await browser.newContext();
  try {
    const patientPage = await context.newPage();
    await openSignedIn(patientPage, patient.token, '/appointments');
    const mine = patientPage.getByRole('table', { name: /^Upcoming appointments/ }).getByRole('row');
    const visit = mine.filter({ hasText: 'Riley Chen' });
    await expect(visit.getByText('Video visit', { exact: true })).toBeVisible();
    await expect(visit.getByRole('link', { name: 'Join video visit' })).toHaveAttribute(
      'href',
      `/telehealth-session/${booked.id}`,
    );
  } finally {
    await context.close();
  }
});
