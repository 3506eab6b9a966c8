import { TZDate } from '@date-fns/tz';
import { asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_JOB, scheduleReminder } from '../features/appointments/reminders';
import { createTestApp, type TestApp } from '../test/app';
import { CLINIC_PRACTITIONERS } from './demo-clinic';
import {
  appointments,
  dateOverrides,
  jobs,
  practitionerSchedules,
  recoveryNotes,
  users,
  weeklyHours,
} from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('the demo clinic’s diary', () => {
  const DAY = 86_400_000;
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const dayOf = (instant: Date, zone: string) => {
    const local = new TZDate(instant.getTime(), zone);
    const pad = (value: number) => String(value).padStart(2, '0');
    return {
      date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
      weekday: local.getDay(),
      minute: local.getHours() * 60 + local.getMinutes(),
    };
  };

  const groupBy = <T>(items: T[], key: (item: T) => string) => {
    const groups = new Map<string, T[]>();
    for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
    return groups;
  };

  async function diary() {
    const rows = await db()
      .select({
        id: appointments.id,
        practitionerId: appointments.practitionerId,
        patientId: appointments.patientId,
        email: users.email,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        cancellationReason: appointments.cancellationReason,
        assigned: sql<boolean>`exists (select 1 from care_team_assignments a
          where a.patient_id = ${appointments.patientId} and a.practitioner_id = ${appointments.practitionerId})`,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.patientId))
      .orderBy(asc(appointments.startsAt));
    return rows;
  }

  it('books every demo practitioner’s patients: completed, missed and cancelled behind, three weeks ahead', async () => {
    const rows = await diary();
    const now = Date.now();
    const ids = await db()
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          CLINIC_PRACTITIONERS.map((practitioner) => practitioner.email),
        ),
      );
    for (const { id, email } of ids) {
      const own = rows.filter((row) => row.practitionerId === id);
      const past = own.filter((row) => row.endsAt.getTime() <= now);
      const ahead = own.filter((row) => row.startsAt.getTime() > now);
      expect(past.filter((row) => row.status === 'completed').length, email).toBeGreaterThan(5);
      expect(
        ahead.filter((row) => row.status === 'confirmed' || row.status === 'scheduled').length,
        email,
      ).toBeGreaterThan(5);
      expect(Math.max(...ahead.map((row) => row.startsAt.getTime())), email).toBeLessThan(now + 23 * DAY);
      expect(
        past.some((row) => row.status === 'no_show' || row.status === 'cancelled'),
        email,
      ).toBe(true);
      // Nothing in the past is still waiting to happen, nothing ahead is already over.
      for (const row of past) expect(['completed', 'cancelled', 'no_show'], row.id).toContain(row.status);
      for (const row of ahead) expect(['scheduled', 'confirmed', 'cancelled'], row.id).toContain(row.status);
    }
    for (const row of rows) {
      expect(row.assigned, row.id).toBe(true);
      if (row.status === 'cancelled') expect(row.cancellationReason, row.id).toBeTruthy();
    }
    expect(rows.filter((row) => row.status === 'cancelled').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.status === 'no_show').length).toBeGreaterThanOrEqual(3);
  });

  it('keeps every session inside its practitioner’s hours, with the buffer between, never two at once for a patient', async () => {
    const rows = (await diary()).filter((row) => row.status !== 'cancelled' && row.status !== 'no_show');
    const schedules = await db().select().from(practitionerSchedules);
    const hours = await db().select().from(weeklyHours);
    const overrides = await db().select().from(dateOverrides);
    for (const row of rows) {
      const schedule = schedules.find((candidate) => candidate.practitionerId === row.practitionerId)!;
      const start = dayOf(row.startsAt, schedule.timeZone);
      const end = dayOf(row.endsAt, schedule.timeZone);
      expect(end.date, row.id).toBe(start.date);
      const dayOverrides = overrides.filter(
        (override) => override.practitionerId === row.practitionerId && override.date === start.date,
      );
      const ranges =
        dayOverrides.length > 0
          ? dayOverrides.map((override) => [override.startTime ?? '00:00', override.endTime ?? '00:00'])
          : hours
              .filter(
                (range) => range.practitionerId === row.practitionerId && range.weekday === start.weekday,
              )
              .map((range) => [range.startTime, range.endTime]);
      expect(
        ranges.some(([from, to]) => minutesOf(from) <= start.minute && end.minute <= minutesOf(to)),
        `${row.id} ${start.date} ${start.minute}`,
      ).toBe(true);
    }
    const byPractitioner = groupBy(rows, (row) => row.practitionerId);
    for (const [practitionerId, own] of byPractitioner) {
      const buffer = schedules.find(
        (candidate) => candidate.practitionerId === practitionerId,
      )!.bufferMinutes;
      own.slice(1).forEach((row, index) => {
        expect(row.startsAt.getTime() - own[index].endsAt.getTime(), row.id).toBeGreaterThanOrEqual(
          buffer * 60_000,
        );
      });
    }
    for (const own of groupBy(rows, (row) => row.patientId).values()) {
      own.slice(1).forEach((row, index) => {
        expect(row.startsAt.getTime(), row.id).toBeGreaterThanOrEqual(own[index].endsAt.getTime());
      });
    }
  });

  it('gives Pat Morgan a session with Riley Chen in a few days, and Riley sessions today', async () => {
    const [riley] = await db().select().from(users).where(eq(users.email, 'practitioner@demo.clinic'));
    const [pat] = await db().select().from(users).where(eq(users.email, 'patient@demo.clinic'));
    const rows = (await diary()).filter(
      (row) => row.practitionerId === riley.id && row.status !== 'cancelled',
    );
    const next = rows.find((row) => row.patientId === pat.id && row.startsAt.getTime() > Date.now());
    expect(next).toBeDefined();
    expect(next!.status).toBe('confirmed');
    const daysAhead = (next!.startsAt.getTime() - Date.now()) / DAY;
    expect(daysAhead).toBeGreaterThan(1);
    expect(daysAhead).toBeLessThan(7);
    const today = dayOf(new Date(), 'Europe/London').date;
    expect(
      rows.filter((row) => dayOf(row.startsAt, 'Europe/London').date === today).length,
    ).toBeGreaterThanOrEqual(2);
    // Pat sees it as their own next appointment.
    const response = await t.injectAs('patient', { method: 'GET', url: '/api/appointments?scope=upcoming' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id)).toContain(
      next!.id,
    );
  });

  it('matches recent notes to the completed session they were written after', async () => {
    const linked = await db()
      .select({
        noteAt: recoveryNotes.createdAt,
        notePatient: recoveryNotes.patientId,
        notePractitioner: recoveryNotes.practitionerId,
        patientId: appointments.patientId,
        practitionerId: appointments.practitionerId,
        startsAt: appointments.startsAt,
        status: appointments.status,
      })
      .from(recoveryNotes)
      .innerJoin(appointments, eq(appointments.id, recoveryNotes.appointmentId))
      .where(isNotNull(recoveryNotes.appointmentId));
    expect(linked.length).toBeGreaterThan(20);
    for (const row of linked) {
      expect(row.status).toBe('completed');
      expect(row.patientId).toBe(row.notePatient);
      expect(row.practitionerId).toBe(row.notePractitioner);
      const before = dayOf(row.noteAt, 'Europe/London').date >= dayOf(row.startsAt, 'Europe/London').date;
      expect(before).toBe(true);
      expect(row.noteAt.getTime() - row.startsAt.getTime()).toBeLessThan(7 * DAY);
    }
  });

  it('queues the reminder of every upcoming session as booking one does', async () => {
    const upcoming = (await diary()).filter(
      (row) =>
        row.startsAt.getTime() > Date.now() && (row.status === 'scheduled' || row.status === 'confirmed'),
    );
    const queued = await db()
      .select({ payload: jobs.payload, runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.kind, REMINDER_JOB));
    const byAppointment = new Map(queued.map((job) => [job.payload.appointmentId, job]));
    for (const row of upcoming) {
      const job = byAppointment.get(row.id);
      expect(job, row.id).toBeDefined();
      expect(job!.payload.startsAt).toBe(row.startsAt.toISOString());
      // 24 hours before, or at once for one sooner than that.
      if (row.startsAt.getTime() - DAY > Date.now())
        expect(job!.runAt.getTime()).toBe(row.startsAt.getTime() - DAY);
      else expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // Booking it again queues nothing more: the seeded job is the one the booking makes.
    const [before] = await db().select({ value: count() }).from(jobs);
    await db().transaction((tx) => scheduleReminder(tx, upcoming[0].id, upcoming[0].startsAt));
    const [after] = await db().select({ value: count() }).from(jobs);
    expect(after.value).toBe(before.value);
  });
});
