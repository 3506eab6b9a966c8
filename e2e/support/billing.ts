import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { set } from 'date-fns';
import type { Invoice, InvoiceAnswer } from '../../src/shared/billing';
import type { ServiceType } from '../../src/shared/scheduling';
import { registerThrowaway, type Throwaway } from './accounts';
import { seriousViolations } from './axe';
import { bookAtAFreeTime } from './booking';
import { expect } from './fixtures';
import { demoLogin } from './live';

/** What billing journeys share: a patient of their own, and a completed session of theirs to bill. */

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A patient of the journey's own, named `<prefix>xxxxxx Tester`. */
export async function newPatient(
  request: APIRequestContext,
  prefix = 'Billie',
): Promise<Throwaway & { name: string }> {
  const firstName = `${prefix}${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
  const patient = await registerThrowaway(request, { role: 'patient', firstName });
  return { ...patient, name: `${firstName} Tester` };
}

/** A session of the patient's with the demo practitioner, some weeks ahead, booked and marked completed. */
export async function completedSession(
  request: APIRequestContext,
  staffToken: string,
  patientId: string,
  { complete = true }: { complete?: boolean } = {},
) {
  const practitioner = await demoLogin(request, 'practitioner');
  const services = (await (
    await request.get('/api/service-types', { headers: auth(staffToken) })
  ).json()) as ServiceType[];
  const service = services.find((candidate) => candidate.active && candidate.priceCents > 0);
  if (!service) throw new Error('The demo clinic offers no priced service');
  // A random time some weeks ahead.
  const appointment = await bookAtAFreeTime(
    request,
    staffToken,
    { patientId, practitionerId: practitioner.user.id, serviceTypeId: service.id },
    () => ({
      startsAt: set(new Date(Date.now() + (20 + Math.floor(Math.random() * 300)) * 86_400_000), {
        hours: 6 + Math.floor(Math.random() * 12),
        minutes: 5 * Math.floor(Math.random() * 12),
        seconds: 0,
        milliseconds: 0,
      }),
    }),
  );
  if (!complete) return { service, appointment };
  const completed = await request.post(`/api/appointments/${appointment.id}/complete`, {
    headers: auth(staffToken),
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return { service, appointment };
}

/** A card kept on file by the patient with consent, through the test provider, as My Billing does it. */
export async function cardOnFile(request: APIRequestContext, patientToken: string, cardNumber: string) {
  const setup = await request.post('/api/billing/cards/setup', { headers: auth(patientToken) });
  expect(setup.status(), await setup.text()).toBe(200);
  const { clientSecret, setupIntentId } = (await setup.json()) as {
    clientSecret: string;
    setupIntentId: string;
  };
  const confirmed = await request.post('/api/payments/test/confirm-setup', {
    data: { clientSecret, cardNumber, expiry: '12/40', cvc: '123' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const saved = await request.post('/api/billing/cards', {
    headers: auth(patientToken),
    data: { setupIntentId, consent: true },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

/** A sent invoice of one free line, made through the API. */
export async function sentInvoice(
  request: APIRequestContext,
  staffToken: string,
  line: { patientId: string; cents: number; description?: string },
) {
  const { patientId, cents, description = 'Exercise programme' } = line;
  const created = await request.post('/api/invoices', {
    headers: auth(staffToken),
    data: {
      patientId,
      lineItems: [{ description, quantity: 1, unitPriceCents: cents }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { invoice } = (await created.json()) as InvoiceAnswer;
  const sent = await request.post(`/api/invoices/${invoice.id}/send`, { headers: auth(staffToken) });
  expect(sent.status(), await sent.text()).toBe(200);
  return ((await sent.json()) as InvoiceAnswer).invoice as Invoice & { number: string };
}

export const statusOf = (panel: Locator) =>
  panel.locator('span', { hasText: /^(Draft|Sent|Partially paid|Paid|Overdue|Void)$/ });
export const figure = (panel: Locator, label: string) =>
  panel.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/**
 * Axe once the toasts of earlier steps have gone: one caught fading out is a half-transparent text whose
 * contrast axe measures mid-animation.
 */
export async function settledViolations(page: Page) {
  // A toast under the pointer waits for it to leave; the side panel's buttons sit beside the toasts.
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 30_000 });
  return seriousViolations(page);
}
