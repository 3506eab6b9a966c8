import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicBookingPage } from '../../../shared/public-booking';
import type { Appointment, CalendarFeedCreated, ServiceType } from '../../../shared/scheduling';
import type { VideoVisitsAnswer } from '../../../shared/telehealth';
import { notifications } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { demoPerson } from '../../test/people';
import { appointmentJobHandlers } from '../appointments/reminders';
import { book as bookAppointment, careTeam, serviceType, slotAt } from '../appointments/testing';
import { book, bookablePractitioner, details, hourOf } from '../public-booking/testing';
import { call, expectStatus, setVideoVisits, videoVisit } from './testing';

/**
 * Services and appointments as video visits: marked, shown with their join link, carried into reminders and
 * the calendar feed, all only while the clinic has video visits on. Off, every answer is the specification's.
 */
let t: TestApp;
const APP_URL = 'https://clinic.example.test';
beforeAll(async () => {
  t = await createTestApp({ appUrl: APP_URL });
});
afterAll(() => t.close());

const joinUrlOf = (id: string) => `${APP_URL}/telehealth-session/${id}`;

async function videoService() {
  await setVideoVisits(t, true);
  return expectStatus<ServiceType>(t, 'staff', {
    method: 'POST',
    url: '/api/service-types',
    payload: {
      name: `Video follow-up ${Math.random().toString(36).slice(2, 8)}`,
      durationMinutes: 30,
      priceCents: 6000,
      colour: '#0ea5e9',
      isPublic: true,
      isVideo: true,
    },
    status: 201,
  });
}

describe('video services and appointments', () => {
  it('marks services and appointments as video visits while on, and answers as before while off', async () => {
    const service = await videoService();
    expect(service.isVideo).toBe(true);
    const { practitioner, patient } = await careTeam(t);
    const made = await bookAppointment(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      startsAt: slotAt(2).startsAt,
    });
    // Taken from the service at booking, with the call's address on the clinic's own origin.
    expect(made).toMatchObject({ isVideo: true, joinUrl: joinUrlOf(made.id) });
    const plain = await serviceType(t);
    const inPerson = await bookAppointment(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: plain.id,
      startsAt: slotAt(2).startsAt,
    });
    expect(inPerson.isVideo).toBe(false);
    expect(inPerson.joinUrl).toBeUndefined();
    // The practitioner changes it on update; the booking may say otherwise than its service.
    const changed = await expectStatus<Appointment>(t, practitioner, {
      method: 'PATCH',
      url: `/api/appointments/${inPerson.id}`,
      payload: { isVideo: true },
      status: 200,
    });
    expect(changed).toMatchObject({ isVideo: true, joinUrl: joinUrlOf(inPerson.id) });

    await setVideoVisits(t, false);
    try {
      const shown = await expectStatus<Appointment>(t, 'staff', {
        method: 'GET',
        url: `/api/appointments/${made.id}`,
        status: 200,
      });
      expect(Object.keys(shown).sort()).toEqual(
        [
          'id',
          'patientId',
          'patientName',
          'practitionerId',
          'practitionerName',
          'serviceTypeId',
          'serviceName',
          'colour',
          'startsAt',
          'endsAt',
          'status',
          'cancellationReason',
          'notes',
          'createdAt',
          'updatedAt',
        ].sort(),
      );
      const list = await expectStatus<{ items: Appointment[] }>(t, 'staff', {
        method: 'GET',
        url: `/api/appointments?patientId=${patient.id}`,
        status: 200,
      });
      for (const item of list.items) expect('isVideo' in item || 'joinUrl' in item).toBe(false);
      const services = await expectStatus<ServiceType[]>(t, 'staff', {
        method: 'GET',
        url: '/api/service-types',
        status: 200,
      });
      for (const item of services) expect('isVideo' in item).toBe(false);

      // Saying anything about video visits while they are off is refused.
      for (const request of [
        { method: 'PATCH' as const, url: `/api/appointments/${made.id}`, payload: { isVideo: false } },
        { method: 'PATCH' as const, url: `/api/service-types/${service.id}`, payload: { isVideo: false } },
        {
          method: 'POST' as const,
          url: '/api/service-types',
          payload: {
            name: 'Off video',
            durationMinutes: 30,
            priceCents: 0,
            colour: '#000000',
            isVideo: true,
          },
        },
        {
          method: 'POST' as const,
          url: '/api/appointments',
          payload: {
            patientId: patient.id,
            practitionerId: practitioner.id,
            serviceTypeId: plain.id,
            startsAt: slotAt(2).startsAt,
            isVideo: true,
          },
        },
      ]) {
        const response = await call(t, 'staff', request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(409);
        expect(response.json().message).toMatch(/^Video visits are off/);
      }
    } finally {
      await setVideoVisits(t, true);
    }
  });

  it('shows public services as video visits on the booking page only while on', async () => {
    const service = await videoService();
    const { bookingLink } = await bookablePractitioner(t);
    const page = await expectStatus<PublicBookingPage>(t, 'patient', {
      method: 'GET',
      url: `/api/public/booking/${bookingLink}`,
      status: 200,
    });
    expect(page.services.find((item) => item.id === service.id)?.isVideo).toBe(true);
    await setVideoVisits(t, false);
    try {
      const off = (
        await call(t, 'visitor', { method: 'GET', url: `/api/public/booking/${bookingLink}` })
      ).json<PublicBookingPage>();
      for (const item of off.services) expect('isVideo' in item).toBe(false);
    } finally {
      await setVideoVisits(t, true);
    }
  });

  it('books a visitor’s request for a video service as a video visit', async () => {
    const service = await videoService();
    const { practitioner, bookingLink } = await bookablePractitioner(t, { autoConfirm: true });
    const startsAt = hourOf(3, 10);
    await book(t, bookingLink, { serviceTypeId: service.id, startsAt, ...details() });
    const { items } = await expectStatus<{ items: Appointment[] }>(t, 'staff', {
      method: 'GET',
      url: `/api/appointments?practitionerId=${practitioner.id}`,
      status: 200,
    });
    const made = items.find((item) => item.startsAt === startsAt);
    expect(made).toMatchObject({ isVideo: true, joinUrl: joinUrlOf(made!.id) });
  });

  it('lists today’s and upcoming video visits by who is asking', async () => {
    await setVideoVisits(t, true);
    const { practitioner, patient } = await careTeam(t);
    const soon = await videoVisit(t, {
      practitionerId: practitioner.id,
      patientId: patient.id,
      daysAhead: 1,
    });
    const far = await videoVisit(t, {
      practitionerId: practitioner.id,
      patientId: patient.id,
      daysAhead: 30,
    });
    const other = await careTeam(t);
    const theirs = await videoVisit(t, {
      practitionerId: other.practitioner.id,
      patientId: other.patient.id,
    });
    const ids = async (who: Parameters<typeof call>[1]) =>
      (
        await expectStatus<VideoVisitsAnswer>(t, who as never, {
          method: 'GET',
          url: '/api/telehealth/visits',
          status: 200,
        })
      ).visits.map((visit) => visit.appointmentId);
    expect(await ids(patient)).toEqual([soon.id]);
    expect(await ids(practitioner)).toEqual([soon.id]);
    for (const role of ['staff', 'admin'] as const) {
      const seen = await ids(role);
      expect(seen).toEqual(expect.arrayContaining([soon.id, theirs.id]));
      expect(seen).not.toContain(far.id);
    }
    const [row] = (
      await expectStatus<VideoVisitsAnswer>(t, patient, {
        method: 'GET',
        url: '/api/telehealth/visits',
        status: 200,
      })
    ).visits;
    expect(row).toEqual({
      appointmentId: soon.id,
      startTime: soon.startsAt,
      endTime: soon.endsAt,
      serviceName: soon.serviceName,
      patientName: soon.patientName,
      practitionerName: soon.practitionerName,
      appointmentStatus: 'confirmed',
      state: 'not_started',
      joinUrl: joinUrlOf(soon.id),
    });
  });
});

