import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { format } from 'date-fns';
import type {
  PublicBookingPage,
  PublicBookingPageOfRequests,
  PublicSlotsAnswer,
} from '../../src/shared/public-booking';
import { seriousViolations } from '../support/axe';
import { pageFormat } from '../support/dates';
import { expect, test } from '../support/fixtures';
import { demoLogin, toastOn } from '../support/live';
import { waitForMail } from '../support/mail';
import { MAIL_API_URL } from '../support/ports';

/**
 * Public booking journeys through the demo practitioner's link. Each visitor is new (a random name and
 * email) and books a random free time some weeks ahead, past the demo diary and short of the far weeks the
 * scheduling journeys use, so journeys running beside it leave it free.
 */

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

/** Chooses the 30-minute follow-up, moves some weeks ahead and picks a random free time; answers its start. */
async function chooseFreeTime(page: Page, weeksAhead: number): Promise<string> {
  await page.getByRole('radio', { name: /Follow-up \(30 min\)/ }).check();
  const days = page.getByRole('list', { name: 'Days' });
  await expect(days).toBeVisible();
  for (let week = 0; week < weeksAhead; week += 1) {
    const before = await page.getByText(/^\w{3} \d{1,2} \w{3} – \w{3} \d{1,2} \w{3}$/).textContent();
    await page.getByRole('button', { name: 'Later days' }).click();
    await expect(page.getByText(/^\w{3} \d{1,2} \w{3} – \w{3} \d{1,2} \w{3}$/)).not.toHaveText(before ?? '');
  }
  const open = days.getByRole('button', { disabled: false });
  await expect(open.first()).toBeVisible();
  await pick(await open.all()).click();
  const times = page.getByRole('list', { name: /^Free times on / }).getByRole('button');
  await expect(times.first()).toBeVisible();
  const time = pick(await times.all());
  const startsAt = await time.locator('time').getAttribute('datetime');
  await time.click();
  await expect(time).toHaveAttribute('aria-pressed', 'true');
  if (!startsAt) throw new Error('a free time without its instant');
  return startsAt;
}

async function fillDetails(page: Page, visitor: { name: string; email: string }) {
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Name').fill(visitor.name);
  await form.getByLabel('Email').fill(visitor.email);
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await form.getByLabel('Reason for the visit').fill('Sore knee after running');
}

const newVisitor = () => {
  const tag = randomUUID().slice(0, 8);
  return { name: `Robin Visitor${tag}`, email: `visitor-${tag}@example.com` };
};

