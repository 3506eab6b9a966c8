import type { APIRequestContext } from '@playwright/test';
import { addDays, format, nextMonday, set } from 'date-fns';
import type { Appointment, ServiceType } from '../../src/shared/scheduling';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin } from '../support/live';

/**
 * The front desk's day: every practitioner in a column of their own, a session's details on keyboard focus, and
 * a phone that never scrolls sideways. The day is a Wednesday some 10 to 60 weeks ahead, picked at random, so
 * that journeys running beside this one and the demo clinic leave it free.
 */
const farWednesday = () => addDays(nextMonday(new Date()), 7 * (10 + Math.floor(Math.random() * 50)) + 2);

/** A new booking is scheduled, or confirmed at once when the clinic confirms staff bookings. */
const STATUS_WORDS: Partial<Record<Appointment['status'], string>> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const noSidewaysScroll = () => document.documentElement.scrollWidth <= document.documentElement.clientWidth;

test('staff see a column a practitioner in the day view, read a session on focus, and a phone never scrolls sideways', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const staff = await demoLogin(request, 'staff');
  const patient = await demoLogin(request, 'patient');
  const practitioners = await getJson<{ id: string; firstName: string; lastName: string }[]>(
    request,
    staff.token,
    '/api/practitioners',
  );
  expect(practitioners.length).toBeGreaterThan(1);
  const [first, second] = practitioners;
  const services = await getJson<ServiceType[]>(request, staff.token, '/api/service-types');
  const service = services.find((candidate) => candidate.name === 'Follow-up (30 min)');
  if (!service) throw new Error('The demo clinic offers no 30-minute follow-up');
  const day = farWednesday();
  const dayKey = format(day, 'yyyy-MM-dd');
  const booked: Appointment[] = [];
  for (const [practitioner, minutes] of [
    [first, 0],
    [second, 15],
  ] as const) {
    const response = await request.post('/api/appointments', {
      headers: auth(staff.token),
      data: {
        patientId: patient.user.id,
        practitionerId: practitioner.id,
        serviceTypeId: service.id,
        startsAt: set(day, { hours: 17, minutes, seconds: 0, milliseconds: 0 }).toISOString(),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    booked.push((await response.json()) as Appointment);
  }

  await loginAs('staff', { path: `/calendar?view=day&date=${dayKey}` });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar');
  await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
  const grid = page.getByRole('region', { name: 'Calendar grid' });
  for (const practitioner of practitioners)
    await expect(
      grid.getByText(`${practitioner.firstName} ${practitioner.lastName}`, { exact: true }),
    ).toBeVisible();

  const column = (id: string) => grid.locator(`[data-practitioner="${id}"]`);
  const firstSession = column(first.id).getByRole('button', {
    name: /^17:00–17:30 Pat Morgan, Follow-up \(30 min\)/,
  });
  const secondSession = column(second.id).getByRole('button', {
    name: /^17:15–17:45 Pat Morgan, Follow-up \(30 min\)/,
  });
  await expect(firstSession).toBeVisible();
  await expect(secondSession).toBeVisible();
  // Side by side in their own columns, each as wide as its column: nothing squeezed into a sliver.
  const [a, b] = [await firstSession.boundingBox(), await secondSession.boundingBox()];
  expect(a && b && b.x > a.x + a.width).toBe(true);
  expect(a?.width).toBeGreaterThan(100);

  await secondSession.focus();
  const details = page.getByRole('tooltip');
  await expect(details).toContainText('17:15–17:45');
  await expect(details).toContainText('Pat Morgan');
  await expect(details).toContainText(`${second.firstName} ${second.lastName}`);
  await expect(details).toContainText('Follow-up (30 min)');
  await expect(details).toContainText(`Status${STATUS_WORDS[booked[1].status]}`);
  await expect(page.getByRole('region', { name: 'Legend' })).toContainText('Follow-up (30 min)');
  expect(await seriousViolations(page), 'day view with details shown').toEqual([]);

  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  await column(first.id)
    .getByRole('button', {
      name: `Book at 12:00 on ${format(day, 'EEEE d MMMM')} with ${first.firstName} ${first.lastName}`,
    })
    .click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByLabel('Time')).toHaveValue('12:00');
  await expect(dialog.getByRole('combobox', { name: 'Practitioner' })).toHaveValue(
    `${first.firstName} ${first.lastName}`,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(grid).toBeVisible();
  expect(await page.evaluate(noSidewaysScroll), 'day view at 390 px').toBe(true);
  await page.goto(`/calendar?view=week&date=${dayKey}`);
  await expect(page.getByRole('region', { name: 'Calendar grid' })).toBeVisible();
  expect(await page.evaluate(noSidewaysScroll), 'week view at 390 px').toBe(true);
  // With no view in the address a phone opens the agenda: the day as a list.
  await page.goto(`/calendar?date=${dayKey}`);
  const agenda = page.getByRole('region', { name: 'Calendar agenda' });
  await expect(agenda.getByRole('button', { name: /^17:15–17:45 Pat Morgan/ })).toContainText(
    `${second.firstName} ${second.lastName}`,
  );
  expect(await page.evaluate(noSidewaysScroll), 'agenda at 390 px').toBe(true);
  expect(await seriousViolations(page), 'agenda at 390 px').toEqual([]);
});
