import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentUrl } from '../../../shared/scheduling';
import { type Database, openDatabase } from '../../db/client';
import { jobs, notifications } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { appointmentJobHandlers, REMINDER_JOB } from './reminders';
import { book, careTeam, expectStatus, serviceType } from './testing';

/**
 * Appointment reminders: a job per appointment 24 hours before it, claimed with FOR UPDATE SKIP LOCKED, so
 * two workers on one database (two server instances) send each reminder once. On PostgreSQL the second
 * worker has a connection pool of its own, as another instance would.
 */
let t: TestApp;
let second: Database | null = null;
let serviceId = '';
let practitioner: TestPerson;

const HOUR = 3_600_000;
const hoursAhead = (hours: number) =>
  new Date(Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  serviceId = (await serviceType(t, { durationMinutes: 30 })).id;
  ({ practitioner } = await careTeam(t));
  if (t.database.url) second = await openDatabase({ url: t.database.url });
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const workerOn = (database: Database) =>
  new JobWorker(database.db, {
    log: t.app.log,
    handlers: appointmentJobHandlers({ ...t.ctx, db: database.db }),
  });

const remindersOf = (person: TestPerson) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, person.id), eq(notifications.type, 'appointment_reminder')));

const reminderEmails = async (person: TestPerson) =>
  (await t.ctx.mailer.listTo(person.email)).filter(
    (email) => email.subject === 'Clinic Portal: Appointment reminder',
  );

async function bookFor(patient: TestPerson, startsAt: string) {
  return book(t, 'staff', {
    patientId: patient.id,
    practitionerId: practitioner.id,
    serviceTypeId: serviceId,
    startsAt,
  });
}

describe('appointment reminders', () => {
  it('are sent once per appointment by two workers racing on one database, in the portal and by email', async () => {
    const patients = await Promise.all(Array.from({ length: 8 }, () => createPerson(t, 'patient')));
    const made = [];
    // Half are due now (booked under 24 hours ahead), half 24 hours before a start two days out.
    for (const [i, patient] of patients.entries())
      made.push(await bookFor(patient, hoursAhead(i % 2 === 0 ? 5 + i : 48 + i)));

    const a = workerOn(t.database);
    const b = workerOn(second ?? t.database);
    // Both workers look a day and a half ahead, so every reminder is due for them.
    const later = new Date(Date.now() + 36 * HOUR);
    const [ranByA, ranByB] = await Promise.all([a.drain(later), b.drain(later)]);
    expect(ranByA + ranByB).toBe(8);
    expect(await Promise.all([a.drain(later), b.drain(later)])).toEqual([0, 0]);

    for (const [i, patient] of patients.entries()) {
      const reminders = await remindersOf(patient);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toMatchObject({
        title: 'Appointment reminder',
        priority: 'high',
        actionUrl: appointmentUrl(made[i].id),
      });
      expect(reminders[0].message).toContain(
        `Your appointment with ${practitioner.firstName} ${practitioner.lastName} is on`,
      );
      const emails = await reminderEmails(patient);
      expect(emails).toHaveLength(1);
      expect(emails[0].body).toContain('This is a reminder of your appointment');
    }
    const done = await t.database.db.select().from(jobs).where(eq(jobs.kind, REMINDER_JOB));
    for (const appointment of made) {
      const job = done.find((row) => row.payload.appointmentId === appointment.id);
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
    }
  });

  it('is not due before 24 hours ahead, follows a move, and is withdrawn on cancelling', async () => {
    const [moved, cancelled] = await Promise.all([createPerson(t, 'patient'), createPerson(t, 'patient')]);
    const first = await bookFor(moved, hoursAhead(72));
    const other = await bookFor(cancelled, hoursAhead(73));
    const worker = workerOn(t.database);
    expect(await worker.drain()).toBe(0);

    await expectStatus(t, 'staff', {
      method: 'PATCH',
      url: `/api/appointments/${first.id}`,
      payload: { startsAt: hoursAhead(100) },
      status: 200,
    });
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${other.id}/cancel`,
      payload: { reason: 'Moved away' },
      status: 200,
    });
    const rows = await t.database.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `${REMINDER_JOB}:${first.id}:%`));
    expect(rows.map((row) => row.status).sort()).toEqual(['cancelled', 'queued']);

    // Three days on, the moved appointment's reminder for its old time is gone; the cancelled one sends nothing.
    expect(await worker.drain(new Date(Date.now() + 50 * HOUR))).toBe(0);
    expect(await remindersOf(cancelled)).toEqual([]);
    expect(await worker.drain(new Date(Date.now() + 80 * HOUR))).toBe(1);
    expect(await remindersOf(moved)).toHaveLength(1);
  });

  it('runs by itself once started, and stops without cutting a job off', async () => {
    const patient = await createPerson(t, 'patient');
    const worker = new JobWorker(t.database.db, {
      log: t.app.log,
      handlers: appointmentJobHandlers(t.ctx),
      pollMs: 20,
    });
    worker.start();
    await bookFor(patient, hoursAhead(3));
    for (let i = 0; i < 200 && (await remindersOf(patient)).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    expect(await remindersOf(patient)).toHaveLength(1);
  });
});
