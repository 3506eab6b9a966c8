import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_BOOKING_LINK } from '../../src/shared/public-booking';
import type { Appointment, ServiceType } from '../../src/shared/scheduling';
import { apiLogin, DEMO_PASSWORD, registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin, toastOn } from '../support/live';

/**
 * The clinic's payment policy and its fees, on the demo clinic (session billing on, 24 hours, $25 and $40).
 * The policy is saved as it is, so journeys running beside this one read the same fees.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PRACTITIONERS = [
  'practitioner@demo.clinic',
  'maya.okafor@demo.clinic',
  'daniel.reyes@demo.clinic',
  'hannah.weiss@demo.clinic',
];

/**
 * Two sessions of a new patient starting at the next whole minute (with two demo practitioners whose diaries
 * are free then), and the moment they start: a no-show can be marked only once a session has begun.
 */
async function sessionsStartingNow(request: APIRequestContext, staffToken: string) {
  const firstName = `Noel${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
  const patient = await registerThrowaway(request, { role: 'patient', firstName });
  const services = (await (
    await request.get('/api/service-types', { headers: auth(staffToken) })
  ).json()) as ServiceType[];
  const service = services.find((candidate) => candidate.active && candidate.durationMinutes <= 60);
  if (!service) throw new Error('The demo clinic offers no service');
  const startsAt = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  const made: Appointment[] = [];
  for (const email of PRACTITIONERS) {
    if (made.length === 2) break;
    const practitioner = await apiLogin(request, email, DEMO_PASSWORD);
    const booked = await request.post('/api/appointments', {
      headers: auth(staffToken),
      data: {
        patientId: patient.user.id,
        practitionerId: practitioner.user.id,
        serviceTypeId: service.id,
        startsAt: startsAt.toISOString(),
      },
    });
    if (booked.status() === 201) made.push((await booked.json()) as Appointment);
  }
  expect(made).toHaveLength(2);
  return { patientName: `${firstName} Tester`, sessions: made, startsAt };
}

test('an admin sees and saves the billing policy in Settings', async ({ page, loginAs }) => {
  await loginAs('admin', { path: '/settings?tab=billing-policy' });
  await expect(page.getByRole('tab', { name: 'Billing policy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('switch', { name: 'Session billing' })).toBeChecked();
  await expect(page.getByLabel('Late-cancellation window (hours)')).toHaveValue('24');
  await expect(page.getByLabel('Late-cancellation fee ($)')).toHaveValue('25.00');
  await expect(page.getByLabel('No-show fee ($)')).toHaveValue('40.00');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('No-show fee ($)').fill('abc');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText(/^Enter an amount from \$0/)).toBeVisible();
  await page.getByLabel('No-show fee ($)').fill('40');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(toastOn(page)).toHaveText('Billing policy saved');
  await page.reload();
  await expect(page.getByLabel('No-show fee ($)')).toHaveValue('40.00');
});

test('staff mark a no-show and apply its fee, and waive another with a reason', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const staff = await demoLogin(request, 'staff');
  const { patientName, sessions, startsAt } = await sessionsStartingNow(request, staff.token);
  const [applied, waived] = sessions;
  await page.waitForTimeout(Math.max(0, startsAt.getTime() - Date.now() + 2_000));

  // The no-show is marked from the appointment's details; its fee is offered right there.
  await loginAs('staff', { path: `/appointments?appointment=${applied.id}` });
  const details = page.getByRole('dialog');
  await details.getByRole('button', { name: 'No-show' }).click();
  const offer = page.getByRole('dialog', { name: 'Charge the $40.00 no-show fee?' });
  await expect(offer).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await offer.getByRole('button', { name: 'Apply the $40.00 no-show fee' }).click();
  await expect(toastOn(page).filter({ hasText: /^Invoice INV-\d+ sent to / })).toBeVisible();
  const invoiceLink = offer.getByRole('link', { name: /^invoice INV-\d+$/ });
  await expect(invoiceLink).toBeVisible();
  await invoiceLink.click();
  await expect(page).toHaveURL(/\/billing\?invoice=/);
  await expect(page.getByText('$40.00').first()).toBeVisible();

  // The other is marked through the API; the desk waives its fee from Billing with a reason.
  const marked = await request.post(`/api/appointments/${waived.id}/no-show`, { headers: auth(staff.token) });
  expect(marked.status(), await marked.text()).toBe(200);
  await page.goto('/billing');
  const queue = page.getByRole('region', { name: 'Fees to decide' });
  const item = queue.getByRole('listitem').filter({ hasText: patientName });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: 'Waive…' }).click();
  const waive = page.getByRole('dialog', { name: 'Waive the fee?' });
  await waive.getByRole('button', { name: 'Waive fee' }).click();
  await expect(waive.getByText('Reason is required')).toBeVisible();
  await waive.getByLabel('Reason').fill('Hospital appointment ran over');
  await waive.getByRole('button', { name: 'Waive fee' }).click();
  await expect(toastOn(page).filter({ hasText: 'Fee waived' })).toBeVisible();
  await expect(item).toHaveCount(0);

  const fees = await request.get(`/api/billing/fees?appointmentId=${waived.id}`, {
    headers: auth(staff.token),
  });
  const [fee] = (await fees.json()).fees;
  expect(fee).toMatchObject({ status: 'waived', waiveReason: 'Hospital appointment ran over' });
});

test('the public booking page states the policy before the visitor confirms', async ({ page }) => {
  await page.goto(`/book/${DEMO_BOOKING_LINK}`);
  await page.getByRole('radio', { name: /Follow-up \(30 min\)/ }).check();
  const days = page.getByRole('list', { name: 'Days' });
  await days.getByRole('button', { disabled: false }).first().click();
  await page
    .getByRole('list', { name: /^Free times on / })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByRole('form', { name: 'Your details' })).toContainText(
    'Cancellation policy: cancelling less than 24 hours ahead costs $25.00; missing the session costs $40.00.',
  );
});
