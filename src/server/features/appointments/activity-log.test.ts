import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema';
import type { TestApp } from '../../test/app';
import type { TestPerson } from '../../test/people';
import { book, bookingClinic, expectStatus, post, slotAt } from './testing';

let t: TestApp;
let service: { id: string; durationMinutes: number };
let practitioner: TestPerson;
let patient: TestPerson;

beforeAll(async () => {
  ({ t, service, practitioner, patient } = await bookingClinic());
});
afterAll(() => t.close());

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