describe('reminders and calendar feeds of video visits', () => {
  const worker = () =>
    new JobWorker(t.database.db, { log: t.app.log, handlers: appointmentJobHandlers(t.ctx) });
  const HOUR = 3_600_000;

  it('carry the join link while on, and not while off', async () => {
    await setVideoVisits(t, true);
    const patient = await demoPerson(t, 'patient');
    const practitioner = await demoPerson(t, 'practitioner');
    const visit = await videoVisit(t, {
      practitionerId: practitioner.id,
      patientId: patient.id,
      daysAhead: 0.5,
    });
    const feed = await expectStatus<CalendarFeedCreated>(t, patient, {
      method: 'POST',
      url: '/api/calendar-feed',
      status: 201,
    });
    const feedPath = new URL(feed.url).pathname;
    const read = async () =>
      (await call(t, 'visitor', { method: 'GET', url: feedPath })).body.replace(/\r\n /g, '');

    expect(await worker().drain(new Date(Date.now() + 36 * HOUR))).toBeGreaterThanOrEqual(1);
    const [reminder] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.id), eq(notifications.type, 'appointment_reminder')));
    expect(reminder.message).toContain(`It is a video visit: join at ${joinUrlOf(visit.id)}`);
    const [email] = (await t.ctx.mailer.listTo(patient.email)).filter((mail) =>
      mail.subject.includes('Appointment reminder'),
    );
    expect(email.body).toContain(joinUrlOf(visit.id));

    const ical = await read();
    const event = ical.slice(ical.indexOf(`UID:${visit.id}`));
    const own = event.slice(0, event.indexOf('END:VEVENT'));
    expect(own).toContain('LOCATION:Video visit');
    expect(own).toContain(`URL:${joinUrlOf(visit.id)}`);
    expect(own).toContain(`DESCRIPTION:Video visit. Join at ${joinUrlOf(visit.id)}`);

    await setVideoVisits(t, false);
    try {
      const off = await read();
      expect(off).toContain(`UID:${visit.id}`);
      expect(off).not.toMatch(/LOCATION:|URL:|telehealth-session/);
    } finally {
      await setVideoVisits(t, true);
    }
  });

  it('sends a reminder without the link while the clinic has video visits off', async () => {
    await setVideoVisits(t, true);
    const { practitioner, patient } = await careTeam(t);
    await videoVisit(t, { practitionerId: practitioner.id, patientId: patient.id, daysAhead: 0.4 });
    await setVideoVisits(t, false);
    try {
      await worker().drain(new Date(Date.now() + 36 * HOUR));
      const [reminder] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, patient.id), eq(notifications.type, 'appointment_reminder')));
      expect(reminder.message).toMatch(/^Your appointment with .+ is on [^.]+$/);
      expect(reminder.message).not.toContain('video');
    } finally {
      await setVideoVisits(t, true);
    }
  });
});
