import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import { appointments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { call, careTeam, serviceType, slotAt } from './testing';

/**
 * A practitioner is never double-booked, however the requests race: twenty bookings of one slot fired at
 * once (from staff, an admin and the practitioner) leave exactly one. On
 * PostgreSQL (TEST_DATABASE_URL) the requests run on separate connections and truly overlap.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the double-booking race', () => {
  it('lets exactly one of 20 concurrent bookings of one slot through; the others get 409', async () => {
    const { practitioner, patient } = await careTeam(t);
    const others = await Promise.all(Array.from({ length: 4 }, () => createPerson(t, 'patient')));
    const service = await serviceType(t, { durationMinutes: 60 });
    const slot = slotAt(7);
    const bookers = ['staff', 'admin', practitioner] as const;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const who = bookers[i % bookers.length];
        // Staggered by minutes within the hour: every one overlaps every other, none is identical.
        const startsAt = new Date(Date.parse(slot.startsAt) + (i % 5) * 60_000).toISOString();
        const patientId = who === practitioner ? patient.id : others[i % others.length].id;
        return call(t, who, {
          method: 'POST',
          url: '/api/appointments',
          payload: { patientId, practitionerId: practitioner.id, serviceTypeId: service.id, startsAt },
        });
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    const bodies = responses.map((response) => `${response.statusCode} ${response.body}`).join('\n');
    expect(
      statuses.filter((status) => status === 201),
      bodies,
    ).toHaveLength(1);
    expect(
      statuses.filter((status) => status === 409),
      bodies,
    ).toHaveLength(19);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409))
      expect(response.json().message).toBe(SCHEDULING_ERRORS.overlap);
    const stored = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.practitionerId, practitioner.id));
    expect(stored).toHaveLength(1);
  });

  it('lets one of 20 concurrent moves into a freed slot through', async () => {
    const { practitioner, patient } = await careTeam(t);
    const service = await serviceType(t, { durationMinutes: 30 });
    const target = slotAt(8);
    const made = [];
    for (let i = 0; i < 20; i++)
      made.push(
        (
          await call(t, 'staff', {
            method: 'POST',
            url: '/api/appointments',
            payload: {
              patientId: patient.id,
              practitionerId: practitioner.id,
              serviceTypeId: service.id,
              startsAt: new Date(Date.parse(target.startsAt) + (i + 1) * 24 * 3_600_000).toISOString(),
            },
          })
        ).json().id as string,
      );
    const responses = await Promise.all(
      made.map((id) =>
        call(t, 'staff', {
          method: 'PATCH',
          url: `/api/appointments/${id}`,
          payload: { startsAt: target.startsAt },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
  });
});
