import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { TestApp } from '../../test/app';
import type { TestPerson } from '../../test/people';
import { NO_SHOW_TOO_EARLY } from './changes';
import { book, bookingClinic, call, expectStatus, plus, post, serviceType, slotAt } from './testing';

let t: TestApp;
let service: { id: string; durationMinutes: number };
let practitioner: TestPerson;
let patient: TestPerson;

beforeAll(async () => {
  ({ t, service, practitioner, patient } = await bookingClinic());
});
afterAll(() => t.close());

describe('status changes', () => {
  const base = () => ({ patientId: patient.id, practitionerId: practitioner.id, serviceTypeId: service.id });

  it('moves through check-in and completion, and refuses what its status does not allow with 409', async () => {
    const visit = await book(t, 'staff', { ...base(), ...slotAt(-1) });
    const checkedIn = await expectStatus(t, practitioner, {
      ...post(`/api/appointments/${visit.id}/check-in`),
      status: 200,
    });
    expect(checkedIn.status).toBe('checked_in');
    const refusedNoShow = await call(t, practitioner, post(`/api/appointments/${visit.id}/no-show`));
    expect(refusedNoShow.statusCode).toBe(409);
    expect(refusedNoShow.json().message).toBe('A checked-in appointment cannot be marked as no-show');
    const done = await expectStatus(t, practitioner, {
      ...post(`/api/appointments/${visit.id}/complete`),
      status: 200,
    });
    expect(done.status).toBe('completed');
    const edit = await call(t, 'staff', {
      method: 'PATCH',
      url: `/api/appointments/${visit.id}`,
      payload: { notes: 'x' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(SCHEDULING_ERRORS.notEditable);
    const cancel = await call(t, 'staff', post(`/api/appointments/${visit.id}/cancel`, { reason: 'Late' }));
    expect(cancel.statusCode).toBe(409);

    const gone = await book(t, 'staff', { ...base(), ...slotAt() });
    await expectStatus(t, 'staff', {
      ...post(`/api/appointments/${gone.id}/cancel`, { reason: 'Ill' }),
      status: 200,
    });
    for (const action of ['complete', 'check-in', 'no-show', 'confirm']) {
      const response = await call(t, 'admin', post(`/api/appointments/${gone.id}/${action}`));
      expect(response.statusCode, action).toBe(409);
      expect(response.json().message).toMatch(/^A cancelled appointment cannot be/);
    }
  });

  it('confirms a requested appointment, and records a no-show only once it has started', async () => {
    const requested = await book(t, patient, {
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      startsAt: slotAt(4).startsAt,
    });
    const confirmed = await expectStatus(t, practitioner, {
      ...post(`/api/appointments/${requested.id}/confirm`),
      status: 200,
    });
    expect(confirmed.status).toBe('confirmed');
    const early = await call(t, practitioner, post(`/api/appointments/${requested.id}/no-show`));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NO_SHOW_TOO_EARLY);
  });

  it('reschedules keeping the length, takes a new service’s length, and refuses a clash', async () => {
    const first = await book(t, 'staff', { ...base(), ...slotAt() });
    const target = slotAt();
    const moved = await expectStatus(t, 'staff', {
      method: 'PATCH',
      url: `/api/appointments/${first.id}`,
      payload: { startsAt: target.startsAt },
      status: 200,
    });
    expect(moved).toMatchObject({ startsAt: target.startsAt, endsAt: target.endsAt });
    const longer = await serviceType(t, { durationMinutes: 90 });
    const reserviced = await expectStatus(t, practitioner, {
      method: 'PATCH',
      url: `/api/appointments/${first.id}`,
      payload: { serviceTypeId: longer.id, notes: 'Bring shoes' },
      status: 200,
    });
    expect(reserviced).toMatchObject({
      serviceTypeId: longer.id,
      endsAt: plus(target.startsAt, 90 * 60_000),
      notes: 'Bring shoes',
    });

    const second = await book(t, 'staff', { ...base(), ...slotAt() });
    const clash = await call(t, 'staff', {
      method: 'PATCH',
      url: `/api/appointments/${second.id}`,
      payload: { startsAt: plus(target.startsAt, 30 * 60_000) },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(SCHEDULING_ERRORS.overlap);
    const backwards = await call(t, 'staff', {
      method: 'PATCH',
      url: `/api/appointments/${second.id}`,
      payload: { startsAt: target.endsAt, endsAt: target.startsAt },
    });
    expect(backwards.statusCode).toBe(400);
  });
});
