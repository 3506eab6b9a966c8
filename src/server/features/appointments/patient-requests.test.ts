import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { book, bookingClinic, call, careTeam, expectStatus, HOUR, plus, post, slotAt } from './testing';

let t: TestApp;
let service: { id: string; durationMinutes: number };
let practitioner: TestPerson;
let patient: TestPerson;

beforeAll(async () => {
  ({ t, service, practitioner, patient } = await bookingClinic());
});
afterAll(() => t.close());

describe('a patient', () => {
  it('requests a future time with their care-team practitioner for themselves, waiting as scheduled', async () => {
    const { startsAt } = slotAt(5);
    const requested = await book(t, patient, {
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      startsAt,
    });
    expect(requested).toMatchObject({
      patientId: patient.id,
      status: 'scheduled',
      endsAt: plus(startsAt, 45 * 60_000),
    });

    const outsider = await createPerson(t, 'practitioner');
    const notMine = await call(
      t,
      patient,
      post('/api/appointments', { practitionerId: outsider.id, serviceTypeId: service.id, ...slotAt(5) }),
    );
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fields.practitionerId).toBe(SCHEDULING_ERRORS.notCareTeam);

    const past = await call(
      t,
      patient,
      post('/api/appointments', {
        practitionerId: practitioner.id,
        serviceTypeId: service.id,
        startsAt: slotAt(-2).startsAt,
      }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.startsAt).toBe(SCHEDULING_ERRORS.inThePast);

    const forSomeoneElse = await call(
      t,
      patient,
      post('/api/appointments', {
        patientId: (await demoPerson(t, 'patient')).id,
        practitionerId: practitioner.id,
        serviceTypeId: service.id,
        ...slotAt(5),
      }),
    );
    expect(forSomeoneElse.statusCode).toBe(404);
  });

  it('may ask only for one of the practitioner’s free times', async () => {
    // Taken already (the database would refuse it too, but the free times say so first).
    const taken = await book(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      ...slotAt(6),
    });
    const onTop = await call(
      t,
      patient,
      post('/api/appointments', {
        practitionerId: practitioner.id,
        serviceTypeId: service.id,
        startsAt: plus(taken.startsAt, 15 * 60_000),
      }),
    );
    expect(onTop.statusCode).toBe(409);
    expect(onTop.json().message).toBe(SCHEDULING_ERRORS.notFree);
    // A practitioner with no working hours has no free times at all.
    const team = await careTeam(t);
    const closed = await call(
      t,
      team.patient,
      post('/api/appointments', {
        practitionerId: team.practitioner.id,
        serviceTypeId: service.id,
        startsAt: slotAt(6).startsAt,
      }),
    );
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(SCHEDULING_ERRORS.notFree);
  });

  it('cancels their own only while it is more than 24 hours ahead, and never changes it otherwise', async () => {
    const base = { patientId: patient.id, practitionerId: practitioner.id, serviceTypeId: service.id };
    const later = await book(t, 'staff', { ...base, ...slotAt(3) });
    const cancelled = await expectStatus(t, patient, {
      ...post(`/api/appointments/${later.id}/cancel`, { reason: 'Away that week' }),
      status: 200,
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellationReason: 'Away that week' });

    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 20 * HOUR).toISOString();
    const soon = await book(t, 'staff', { ...base, startsAt: start });
    const tooLate = await call(t, patient, post(`/api/appointments/${soon.id}/cancel`, { reason: 'Busy' }));
    expect(tooLate.statusCode).toBe(403);
    expect(tooLate.json().message).toBe(SCHEDULING_ERRORS.cancelTooLate);
    // Staff still can.
    await expectStatus(t, 'staff', {
      ...post(`/api/appointments/${soon.id}/cancel`, { reason: 'Patient called' }),
      status: 200,
    });

    const mine = await book(t, 'staff', { ...base, ...slotAt(6) });
    for (const request of [
      { method: 'PATCH' as const, url: `/api/appointments/${mine.id}`, payload: { notes: 'x' } },
      post(`/api/appointments/${mine.id}/check-in`),
      post(`/api/appointments/${mine.id}/complete`),
      post(`/api/appointments/${mine.id}/confirm`),
    ])
      expect((await call(t, patient, request)).statusCode, request.url).toBe(403);
  });
});
