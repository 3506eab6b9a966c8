import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, demoAccount, registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

/**
 * The waitlist journey: a member joins the waitlist of a full event, the member holding the seat cancels, the
 * first in line is offered the seat live and accepts it, and an admin checks them in at the door.
 */

const DAY = 86_400_000;

async function createFullEvent(request: APIRequestContext, title: string) {
  const admin = await apiLogin(request, demoAccount('admin').email, DEMO_PASSWORD);
  const startsAt = new Date(Date.now() + 7 * DAY);
  const created = await request.post('/api/events', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      title,
      description: 'A small group session in the clinic garden.',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
      place: 'Clinic garden',
      capacity: 1,
      priceCents: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { id: string } };
  const holder = await registerThrowaway(request, { role: 'member', firstName: 'Seat' });
  const seat = await request.post(`/api/events/${event.id}/registration`, {
    headers: { Authorization: `Bearer ${holder.token}` },
  });
  expect(seat.status(), await seat.text()).toBe(200);
  return { eventId: event.id, holder };
}

test('a member waits for a full event, is offered the freed seat, accepts it and is checked in', async ({
  page,
  request,
  loginAs,
  loginWithToken,
}) => {
  const title = `Garden session ${randomUUID().slice(0, 6)}`;
  const { eventId, holder } = await createFullEvent(request, title);

  // A member of its own: the seat's offer must not pop up in other journeys signed in as the demo member.
  const waiting = await registerThrowaway(request, { role: 'member', firstName: 'Waiting' });
  await loginWithToken(waiting.token, '/member/events');
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Full');
  await card.getByRole('button', { name: `Join the waitlist for ${title}` }).click();
  await expect(card).toContainText('Waitlisted');
  await expect(card).toContainText('number 1 in line');
  expect(await seriousViolations(page)).toEqual([]);

  // The member holding the seat cancels; the seat is offered to the first in line without a reload.
  const cancelled = await request.post(`/api/events/${eventId}/registration/cancel`, {
    headers: { Authorization: `Bearer ${holder.token}` },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect(card).toContainText('Seat offered');
  await card.getByRole('button', { name: 'Accept the seat' }).click();
  await expect(card.getByText('Registered', { exact: true })).toBeVisible();

  // At the door: the admin finds them on the attendee list and checks them in.
  await loginAs('admin', { path: '/admin/events' });
  await page.getByRole('button', { name: `Attendees of ${title}` }).click();
  const attendees = page.getByRole('table', { name: `Attendees and waitlist of ${title}` });
  const name = `${waiting.user.firstName} ${waiting.user.lastName}`;
  await attendees.getByRole('button', { name: `Check in ${name}` }).click();
  await expect(attendees.getByRole('row', { name: new RegExp(name) })).toContainText('Checked in');
  expect(await seriousViolations(page)).toEqual([]);
});
