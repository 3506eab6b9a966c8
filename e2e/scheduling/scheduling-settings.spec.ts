import type { APIRequestContext } from '@playwright/test';
import type { Availability } from '../../src/shared/scheduling';
import { apiLogin, DEMO_PASSWORD, registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

/**
 * Scheduling settings journeys: a practitioner keeps their week and booking settings, staff add a service type,
 * a patient makes and turns off a calendar feed. Hannah Weiss is the practitioner here (the demo practitioner's
 * hours are left to the calendar journeys), and what the journeys change they put back.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function availabilityOf(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/practitioners/${id}/availability`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Availability;
}

test('a practitioner changes their weekly hours and booking settings, axe clean', async ({
  page,
  request,
  loginWithToken,
}) => {
  test.setTimeout(120_000);
  const { token, user } = await apiLogin(request, 'hannah.weiss@demo.clinic', DEMO_PASSWORD);
  const before = await availabilityOf(request, token, user.id);
  try {
    await loginWithToken(token, '/settings?tab=availability');
    await expect(page.getByRole('tab', { name: 'Availability' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Booking link')).toHaveValue('hannah-weiss');
    await expect(page.getByLabel('Public booking page')).toHaveValue(/\/book\/hannah-weiss$/);
    expect(await seriousViolations(page)).toEqual([]);

    // Booking settings: more notice, a longer buffer, public bookings confirmed at once.
    await page.getByLabel('Minimum notice (minutes)').fill('180');
    await page.getByLabel('Buffer between sessions (minutes)').fill('20');
    await page.getByRole('switch', { name: 'Confirm public bookings automatically' }).click();
    await page.getByRole('button', { name: 'Save booking settings' }).click();
    await expect(page.getByText('Booking settings saved')).toBeVisible();

    // The week: a Saturday morning clinic, and a mistake the form catches before sending.
    const saturday = page.getByRole('group', { name: 'Saturday' });
    await saturday.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await saturday.getByLabel('From').selectOption('09:00');
    await saturday.getByLabel('To').selectOption('08:00');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await expect(saturday.getByText('End must be after start')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saturday.getByLabel('To').selectOption('12:00');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await expect(page.getByText('Weekly hours saved')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Minimum notice (minutes)')).toHaveValue('180');
    await expect(page.getByLabel('Buffer between sessions (minutes)')).toHaveValue('20');
    await expect(page.getByRole('switch', { name: 'Confirm public bookings automatically' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('group', { name: 'Saturday' }).getByLabel('To')).toHaveValue('12:00');
    const after = await availabilityOf(request, token, user.id);
    expect(after.settings).toMatchObject({ minNoticeMinutes: 180, bufferMinutes: 20, autoConfirm: true });
    expect(after.weeklyHours).toContainEqual({ weekday: 6, start: '09:00', end: '12:00' });
  } finally {
    const { practitionerId: _id, ...settings } = before.settings;
    await request.patch(`/api/practitioners/${user.id}/schedule`, { headers: auth(token), data: settings });
    await request.put(`/api/practitioners/${user.id}/weekly-hours`, {
      headers: auth(token),
      data: { hours: before.weeklyHours },
    });
  }
});

test('staff add a service type that only the clinic books, axe clean', async ({ page, request, loginAs }) => {
  const name = `Group class ${Date.now().toString(36)}`;
  await loginAs('staff', { path: '/settings?tab=services' });
  const table = page.getByRole('table', { name: 'Service types' });
  await expect(table.getByRole('row', { name: /Initial assessment 60 min \$95\.00 Public/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New service type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New service type' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Duration (minutes)').fill('50');
  await dialog.getByLabel('Price (USD)').fill('abc');
  await dialog.getByRole('button', { name: 'Add service' }).click();
  await expect(dialog.getByText('Price must be an amount such as 55 or 55.50')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Price (USD)').fill('42.50');
  await dialog.getByRole('switch', { name: 'Public' }).click();
  await dialog.getByRole('button', { name: 'Add service' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    table.getByRole('row', { name: new RegExp(`${name} 50 min \\$42\\.50 Clinic only`) }),
  ).toBeVisible();

  // The server holds it as typed, in cents; retired again so other journeys are not offered it.
  const { token } = await apiLogin(request, 'staff@demo.clinic', DEMO_PASSWORD);
  const all = (await (
    await request.get('/api/service-types?include=all', { headers: auth(token) })
  ).json()) as Array<{ id: string; name: string; priceCents: number; isPublic: boolean }>;
  const created = all.find((service) => service.name === name);
  expect(created).toMatchObject({ priceCents: 4250, isPublic: false });
  const archived = await request.post(`/api/service-types/${created?.id}/archive`, { headers: auth(token) });
  expect(archived.status()).toBe(200);
});

test('a patient makes a calendar feed that answers, then turns it off and it stops, axe clean', async ({
  page,
  request,
  loginWithToken,
}) => {
  const account = await registerThrowaway(request);
  await loginWithToken(account.token, '/settings?tab=calendar-feed');
  await expect(page.getByText('You have no calendar feed.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Create calendar feed' }).click();
  const address = page.getByLabel('Calendar feed address');
  await expect(address).toHaveValue(/\/api\/calendar-feeds\/[A-Za-z0-9_-]+\.ics$/);
  await expect(page.getByText(/Your calendar feed is on/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const url = await address.inputValue();
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await page.getByRole('button', { name: 'Turn off feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off your calendar feed?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Turn off feed' }).click();
  await expect(page.getByText('You have no calendar feed.')).toBeVisible();
  await expect(address).toBeHidden();
  expect((await request.get(url)).status()).toBe(404);
});
