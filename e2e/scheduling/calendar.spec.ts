import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, format, nextMonday, set } from 'date-fns';
import type { Appointment, ServiceType } from '../../src/shared/scheduling';
import { seriousViolations } from '../support/axe';
import { chooseFromCombobox } from '../support/combobox';
import { pageFormat } from '../support/dates';
import { expect, test } from '../support/fixtures';
import { demoLogin, personAt } from '../support/live';

/**
 * Scheduling journeys through the calendar and the appointments list. Each takes a weekday far enough ahead
 * (chosen at random among many weeks) that journeys running beside it, and the demo clinic, leave it free.
 */

/** A Tuesday some 10 to 60 weeks ahead, in the browser's (and this machine's) zone. */
const farTuesday = () => addDays(nextMonday(new Date()), 7 * (10 + Math.floor(Math.random() * 50)) + 1);

/**
 * An HTML5 drag the way a person makes one: press on the appointment, move away a little so the browser
 * starts the drag, then over the target twice (the second move delivers dragover) and release.
 */
async function dragOnto(page: Page, source: Locator, target: Locator) {
  await source.hover();
  await page.mouse.down();
  await page.mouse.move(10, 10, { steps: 3 });
  await target.hover({ force: true });
  await target.hover({ force: true });
  await page.mouse.up();
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function followUpService(request: APIRequestContext, token: string): Promise<ServiceType> {
  const response = await request.get('/api/service-types', { headers: auth(token) });
  expect(response.ok()).toBe(true);
  const services = (await response.json()) as ServiceType[];
  const service = services.find((candidate) => candidate.name === 'Follow-up (30 min)');
  if (!service) throw new Error('The demo clinic offers no 30-minute follow-up');
  return service;
}

test('staff book from the calendar and drag the appointment; the practitioner’s open calendar follows without a reload', async ({
  browser,
  request,
}) => {
  const staff = await demoLogin(request, 'staff');
  const practitioner = await demoLogin(request, 'practitioner');
  const day = farTuesday();
  const dayKey = format(day, 'yyyy-MM-dd');
  const dayLabel = format(day, 'EEEE d MMMM');

  const a = await personAt(
    browser,
    staff.token,
    `/calendar?view=day&date=${dayKey}&practitioner=${practitioner.user.id}`,
  );
  const b = await personAt(browser, practitioner.token, `/calendar?view=day&date=${dayKey}`);
  try {
    await expect(a.page.getByRole('heading', { level: 1 })).toHaveText('Calendar');
    await expect(b.page.getByRole('heading', { level: 1 })).toHaveText('Treatment Calendar');
    const gridA = a.page.getByRole('region', { name: 'Calendar grid' });
    const gridB = b.page.getByRole('region', { name: 'Calendar grid' });
    await expect(gridA.getByTestId('working-hours').first()).toBeAttached();
    expect(await seriousViolations(a.page), 'staff calendar').toEqual([]);

    await gridA.getByRole('button', { name: `Book at 10:00 on ${dayLabel}` }).click();
    const dialog = a.page.getByRole('dialog', { name: 'New appointment' });
    // The day shows the browser's way (en-GB here); the form still sends yyyy-mm-dd.
    await expect(dialog.getByLabel('Day')).toHaveValue(format(new Date(`${dayKey}T12:00`), 'dd/MM/yyyy'));
    await expect(dialog.getByLabel('Time')).toHaveValue('10:00');
    await chooseFromCombobox(dialog, { label: 'Patient', search: 'Morgan', option: 'Pat Morgan' });
    await expect(dialog.getByRole('combobox', { name: 'Practitioner' })).toHaveValue(
      `${practitioner.user.firstName} ${practitioner.user.lastName}`,
    );
    await chooseFromCombobox(dialog, { label: 'Service', option: 'Follow-up (30 min)' });
    expect(await seriousViolations(a.page), 'new-appointment dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog).toBeHidden();

    const booked = /^10:00–10:30 Pat Morgan, Follow-up \(30 min\)$/;
    await expect(gridA.getByRole('button', { name: booked })).toBeVisible();
    await expect(gridB.getByRole('button', { name: booked })).toBeVisible();
    expect(await seriousViolations(a.page), 'calendar with an appointment').toEqual([]);

    await dragOnto(
      a.page,
      gridA.getByRole('button', { name: booked }),
      gridA.getByRole('button', { name: `Book at 14:00 on ${dayLabel}` }),
    );
    await expect(a.page.getByText(`Moved Pat Morgan to ${dayLabel}, 14:00.`)).toBeVisible();
    const moved = /^14:00–14:30 Pat Morgan, Follow-up \(30 min\)$/;
    await expect(gridA.getByRole('button', { name: moved })).toBeVisible();
    // The practitioner's browser was not touched: the push brought the move.
    await expect(gridB.getByRole('button', { name: moved })).toBeVisible();
    await expect(gridB.getByRole('button', { name: booked })).toHaveCount(0);
  } finally {
    await a.close();
    await b.close();
  }
});

test('a refused drag snaps back with the reason', async ({ page, request, loginAs }) => {
  const staff = await demoLogin(request, 'staff');
  const practitioner = await demoLogin(request, 'practitioner');
  const patient = await demoLogin(request, 'patient');
  const service = await followUpService(request, staff.token);
  const day = farTuesday();
  const book = async (hour: number) => {
    const response = await request.post('/api/appointments', {
      headers: auth(staff.token),
      data: {
        patientId: patient.user.id,
        practitionerId: practitioner.user.id,
        serviceTypeId: service.id,
        startsAt: set(day, { hours: hour, minutes: 0, seconds: 0, milliseconds: 0 }).toISOString(),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Appointment;
  };
  await book(9);
  await book(11);

  await loginAs('practitioner', { path: `/calendar?view=day&date=${format(day, 'yyyy-MM-dd')}` });
  const grid = page.getByRole('region', { name: 'Calendar grid' });
  const nine = grid.getByRole('button', { name: /^09:00–09:30 Pat Morgan/ });
  await dragOnto(
    page,
    nine,
    grid.getByRole('button', { name: `Book at 11:00 on ${format(day, 'EEEE d MMMM')}` }),
  );
  await expect(page.getByRole('alert')).toHaveText(
    'Pat Morgan was not moved: That time overlaps another appointment.',
  );
  await expect(nine).toBeVisible();
});

test('a patient cancels their own appointment with a reason, and it shows under Cancelled', async ({
  page,
  request,
  loginAs,
}) => {
  const staff = await demoLogin(request, 'staff');
  const practitioner = await demoLogin(request, 'practitioner');
  const patient = await demoLogin(request, 'patient');
  const service = await followUpService(request, staff.token);
  const start = set(farTuesday(), { hours: 15, minutes: 30, seconds: 0, milliseconds: 0 });
  const response = await request.post('/api/appointments', {
    headers: auth(staff.token),
    data: {
      patientId: patient.user.id,
      practitionerId: practitioner.user.id,
      serviceTypeId: service.id,
      startsAt: start.toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);

  const from = format(start, 'yyyy-MM-dd');
  await loginAs('patient', { path: `/appointments?from=${from}&to=${from}` });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Appointments');
  const upcoming = page.getByRole('table', { name: /^Upcoming appointments/ });
  await expect(upcoming).toBeVisible();
  expect(await seriousViolations(page), 'patient appointments').toEqual([]);

  // Other journeys may book Pat Morgan on the same far Tuesday, so this one follows its own appointment only.
  const cancelButton = upcoming.getByRole('button', {
    name: `Cancel: Pat Morgan, ${pageFormat.shortDateTime(start)}`,
  });
  await cancelButton.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await dialog.getByRole('button', { name: 'Cancel appointment', exact: true }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Away that week');
  expect(await seriousViolations(page), 'cancel dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel appointment', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cancelButton).toHaveCount(0);

  await page.getByRole('tab', { name: 'Cancelled' }).click();
  const cancelled = page.getByRole('table', { name: /^Cancelled appointments/ });
  await expect(cancelled.getByRole('row').filter({ hasText: 'Reason: Away that week' })).toHaveCount(1);
  await expect(page).toHaveURL(/scope=cancelled/);
  expect(await seriousViolations(page), 'cancelled appointments').toEqual([]);
});

test('staff see the clinic’s appointments in tabs with filters, axe clean', async ({ page, loginAs }) => {
  await loginAs('staff', { path: '/appointments' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appointments');
  await expect(page.getByRole('tab', { name: 'Upcoming', selected: true })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: /^Upcoming appointments/ })
      .or(page.getByText('No upcoming appointments.')),
  ).toBeVisible();
  expect(await seriousViolations(page), 'staff appointments').toEqual([]);
  await loginAs('practitioner', { path: '/calendar?view=month' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Treatment Calendar');
  await expect(page.getByRole('region', { name: 'Calendar grid' })).toBeVisible();
  expect(await seriousViolations(page), 'month view').toEqual([]);
});
