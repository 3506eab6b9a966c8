import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, ServiceType } from '../../../shared/scheduling';
import type { TelehealthSession, VideoVisitsAnswer } from '../../../shared/telehealth';
import { createTestApp, type TestApp } from '../../test/app';
import { DEMO_VIDEO_SERVICE } from './demo';
import { call, setVideoVisits } from './testing';

/** The demo clinic has video visits on, a video service, and video visits for the demo patient to open. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
});
afterAll(() => t.close());

describe('the demo clinic’s video visits', () => {
  it('lists the demo patient’s video visits with the demo practitioner, and the practitioner’s', async () => {
    const { visits } = (
      await call(t, 'patient', { method: 'GET', url: '/api/telehealth/visits' })
    ).json<VideoVisitsAnswer>();
    expect(visits.length).toBeGreaterThanOrEqual(1);
    const practitioners = (
      await call(t, 'practitioner', { method: 'GET', url: '/api/telehealth/visits' })
    ).json<VideoVisitsAnswer>();
    expect(practitioners.visits.map((visit) => visit.appointmentId)).toEqual(
      expect.arrayContaining(visits.map((visit) => visit.appointmentId)),
    );
    const session = await call(t, 'patient', {
      method: 'GET',
      url: `/api/telehealth/sessions/${visits[0].appointmentId}`,
    });
    expect(session.json<TelehealthSession>()).toMatchObject({ role: 'patient', state: 'not_started' });
    const services = (await call(t, 'staff', { method: 'GET', url: '/api/service-types' })).json<
      ServiceType[]
    >();
    expect(services.find((service) => service.name === DEMO_VIDEO_SERVICE.name)?.isVideo).toBe(true);
  });

  it('shows them as ordinary appointments once an admin turns video visits off', async () => {
    const { visits } = (
      await call(t, 'patient', { method: 'GET', url: '/api/telehealth/visits' })
    ).json<VideoVisitsAnswer>();
    await setVideoVisits(t, false);
    try {
      const appointment = (
        await call(t, 'patient', { method: 'GET', url: `/api/appointments/${visits[0].appointmentId}` })
      ).json<Appointment>();
      expect('isVideo' in appointment || 'joinUrl' in appointment).toBe(false);
    } finally {
      await setVideoVisits(t, true);
    }
  });
});
