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
export async function completedSession(request: APIRequestContext, staffToken: string, patientId: string) {
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
  const completed = await request.post(`/api/appointments/${appointment.id}/complete`, {
    headers: auth(staffToken),
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return { service, appointment };
}
