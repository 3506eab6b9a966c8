import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Schedule } from '../../../shared/check-ins';
import { activityLog, checkInDischarges, emailOutbox, jobs, notifications } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestPerson } from '../../test/people';
import { serviceType, session } from '../billing/testing';
import { expectStatus } from '../recovery-notes/testing';
import { answerPain, call, careTeam, listFor, sendMeasure, setCareBetweenVisits, type Who } from './testing';
import { checkInJobHandlers, WEEKLY_JOB } from './triggers';

/** Check-ins from sending to scoring, and what sends them by itself: bookings, visits, weeks and discharge. */
let t: TestApp;
let practitioner: TestPerson;
let patient: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  await setCareBetweenVisits(t, true);
  ({ practitioner, patient } = await careTeam(t));
});
afterAll(() => t.close());

const notificationsOf = (userId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('a check-in sent by the practitioner', () => {
  it('reaches the patient in the portal and by email, naming the measure and nothing of their health', async () => {
    const sent = await sendMeasure(t, practitioner, { patientId: patient.id, measure: 'psfs' });
    expect(sent).toMatchObject({ status: 'due', reason: 'sent', measure: 'psfs', score: null });
    await vi.waitFor(async () => {
      const raised = (await notificationsOf(patient.id)).filter((n) => n.type === 'check_in_requested');
      expect(raised).toHaveLength(1);
      expect(raised[0]!.actionUrl).toBe(`/check-ins/${sent.id}`);
    });
    await vi.waitFor(async () => {
      const mail = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.recipient, patient.email));
      expect(mail.map((m) => m.body).join()).toContain('Patient-Specific Functional Scale');
    });
  });

  it('has its own notification preference while the clinic has care between visits on', async () => {
    const listed = await call(t, patient, { method: 'GET', url: '/api/notification-preferences' });
    expect(listed.json().map((entry: { type: string }) => entry.type)).toContain('check_in_requested');
    expect(listed.json()).toHaveLength(17);
  });

  it("is scored by the measure on the patient's answer, once, with a 400 naming a wrong answer", async () => {
    const sent = await sendMeasure(t, practitioner, { patientId: patient.id, measure: 'psfs' });
    const wrong = await call(t, patient, {
      method: 'POST',
      url: `/api/check-ins/${sent.id}/response`,
      payload: {
        answers: [
          { linkId: 'activity-1', value: 'Stairs' },
          { linkId: 'rating-1', value: 12 },
        ],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ 'answers.rating-1': 'Choose a whole number from 0 to 10' });
    const answers = [
      { linkId: 'activity-1', value: ' Stairs ' },
      { linkId: 'rating-1', value: 4 },
      { linkId: 'activity-2', value: 'Kneeling' },
      { linkId: 'rating-2', value: 7 },
    ];
    const done = await expectStatus(t, patient, {
      method: 'POST',
      url: `/api/check-ins/${sent.id}/response`,
      payload: { answers },
      status: 200,
    });
    expect(done).toMatchObject({ status: 'completed', score: 5.5 });
    expect((done as unknown as { answers: unknown[] }).answers[0]).toEqual({
      linkId: 'activity-1',
      value: 'Stairs',
    });
    const again = await call(t, patient, {
      method: 'POST',
      url: `/api/check-ins/${sent.id}/response`,
      payload: { answers },
    });
    expect(again.statusCode).toBe(409);
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'check_in.completed'), eq(activityLog.entityId, sent.id)));
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0]!.details)).not.toContain('Stairs');
  });

  it('shows the change from the first score and whether it passes the MCID', async () => {
    const { practitioner: own, patient: someone } = await careTeam(t);
    for (const pain of [8, 7, 5])
      await answerPain(t, someone, { id: (await sendMeasure(t, own, { patientId: someone.id })).id, pain });
    const summary = await expectStatus(t, own, {
      method: 'GET',
      url: `/api/check-ins/outcomes?patientId=${someone.id}`,
      status: 200,
    });
    expect(summary).toMatchObject({
      patientId: someone.id,
      trends: [{ measure: 'nprs', baseline: 8, latest: 5, change: -3, improvement: 3, passesMcid: true }],
    });
    expect((summary as unknown as { trends: Array<{ points: unknown[] }> }).trends[0]!.points).toHaveLength(
      3,
    );
    expect(await listFor(t, someone)).toHaveLength(3);
  });
});