async function requestsNamed(request: APIRequestContext, name: string) {
  const staff = await demoLogin(request, 'staff');
  const response = await request.get('/api/public-bookings?status=all', {
    headers: { Authorization: `Bearer ${staff.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const page = (await response.json()) as PublicBookingPageOfRequests;
  return page.items.filter((item) => item.name === name);
}

test('a visitor books through a public link and the practitioner confirms it; axe clean', async ({
  browser,
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const visitor = newVisitor();
  const guest = await (await browser.newContext()).newPage();
  try {
    await guest.goto('/book/riley-chen');
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    await expect(guest.getByRole('heading', { name: 'Book with Riley Chen' })).toBeVisible();
    expect(await seriousViolations(guest), 'booking page').toEqual([]);

    const startsAt = await chooseFreeTime(guest, 4 + Math.floor(Math.random() * 3));
    await expect(guest.getByRole('heading', { name: '3. Your details' })).toBeFocused();
    expect(await seriousViolations(guest), 'day, time and details').toEqual([]);
    await fillDetails(guest, visitor);
    await guest.getByRole('button', { name: 'Send booking request' }).click();

    await expect(
      guest.getByRole('heading', { name: 'Request received — the practitioner will confirm' }),
    ).toBeVisible();
    const manage = guest.getByRole('link', { name: 'Cancel or reschedule this booking' });
    const manageHref = await manage.getAttribute('href');
    expect(manageHref).toMatch(/^\/book\/riley-chen\?manage=.+/);
    expect(await seriousViolations(guest), 'confirmation').toEqual([]);
    const mail = await waitForMail(visitor.email);
    expect(mail.text.replace(/&amp;/g, '&')).toContain(manageHref);

    await loginAs('practitioner', { path: '/practitioner/public-bookings' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public Bookings');
    const pending = page.getByRole('table', { name: /^Pending booking requests/ });
    const row = pending.getByRole('row').filter({ hasText: visitor.name });
    await expect(row).toContainText('Sore knee after running');
    expect(await seriousViolations(page), 'pending requests').toEqual([]);
    await row.getByRole('button', { name: new RegExp(`^Confirm: ${visitor.name}`) }).click();
    await expect(toastOn(page)).toContainText(`Confirmed: ${visitor.name} is booked`);
    await expect(row).toHaveCount(0);

    await page.getByRole('tab', { name: 'Confirmed' }).click();
    const confirmed = page
      .getByRole('table', { name: /^Confirmed booking requests/ })
      .getByRole('row')
      .filter({ hasText: visitor.name });
    await expect(confirmed.getByRole('link', { name: `Patient record of ${visitor.name}` })).toBeVisible();
    expect(await seriousViolations(page), 'confirmed requests').toEqual([]);

    const day = format(new Date(startsAt), 'yyyy-MM-dd');
    await page.goto(`/appointments?from=${day}&to=${day}`);
    const upcoming = page.getByRole('table', { name: /^Upcoming appointments/ });
    await expect(upcoming.getByRole('row').filter({ hasText: visitor.name })).toContainText(
      format(new Date(startsAt), 'HH:mm'),
    );

    await guest.goto(manageHref ?? '');
    await expect(guest.getByRole('heading', { name: 'Your booking with Riley Chen' })).toBeVisible();
    await expect(guest.getByText('Confirmed', { exact: true })).toBeVisible();
    expect(await seriousViolations(guest), 'manage booking').toEqual([]);
  } finally {
    await guest.context().close();
  }
});

test('the practitioner’s open list follows a request as it arrives and moves; a decline reaches the visitor’s link', async ({
  browser,
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const visitor = newVisitor();
  await loginAs('practitioner', { path: '/practitioner/public-bookings' });
  await expect(page.getByRole('tab', { name: /^Pending/, selected: true })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: visitor.name });

  const guest = await (await browser.newContext()).newPage();
  try {
    // /booking-demo is the demo practitioner's real page: it books.
    await guest.goto('/booking-demo');
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Booking Demo');
    const startsAt = await chooseFreeTime(guest, 4 + Math.floor(Math.random() * 3));
    await fillDetails(guest, visitor);
    await guest.getByRole('button', { name: 'Send booking request' }).click();
    const manageHref = await guest
      .getByRole('link', { name: 'Cancel or reschedule this booking' })
      .getAttribute('href');

    // No reload: the push brings the request to the open list.
    await expect(rows).toContainText(pageFormat.fullDateTime(startsAt));

    await guest.goto(manageHref ?? '');
    await expect(guest.getByText('Waiting for the practitioner to confirm')).toBeVisible();
    await guest.getByRole('button', { name: 'Reschedule' }).click();
    await expect(
      guest.getByRole('heading', { name: 'Choose a new time for Follow-up (30 min)' }),
    ).toBeVisible();
    const days = guest.getByRole('list', { name: 'Days' });
    await expect(days.getByRole('button', { disabled: false }).first()).toBeVisible();
    await pick(await days.getByRole('button', { disabled: false }).all()).click();
    const times = guest.getByRole('list', { name: /^Free times on / }).getByRole('button');
    await expect(times.first()).toBeVisible();
    const time = pick(await times.all());
    const movedTo = (await time.locator('time').getAttribute('datetime')) ?? '';
    await time.click();
    expect(await seriousViolations(guest), 'reschedule').toEqual([]);
    await guest.getByRole('button', { name: /^Move to / }).click();
    await expect(guest.getByRole('heading', { name: /^Choose a new time/ })).toHaveCount(0);
    // A visitor's page has the toaster too: the move is said, not only shown.
    await expect(toastOn(guest)).toContainText('Moved to');
    await expect(rows).toContainText(pageFormat.fullDateTime(movedTo));

    await rows.getByRole('button', { name: new RegExp(`^Decline: ${visitor.name}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this request?' });
    await dialog.getByRole('button', { name: 'Decline request', exact: true }).click();
    await expect(dialog.getByText('Message is required')).toBeVisible();
    await dialog.getByLabel('Message to the visitor').fill('Riley is away that week; please call us');
    expect(await seriousViolations(page), 'decline dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Decline request', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(0);

    await guest.reload();
    await expect(
      guest.getByText('The practitioner declined this request: “Riley is away that week; please call us”'),
    ).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    expect(await seriousViolations(guest), 'declined booking').toEqual([]);
  } finally {
    await guest.context().close();
  }
});

test('a visitor cancels through their link, saying why, and the clinic sees it under Cancelled', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const visitor = newVisitor();
  await page.goto('/book/riley-chen');
  await chooseFreeTime(page, 4 + Math.floor(Math.random() * 3));
  await fillDetails(page, visitor);
  await page.getByRole('button', { name: 'Send booking request' }).click();
  await page.getByRole('link', { name: 'Cancel or reschedule this booking' }).click();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await dialog.getByLabel('Reason (optional)').fill('Feeling better');
  expect(await seriousViolations(page), 'cancel dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  await expect(page.getByText('This booking was cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

  await loginAs('staff', { path: '/practitioner/public-bookings?status=cancelled' });
  const row = page
    .getByRole('table', { name: /^Cancelled booking requests/ })
    .getByRole('row')
    .filter({ hasText: visitor.name });
  await expect(row).toContainText('Visitor’s reason: Feeling better');
  await expect(row).toContainText('Riley Chen');
  expect(await seriousViolations(page), 'cancelled requests').toEqual([]);
});

test('/dummy-booking rehearses the whole flow and stores nothing', async ({ page, request }) => {
  test.setTimeout(120_000);
  const visitor = newVisitor();
  await page.goto('/dummy-booking');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking Rehearsal');
  await expect(page.getByText(/nothing you enter is stored or sent/)).toBeVisible();
  expect(await seriousViolations(page), 'rehearsal page').toEqual([]);
  const startsAt = await chooseFreeTime(page, 4 + Math.floor(Math.random() * 3));
  await fillDetails(page, visitor);
  await page.getByRole('button', { name: 'Rehearse booking' }).click();
  await expect(page.getByRole('heading', { name: 'Rehearsal complete — nothing was stored' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cancel or reschedule/ })).toHaveCount(0);
  expect(await seriousViolations(page), 'rehearsal done').toEqual([]);

  expect(await requestsNamed(request, visitor.name)).toEqual([]);
  const mails = await (
    await fetch(`${MAIL_API_URL}/messages?to=${encodeURIComponent(visitor.email)}`)
  ).json();
  expect(mails).toEqual([]);
  // No time is held: the same time is still offered (the days either side cover any zone).
  const bookingPage = await request.get('/api/public/booking/riley-chen');
  const { services } = (await bookingPage.json()) as PublicBookingPage;
  const followUp = services.find((service) => service.name === 'Follow-up (30 min)');
  const day = (offset: number) =>
    new Date(Date.parse(startsAt) + offset * 86_400_000).toISOString().slice(0, 10);
  const slots = await request.get(
    `/api/public/booking/riley-chen/slots?${new URLSearchParams({ serviceTypeId: followUp?.id ?? '', from: day(-1), to: day(1) })}`,
  );
  expect(slots.status(), await slots.text()).toBe(200);
  const free = ((await slots.json()) as PublicSlotsAnswer).slots.map((slot) => slot.startsAt);
  expect(free).toContain(startsAt);
});

test('an unknown booking link says so plainly, axe clean', async ({ page }) => {
  await page.goto('/book/no-such-practitioner');
  await expect(page.getByRole('heading', { name: 'This booking page does not exist' })).toBeVisible();
  expect(await seriousViolations(page), 'unknown link').toEqual([]);
});
