import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Appointment, type AppointmentPage, SCHEDULING_ERRORS } from '../../../shared/scheduling';
import { activityLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { PRACTITIONER_BOOKS_OWN } from './booking';
import { NO_SHOW_TOO_EARLY } from './changes';
import { book, call, careTeam, expectStatus, openAllWeek, serviceType, slotAt } from './testing';

let t: TestApp;
let service: { id: string; durationMinutes: number };
let practitioner: TestPerson;
let patient: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  service = await serviceType(t, { durationMinutes: 45 });
  ({ practitioner, patient } = await careTeam(t));
  await openAllWeek(t, practitioner.id);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const post = (url: string, payload?: unknown) => ({ method: 'POST' as const, url, payload });

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

describe('lists', () => {
  it('pages by cursor, filters by window, scope and person, and shows each role only what it may see', async () => {
    const team = await careTeam(t);
    const other = await careTeam(t);
    const service30 = await serviceType(t, { durationMinutes: 30 });
    const day = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 40 * 24 * HOUR;
    const made: Appointment[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await book(t, 'staff', {
          patientId: team.patient.id,
          practitionerId: team.practitioner.id,
          serviceTypeId: service30.id,
          startsAt: new Date(day + i * HOUR).toISOString(),
        }),
      );
    await book(t, 'staff', {
      patientId: other.patient.id,
      practitionerId: other.practitioner.id,
      serviceTypeId: service30.id,
      startsAt: new Date(day).toISOString(),
    });
    const window = `from=${new Date(day).toISOString()}&to=${new Date(day + 24 * HOUR).toISOString()}`;

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/appointments?${window}&practitionerId=${team.practitioner.id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: AppointmentPage = await expectStatus<AppointmentPage>(t, 'staff', {
        method: 'GET',
        url,
        status: 200,
      });
      pages.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(made.map((item) => item.id));

    const everyone = await expectStatus<AppointmentPage>(t, 'admin', {
      method: 'GET',
      url: `/api/appointments?${window}`,
      status: 200,
    });
    expect(everyone.items.length).toBeGreaterThanOrEqual(6);
    const theirs = await expectStatus<AppointmentPage>(t, team.practitioner, {
      method: 'GET',
      url: `/api/appointments?${window}`,
      status: 200,
    });
    expect(theirs.items.map((item) => item.id)).toEqual(made.map((item) => item.id));
    const own = await expectStatus<AppointmentPage>(t, other.patient, {
      method: 'GET',
      url: `/api/appointments?${window}`,
      status: 200,
    });
    expect(own.items.map((item) => item.patientId)).toEqual([other.patient.id]);
    // Asking for someone else's appointments answers none, not theirs.
    const peeking = await expectStatus<AppointmentPage>(t, other.patient, {
      method: 'GET',
      url: `/api/appointments?patientId=${team.patient.id}`,
      status: 200,
    });
    expect(peeking.items).toEqual([]);

    await expectStatus(t, 'staff', {
      ...post(`/api/appointments/${made[0].id}/cancel`, { reason: 'Clash with work' }),
      status: 200,
    });
    const cancelled = await expectStatus<AppointmentPage>(t, team.patient, {
      method: 'GET',
      url: '/api/appointments?scope=cancelled',
      status: 200,
    });
    expect(cancelled.items.map((item) => item.id)).toEqual([made[0].id]);
    const upcoming = await expectStatus<AppointmentPage>(t, team.patient, {
      method: 'GET',
      url: '/api/appointments?scope=upcoming',
      status: 200,
    });
    expect(upcoming.items.map((item) => item.id)).toEqual(made.slice(1).map((item) => item.id));
    const past = await expectStatus<AppointmentPage>(t, team.patient, {
      method: 'GET',
      url: '/api/appointments?scope=past',
      status: 200,
    });
    expect(past.items).toEqual([]);
  });

  it('answers bad filters with 400', async () => {
    for (const query of [
      'cursor=nonsense',
      'scope=soon',
      'limit=0',
      'from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z',
      'status=lost',
    ]) {
      const response = await call(t, 'staff', { method: 'GET', url: `/api/appointments?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('activity log', () => {
  it('records every read and write with the patient, never the notes', async () => {
    const made = await book(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      ...slotAt(),
    });
    await expectStatus(t, patient, { method: 'GET', url: `/api/appointments/${made.id}`, status: 200 });
    await expectStatus(t, practitioner, {
      method: 'PATCH',
      url: `/api/appointments/${made.id}`,
      payload: { notes: 'Private detail' },
      status: 200,
    });
    await expectStatus(t, 'staff', {
      ...post(`/api/appointments/${made.id}/cancel`, { reason: 'Unwell' }),
      status: 200,
    });
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'appointment'), eq(activityLog.entityId, made.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      ['appointment.cancelled', 'appointment.created', 'appointment.updated', 'appointment.viewed'].sort(),
    );
    for (const entry of entries) expect(entry.details).toMatchObject({ patientId: patient.id });
    expect(JSON.stringify(entries)).not.toContain('Private detail');
    await expectStatus(t, patient, { method: 'GET', url: '/api/appointments', status: 200 });
    const [listed] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'appointment.listed'), eq(activityLog.actorId, patient.id)));
    expect(listed).toBeDefined();
  });
});