describe('check-ins sent by a schedule', () => {
  it("sends a service's intake measure when a patient's first appointment with it is booked, once", async () => {
    const { practitioner: own, patient: someone } = await careTeam(t);
    const service = await serviceType(t);
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: '/api/check-ins/schedules',
      payload: { serviceTypeId: service.id, measure: 'lefs', trigger: 'intake' },
      status: 201,
    });
    const first = await session(t, {
      patientId: someone.id,
      practitionerId: own.id,
      serviceTypeId: service.id,
      status: 'scheduled',
      daysAgo: -2,
    });
    const event = {
      appointmentId: first.id,
      patientId: someone.id,
      practitionerId: own.id,
      actorId: own.id,
      status: 'scheduled' as const,
      startsAt: first.startsAt.toISOString(),
      endsAt: first.endsAt.toISOString(),
      change: 'created' as const,
    };
    t.ctx.events.publish('appointment.created', event);
    t.ctx.events.publish('appointment.created', event);
    await vi.waitFor(async () => expect(await listFor(t, someone)).toHaveLength(1));
    const [intake] = await listFor(t, someone);
    expect(intake).toMatchObject({ measure: 'lefs', reason: 'intake', dueAt: first.startsAt.toISOString() });
    // A second booking with the same service is not an intake.
    const second = await session(t, {
      patientId: someone.id,
      practitionerId: own.id,
      serviceTypeId: service.id,
      status: 'scheduled',
      daysAgo: -9,
    });
    t.ctx.events.publish('appointment.created', { ...event, appointmentId: second.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listFor(t, someone)).toHaveLength(1);
  });

  it("sends a patient's every-2-visits measure on the 2nd and 4th completed visit", async () => {
    const { practitioner: own, patient: someone } = await careTeam(t);
    const service = await serviceType(t);
    await expectStatus(t, own, {
      method: 'POST',
      url: '/api/check-ins/schedules',
      payload: { patientId: someone.id, measure: 'nprs', trigger: 'every_visits', interval: 2 },
      status: 201,
    });
    let sent = 0;
    for (let visit = 1; visit <= 4; visit += 1) {
      const done = await session(t, {
        patientId: someone.id,
        practitionerId: own.id,
        serviceTypeId: service.id,
        daysAgo: 20 - visit,
      });
      t.ctx.events.publish('appointment.updated', {
        appointmentId: done.id,
        patientId: someone.id,
        practitionerId: own.id,
        actorId: own.id,
        status: 'completed',
        startsAt: done.startsAt.toISOString(),
        endsAt: done.endsAt.toISOString(),
        change: 'completed',
      });
      if (visit % 2 === 0) sent += 1;
      await vi.waitFor(async () => expect(await listFor(t, someone)).toHaveLength(sent));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await listFor(t, someone)).toHaveLength(sent);
    }
    expect((await listFor(t, someone)).every((c) => c.reason === 'visits')).toBe(true);
  });

  it('sends an every-N-weeks measure from a keyed job that queues the next, and stops at discharge', async () => {
    const { practitioner: own, patient: someone } = await careTeam(t);
    const schedule = await expectStatus<{ id: string }>(t, own, {
      method: 'POST',
      url: '/api/check-ins/schedules',
      payload: { patientId: someone.id, measure: 'nprs', trigger: 'every_weeks', interval: 2 },
      status: 201,
    });
    await expectStatus(t, own, {
      method: 'POST',
      url: '/api/check-ins/schedules',
      payload: { patientId: someone.id, measure: 'psfs', trigger: 'discharge' },
      status: 201,
    });
    const worker = new JobWorker(t.database.db, { log: t.app.log, handlers: checkInJobHandlers(t.ctx) });
    const inThreeWeeks = new Date(Date.now() + 21 * 86_400_000);
    expect(await worker.drain(inThreeWeeks)).toBe(1);
    expect((await listFor(t, someone)).map((c) => c.reason)).toEqual(['weeks']);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, WEEKLY_JOB), eq(jobs.status, 'queued')));
    expect(
      queued.filter((job) => job.key.includes(schedule.id)).map((job) => job.key.split(':').at(-1)),
    ).toEqual(['2']);
    const discharged = await expectStatus<{ sent: number }>(t, own, {
      method: 'POST',
      url: `/api/check-ins/patients/${someone.id}/discharge`,
      status: 200,
    });
    expect(discharged).toEqual({ sent: 1 });
    expect(await worker.drain(new Date(Date.now() + 60 * 86_400_000))).toBe(1);
    expect((await listFor(t, someone)).map((c) => c.reason).sort()).toEqual(['discharge', 'weeks']);
  });

  it('ends weekly cycles from the discharge row, not from the activity log that records it', async () => {
    const { practitioner: own, patient: someone } = await careTeam(t);
    const schedule = await expectStatus<{ id: string }>(t, own, {
      method: 'POST',
      url: '/api/check-ins/schedules',
      payload: { patientId: someone.id, measure: 'nprs', trigger: 'every_weeks', interval: 1 },
      status: 201,
    });
    const worker = new JobWorker(t.database.db, { log: t.app.log, handlers: checkInJobHandlers(t.ctx) });
    await worker.drain(new Date(Date.now() + 8 * 86_400_000));
    expect((await listFor(t, someone)).map((c) => c.reason)).toEqual(['weeks']);
    await expectStatus(t, own, {
      method: 'POST',
      url: `/api/check-ins/patients/${someone.id}/discharge`,
      status: 200,
    });
    const discharges = await t.database.db
      .select()
      .from(checkInDischarges)
      .where(eq(checkInDischarges.patientId, someone.id));
    expect(discharges).toEqual([expect.objectContaining({ dischargedBy: own.id })]);
    // The log is append-only; only a test steps around its trigger, to show the rule no longer reads it.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .delete(activityLog)
        .where(and(eq(activityLog.action, 'check_in.discharged'), eq(activityLog.entityId, someone.id)));
    });
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'check_in.discharged'), eq(activityLog.entityId, someone.id)));
    expect(logged).toEqual([]);
    await worker.drain(new Date(Date.now() + 60 * 86_400_000));
    expect((await listFor(t, someone)).map((c) => c.reason)).toEqual(['weeks']);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, WEEKLY_JOB), eq(jobs.status, 'queued')));
    expect(queued.filter((job) => job.key.includes(schedule.id))).toEqual([]);
  });

  it('sends nothing by itself while care between visits is off', async () => {
    const { practitioner: own, patient: someone } = await careTeam(t);
    const service = await serviceType(t);
    await expectStatus(t, 'admin', {
      method: 'POST',
      url: '/api/check-ins/schedules',
      payload: { serviceTypeId: service.id, measure: 'nprs', trigger: 'intake' },
      status: 201,
    });
    await setCareBetweenVisits(t, false);
    try {
      const booked = await session(t, {
        patientId: someone.id,
        practitionerId: own.id,
        serviceTypeId: service.id,
        status: 'scheduled',
        daysAgo: -4,
      });
      t.ctx.events.publish('appointment.created', {
        appointmentId: booked.id,
        patientId: someone.id,
        practitionerId: own.id,
        actorId: own.id,
        status: 'scheduled',
        startsAt: booked.startsAt.toISOString(),
        endsAt: booked.endsAt.toISOString(),
        change: 'created',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await setCareBetweenVisits(t, true);
    }
    expect(await listFor(t, someone)).toEqual([]);
    expect((await notificationsOf(someone.id)).filter((n) => n.type === 'check_in_requested')).toEqual([]);
  });
});

