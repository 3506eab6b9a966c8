import type { Appointment } from '../../../shared/scheduling';
import type { TelehealthSession } from '../../../shared/telehealth';
import type { TestApp } from '../../test/app';
import { expectStatus, serviceType, slotAt, type Who } from '../appointments/testing';

export { call, careTeam, expectStatus, type Who } from '../appointments/testing';

/** Turns video visits on or off, as an admin does in Settings. */
export const setVideoVisits = (t: TestApp, on: boolean) =>
  expectStatus(t, 'admin', {
    method: 'PUT',
    url: '/api/clinic/features',
    payload: { videoVisits: on },
    status: 200,
  });

/** A video visit booked by staff (confirmed), `daysAhead` days from now (negative for the past). */
export async function videoVisit(
  t: TestApp,
  {
    practitionerId,
    patientId,
    daysAhead = 3,
  }: { practitionerId: string; patientId: string; daysAhead?: number },
) {
  const service = await serviceType(t, { durationMinutes: 30 });
  return expectStatus<Appointment>(t, 'staff', {
    method: 'POST',
    url: '/api/appointments',
    payload: {
      practitionerId,
      patientId,
      serviceTypeId: service.id,
      startsAt: slotAt(daysAhead).startsAt,
      isVideo: true,
    },
    status: 201,
  });
}

const sessionUrl = (id: string, action = '') => `/api/telehealth/sessions/${id}${action ? `/${action}` : ''}`;

/** A host's action on a call, expecting it to succeed. */
export const hostDoes = (
  t: TestApp,
  host: Who,
  {
    id,
    action,
    userId,
  }: { id: string; action: 'start' | 'end' | 'complete' | 'admit' | 'invite'; userId?: string },
) =>
  expectStatus<TelehealthSession>(t, host, {
    method: 'POST',
    url: sessionUrl(id, action),
    payload: userId ? { userId } : {},
    status: 200,
  });

export { sessionUrl };
