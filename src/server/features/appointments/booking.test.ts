import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { PRACTITIONER_BOOKS_OWN } from './booking';
import { book, bookingClinic, call, expectStatus, HOUR, plus, post, serviceType, slotAt } from './testing';

let t: TestApp;
let service: { id: string; durationMinutes: number };
let practitioner: TestPerson;
let patient: TestPerson;

beforeAll(async () => {
  ({ t, service, practitioner, patient } = await bookingClinic());
});
afterAll(() => t.close());

describe('booking', () => {
  it('books with names, the service colour and the service length; the clinic books confirmed', async () => {
    const { startsAt } = slotAt();
    const created = await book(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      startsAt,
    });
    expect(created).toMatchObject({
      patientId: patient.id,
      patientName: `${patient.firstName} ${patient.lastName}`,
      practitionerId: practitioner.id,
      practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
      serviceTypeId: service.id,
      colour: '#2563eb',
      startsAt,
      endsAt: plus(startsAt, 45 * 60_000),
      status: 'confirmed',
      cancellationReason: null,
      notes: '',
    });
    const read = await expectStatus(t, patient, {
      method: 'GET',
      url: `/api/appointments/${created.id}`,
      status: 200,
    });
    expect(read).toEqual(created);
  });

  it('refuses a time that overlaps another active appointment of the practitioner, and allows one that touches it', async () => {
    const slot = slotAt();
    const base = { patientId: patient.id, practitionerId: practitioner.id, serviceTypeId: service.id };
    await book(t, 'staff', { ...base, ...slot });
    const clash = await call(
      t,
      'admin',
      post('/api/appointments', { ...base, startsAt: plus(slot.startsAt, 30 * 60_000) }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(SCHEDULING_ERRORS.overlap);
    // Back to back is fine: ranges are half-open.
    await book(t, 'staff', { ...base, startsAt: slot.endsAt });
    // Another practitioner is free at that time.
    const other = await createPerson(t, 'practitioner');
    await book(t, 'staff', { ...base, practitionerId: other.id, ...slot });
  });

  it.each([
    ['cancel', 'cancel', { reason: 'Feeling better' }],
    ['no-show', 'no-show', undefined],
  ])('frees the slot once the appointment is %s', async (_label, action, body) => {
    const slot = slotAt(-3);
    const base = {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      ...slot,
    };
    const first = await book(t, 'staff', base);
    await expectStatus(t, 'staff', { ...post(`/api/appointments/${first.id}/${action}`, body), status: 200 });
    const second = await book(t, 'staff', base);
    expect(second.status).toBe('confirmed');
  });

  it('answers bad times, lengths, people and services with a 400 or 404 that says why', async () => {
    const slot = slotAt();
    const base = {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      ...slot,
    };
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ endsAt: slot.startsAt }, 400, SCHEDULING_ERRORS.endBeforeStart, 'endsAt'],
      [{ endsAt: plus(slot.startsAt, -HOUR) }, 400, SCHEDULING_ERRORS.endBeforeStart, 'endsAt'],
      [{ endsAt: plus(slot.startsAt, 60_000) }, 400, SCHEDULING_ERRORS.tooShort, 'endsAt'],
      [{ endsAt: plus(slot.startsAt, 9 * HOUR) }, 400, SCHEDULING_ERRORS.tooLong, 'endsAt'],
      [{ practitionerId: patient.id }, 400, SCHEDULING_ERRORS.notPractitioner, 'practitionerId'],
      [{ patientId: practitioner.id }, 404, SCHEDULING_ERRORS.notPatient],
      [{ patientId: '00000000-0000-4000-8000-000000000000' }, 404, SCHEDULING_ERRORS.notPatient],
      [
        { serviceTypeId: '00000000-0000-4000-8000-000000000000' },
        400,
        SCHEDULING_ERRORS.serviceNotFound,
        'serviceTypeId',
      ],
      [{ startsAt: 'tomorrow' }, 400, 'Start must be a date and time (ISO 8601)', 'startsAt'],
      [
        { startsAt: '9999-12-31T23:30:00Z', endsAt: undefined },
        400,
        'Start must fall between 1900 and 2199',
        'startsAt',
      ],
      [
        { startsAt: '0001-01-01T09:00:00Z', endsAt: '0001-01-01T10:00:00Z' },
        400,
        'Start must fall between 1900 and 2199',
        'startsAt',
      ],
    ];
    for (const [change, status, message, field] of cases) {
      const response = await call(t, 'staff', post('/api/appointments', { ...base, ...change }));
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(response.json().message).toContain(message);
      if (field) expect(response.json().fields[field]).toBe(message);
    }
    const retired = await serviceType(t, { active: false });
    const response = await call(
      t,
      'staff',
      post('/api/appointments', { ...base, serviceTypeId: retired.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.serviceTypeId).toBe(SCHEDULING_ERRORS.serviceInactive);
  });

  it('lets a practitioner book their own patients with themselves only', async () => {
    const slot = slotAt();
    const base = { patientId: patient.id, serviceTypeId: service.id, ...slot };
    await book(t, practitioner, { ...base, practitionerId: practitioner.id });
    const colleague = await createPerson(t, 'practitioner');
    const forOther = await call(
      t,
      practitioner,
      post('/api/appointments', { ...base, practitionerId: colleague.id }),
    );
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe(PRACTITIONER_BOOKS_OWN);
    // A patient outside their reach does not exist for them.
    const stranger = await createPerson(t, 'patient');
    const outside = await call(
      t,
      practitioner,
      post('/api/appointments', {
        ...base,
        ...slotAt(),
        patientId: stranger.id,
        practitionerId: practitioner.id,
      }),
    );
    expect(outside.statusCode).toBe(404);
  });

  it('brings the patient into the practitioner’s reach once booked with them', async () => {
    const newcomer = await createPerson(t, 'practitioner');
    const stranger = await createPerson(t, 'patient');
    const record = { method: 'GET' as const, url: `/api/patients/${stranger.id}` };
    expect((await call(t, newcomer, record)).statusCode).toBe(404);
    await book(t, 'staff', {
      patientId: stranger.id,
      practitionerId: newcomer.id,
      serviceTypeId: service.id,
      ...slotAt(),
    });
    expect((await call(t, newcomer, record)).statusCode).toBe(200);
  });
});