describe("a patient's schedules with their services'", () => {
  const schedulesOf = async (who: Who, query: string) => {
    const response = await call(t, who, { method: 'GET', url: `/api/check-ins/schedules?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: Schedule[] }>().items;
  };

  it("lists the patient's own, then only the services they are booked with, for their care team and staff", async () => {
    const { practitioner: own, patient: someone } = await careTeam(t);
    const [booked, cancelledOnly, other] = [await serviceType(t), await serviceType(t), await serviceType(t)];
    const mine = await expectStatus<Schedule>(t, own, {
      method: 'POST',
      url: '/api/check-ins/schedules',
      payload: { patientId: someone.id, measure: 'psfs', trigger: 'every_weeks', interval: 4 },
      status: 201,
    });
    const forService = async (serviceTypeId: string, measure: string) =>
      expectStatus<Schedule>(t, 'staff', {
        method: 'POST',
        url: '/api/check-ins/schedules',
        payload: { serviceTypeId, measure, trigger: 'intake' },
        status: 201,
      });
    const applying = await forService(booked.id, 'lefs');
    await forService(cancelledOnly.id, 'spadi');
    await forService(other.id, 'nprs');
    await session(t, { patientId: someone.id, practitionerId: own.id, serviceTypeId: booked.id });
    await session(t, {
      patientId: someone.id,
      practitionerId: own.id,
      serviceTypeId: cancelledOnly.id,
      status: 'cancelled',
    });

    const withServices = `patientId=${someone.id}&include=services`;
    for (const who of [own, 'staff', 'admin'] as const) {
      expect((await schedulesOf(who, withServices)).map((s) => s.id)).toEqual([mine.id, applying.id]);
      expect((await schedulesOf(who, `patientId=${someone.id}`)).map((s) => s.id)).toEqual([mine.id]);
    }
    expect((await schedulesOf(own, withServices))[1]).toMatchObject({
      patientId: null,
      serviceTypeId: booked.id,
      serviceTypeName: booked.name,
      measure: 'lefs',
      trigger: 'intake',
      interval: null,
    });
  });

  it("answers 404 for someone else's patient, 403 to the patient and a 400 for include alone", async () => {
    const { patient: someone } = await careTeam(t);
    const notTheirs = await call(t, practitioner, {
      method: 'GET',
      url: `/api/check-ins/schedules?patientId=${someone.id}&include=services`,
    });
    expect(notTheirs.statusCode).toBe(404);
    const byPatient = await call(t, patient, {
      method: 'GET',
      url: `/api/check-ins/schedules?patientId=${patient.id}&include=services`,
    });
    expect(byPatient.statusCode).toBe(403);
    for (const query of ['include=services', `patientId=${patient.id}&include=everything`]) {
      const bad = await call(t, 'staff', { method: 'GET', url: `/api/check-ins/schedules?${query}` });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['include']);
    }
  });
});

describe('schedule input', () => {
  it.each([
    [{ measure: 'nprs', trigger: 'intake' }, 'patientId'],
    [
      {
        patientId: '00000000-0000-4000-8000-000000000000',
        serviceTypeId: '00000000-0000-4000-8000-000000000000',
        measure: 'nprs',
        trigger: 'intake',
      },
      'patientId',
    ],
    [
      { serviceTypeId: '00000000-0000-4000-8000-000000000000', measure: 'nprs', trigger: 'every_weeks' },
      'interval',
    ],
    [
      {
        serviceTypeId: '00000000-0000-4000-8000-000000000000',
        measure: 'nprs',
        trigger: 'intake',
        interval: 2,
      },
      'interval',
    ],
    [{ serviceTypeId: '00000000-0000-4000-8000-000000000000', measure: 'ndi', trigger: 'intake' }, 'measure'],
    [
      { serviceTypeId: '00000000-0000-4000-8000-000000000000', measure: 'nprs', trigger: 'intake' },
      'serviceTypeId',
    ],
  ])('refuses %j naming %s', async (payload, field) => {
    const response = await call(t, 'staff', { method: 'POST', url: '/api/check-ins/schedules', payload });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
  });
});
