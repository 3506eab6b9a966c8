import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { set } from 'date-fns';
import type { Appointment, ServiceType } from '../../src/shared/scheduling';
import { registerThrowaway, type Throwaway } from './accounts';
import { expect } from './fixtures';
import { demoLogin } from './live';

/** What billing journeys share: a patient of their own, and a completed session of theirs to bill. */

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function newPatient(request: APIRequestContext): Promise<Throwaway & { name: string }> {
  const firstName = `Billie${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
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
  const day = new Date(Date.now() + (20 + Math.floor(Math.random() * 300)) * 24 * 60 * 60 * 1000);
  const startsAt = set(day, {
    hours: 6 + Math.floor(Math.random() * 12),
    minutes: 5 * Math.floor(Math.random() * 12),
    seconds: 0,
    milliseconds: 0,
  });
  const booked = await request.post('/api/appointments', {
    headers: auth(staffToken),
    data: {
      patientId,
      practitionerId: practitioner.user.id,
      serviceTypeId: service.id,
      startsAt: startsAt.toISOString(),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as Appointment;
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
