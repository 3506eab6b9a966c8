import { TZDate } from '@date-fns/tz';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { CLINIC_PRACTITIONERS, seeded } from '../../db/demo-clinic';
import {
  appointments,
  careTeamAssignments,
  dateOverrides,
  patients,
  practitionerSchedules,
  recoveryNotes,
  serviceTypes,
  timeOff,
  users,
  weeklyHours,
} from '../../db/schema';
import { scheduleReminders } from '../appointments/reminders';

/**
 * The demo clinic's services and each practitioner's week. Fixed values, so every seeding builds the same
 * clinic; seeding again adds nothing (service types by name, schedules only for practitioners without one).
 */
export const DEMO_SERVICE_TYPES = [
  {
    name: 'Initial assessment',
    description: 'A first session: history, examination and a plan of care agreed together.',
    durationMinutes: 60,
    priceCents: 9500,
    colour: '#2563eb',
    isPublic: true,
  },
  {
    name: 'Follow-up (30 min)',
    description: 'Review of progress, hands-on treatment and the next exercises.',
    durationMinutes: 30,
    priceCents: 5500,
    colour: '#16a34a',
    isPublic: true,
  },
  {
    name: 'Follow-up (45 min)',
    description: 'A longer review for more than one area or a change of plan.',
    durationMinutes: 45,
    priceCents: 7000,
    colour: '#0d9488',
    isPublic: true,
  },
  {
    name: 'Sports massage',
    description: 'Deep tissue work for training load and recovery between events.',
    durationMinutes: 45,
    priceCents: 6500,
    colour: '#ea580c',
    isPublic: true,
  },
  {
    name: 'Hydrotherapy',
    description: 'Exercise in the warm pool; booked by the clinic, as the pool is shared.',
    durationMinutes: 45,
    priceCents: 6000,
    colour: '#0891b2',
    isPublic: false,
  },
] as const;

type Range = readonly [start: string, end: string];
const MON_TO_FRI = [1, 2, 3, 4, 5];

/** How each demo practitioner works: the demo practitioner reviews public bookings, Maya confirms them. */
const DEMO_WEEKS: Record<
  (typeof CLINIC_PRACTITIONERS)[number]['key'],
  {
    days: readonly { weekdays: readonly number[]; ranges: readonly Range[] }[];
    settings: { minNoticeMinutes: number; bufferMinutes: number; horizonDays: number; autoConfirm: boolean };
    bookingLink: string;
  }
> = {
  riley: {
    days: [
      {
        weekdays: MON_TO_FRI,
        ranges: [
          ['09:00', '12:30'],
          ['13:30', '17:00'],
        ],
      },
    ],
    settings: { minNoticeMinutes: 120, bufferMinutes: 10, horizonDays: 60, autoConfirm: false },
    bookingLink: 'riley-chen',
  },
  maya: {
    days: [
      {
        weekdays: [1, 2, 4],
        ranges: [
          ['08:00', '12:00'],
          ['13:00', '16:00'],
        ],
      },
      { weekdays: [6], ranges: [['09:00', '13:00']] },
    ],
    settings: { minNoticeMinutes: 240, bufferMinutes: 15, horizonDays: 90, autoConfirm: true },
    bookingLink: 'maya-okafor',
  },
  daniel: {
    days: [{ weekdays: [1, 2, 3, 4], ranges: [['10:00', '18:00']] }],
    settings: { minNoticeMinutes: 1440, bufferMinutes: 0, horizonDays: 30, autoConfirm: false },
    bookingLink: 'daniel-reyes',
  },
  hannah: {
    days: [
      {
        weekdays: [2, 3, 4, 5],
        ranges: [
          ['08:30', '12:30'],
          ['13:30', '15:30'],
        ],
      },
    ],
    settings: { minNoticeMinutes: 120, bufferMinutes: 10, horizonDays: 60, autoConfirm: false },
    bookingLink: 'hannah-weiss',
  },
};

/** Service types, and settings and weekly hours for the demo practitioners that exist and have none yet. */
export async function seedDemoSchedules(tx: Tx) {
  await tx
    .insert(serviceTypes)
    .values(DEMO_SERVICE_TYPES.map((service) => ({ ...service })))
    .onConflictDoNothing();

  const practitioners = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        CLINIC_PRACTITIONERS.map((practitioner) => practitioner.email),
      ),
    );
  const idOf = new Map(practitioners.map((row) => [row.email, row.id]));
  for (const practitioner of CLINIC_PRACTITIONERS) {
    const id = idOf.get(practitioner.email);
    if (!id) continue;
    const week = DEMO_WEEKS[practitioner.key];
    const [created] = await tx
      .insert(practitionerSchedules)
      .values({ practitionerId: id, ...week.settings, bookingLink: week.bookingLink })
      .onConflictDoNothing()
      .returning({ id: practitionerSchedules.practitionerId });
    if (!created) continue;
    await tx
      .insert(weeklyHours)
      .values(
        week.days.flatMap(({ weekdays, ranges }) =>
          weekdays.flatMap((weekday) =>
            ranges.map(([startTime, endTime]) => ({ practitionerId: id, weekday, startTime, endTime })),
          ),
        ),
      );
  }
}

/** How far back the demo's completed sessions go, and how far ahead it is booked. */
const PAST_DAYS = 42;
const AHEAD_DAYS = 21;
/** Sessions start on the half hour. */
const GRID_MINUTES = 30;
/** Riley Chen's hours on the seeding day when it is not one of their working days, so the demo has a today. */
const EXTRA_CLINIC: Range = ['10:00', '13:00'];

const DEMO_PATIENT_EMAIL = 'patient@demo.clinic';
const CANCELLATION_REASONS = [
  'Unwell, will rebook next week',
  'Work commitment came up',
  'Childcare fell through',
  'Car broke down',
];

type Span = { start: number; end: number };
type Planned = {
  patientId: string;
  practitionerId: string;
  serviceTypeId: string;
  startsAt: Date;
  endsAt: Date;
  status: (typeof appointments.$inferInsert)['status'];
  cancellationReason?: string;
  cancelledAt?: Date;
  cancelledBy?: string;
  createdBy: string;
  createdAt: Date;
  noteIds?: string[];
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A local calendar day in a zone: its parts, its weekday and its key (YYYY-MM-DD). */
function localDay(instant: number, timeZone: string) {
  const local = new TZDate(instant, timeZone);
  const year = local.getFullYear();
  const month = local.getMonth();
  const date = local.getDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return { year, month, date, weekday: local.getDay(), key: `${year}-${pad(month + 1)}-${pad(date)}` };
}
type LocalDay = ReturnType<typeof localDay>;
const dayAfter = (day: LocalDay, days: number, timeZone: string) =>
  localDay(new TZDate(day.year, day.month, day.date + days, 12, 0, timeZone).getTime(), timeZone);
const instantOf = (day: LocalDay, minuteOfDay: number, timeZone: string) =>
  new TZDate(day.year, day.month, day.date, 0, minuteOfDay, timeZone).getTime();

/**
 * The demo clinic's appointments, for each demo practitioner without any yet: a completed session on the day
 * of (or the working day before) each of their notes of the last six weeks, a few cancelled and missed ones,
 * and the next three weeks partly booked, always inside their hours as they stand (the week, days that differ,
 * time off) with their buffer between sessions and never two at once for a practitioner or a patient. The demo patient, Pat Morgan, sees Riley Chen again in a
 * few days, and Riley has sessions on the seeding day (with extra hours when it is not a working day).
 * Upcoming sessions get their reminder as a booking does. One insert for all, a fixed seed, so every seeding
 * builds the same diary relative to its day; seeding again adds nothing.
 */
export async function seedDemoAppointments(tx: Tx, now = new Date()) {
  const practitionerRows = await tx
    .select({
      id: users.id,
      email: users.email,
      timeZone: practitionerSchedules.timeZone,
      bufferMinutes: practitionerSchedules.bufferMinutes,
      autoConfirm: practitionerSchedules.autoConfirm,
      booked: sql<boolean>`exists (select 1 from ${appointments} a where a.practitioner_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(practitionerSchedules, eq(practitionerSchedules.practitionerId, users.id))
    .where(
      inArray(
        users.email,
        CLINIC_PRACTITIONERS.map((practitioner) => practitioner.email),
      ),
    );
  const practitioners = CLINIC_PRACTITIONERS.flatMap((practitioner) => {
    const row = practitionerRows.find((candidate) => candidate.email === practitioner.email);
    return row && !row.booked ? [{ ...row, key: practitioner.key }] : [];
  });
  if (practitioners.length === 0) return 0;
  const ids = practitioners.map((practitioner) => practitioner.id);

  const services = new Map(
    (
      await tx
        .select({
          id: serviceTypes.id,
          name: serviceTypes.name,
          durationMinutes: serviceTypes.durationMinutes,
        })
        .from(serviceTypes)
        .where(
          inArray(
            serviceTypes.name,
            DEMO_SERVICE_TYPES.map((service) => service.name),
          ),
        )
    ).map((service) => [service.name, service]),
  );
  const service = (name: (typeof DEMO_SERVICE_TYPES)[number]['name']) => services.get(name);
  const team = await tx
    .select({
      practitionerId: careTeamAssignments.practitionerId,
      patientId: careTeamAssignments.patientId,
      email: users.email,
      active: sql<boolean>`coalesce(${patients.status} = 'active', true)`,
    })
    .from(careTeamAssignments)
    .innerJoin(users, eq(users.id, careTeamAssignments.patientId))
    .leftJoin(patients, eq(patients.userId, careTeamAssignments.patientId))
    .where(inArray(careTeamAssignments.practitionerId, ids))
    .orderBy(asc(users.email));
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const notes = await tx
    .select({
      id: recoveryNotes.id,
      practitionerId: recoveryNotes.practitionerId,
      patientId: recoveryNotes.patientId,
      createdAt: recoveryNotes.createdAt,
    })
    .from(recoveryNotes)
    .where(
      and(
        inArray(recoveryNotes.practitionerId, ids),
        isNull(recoveryNotes.appointmentId),
        gte(recoveryNotes.createdAt, since),
      ),
    )
    .orderBy(asc(recoveryNotes.createdAt), asc(recoveryNotes.id));

  const firstDay = new Date(now.getTime() - (PAST_DAYS + 2) * 86_400_000);
  const lastDay = new Date(now.getTime() + (AHEAD_DAYS + 2) * 86_400_000);
  const weekRows = await tx.select().from(weeklyHours).where(inArray(weeklyHours.practitionerId, ids));
  const overrideRows = await tx
    .select()
    .from(dateOverrides)
    .where(
      and(
        inArray(dateOverrides.practitionerId, ids),
        gte(dateOverrides.date, firstDay.toISOString().slice(0, 10)),
        lte(dateOverrides.date, lastDay.toISOString().slice(0, 10)),
      ),
    );
  const awayRows = await tx
    .select()
    .from(timeOff)
    .where(
      and(
        inArray(timeOff.practitionerId, ids),
        gte(timeOff.endsAt, firstDay),
        lte(timeOff.startsAt, lastDay),
      ),
    );

  const random = seeded(20_261_122);
  const planned: Planned[] = [];
  const overrides: (typeof dateOverrides.$inferInsert)[] = [];
  const patientBusy = new Map<string, Span[]>();
  const overlaps = (spans: Span[] | undefined, span: Span) =>
    (spans ?? []).some((other) => other.start < span.end && span.start < other.end);

  for (const practitioner of practitioners) {
    const { id, timeZone } = practitioner;
    const today = localDay(now.getTime(), timeZone);
    // The hours as they are now (the demo week, or whatever was changed since), days that differ, time off.
    const hoursOf = new Map<number, Range[]>();
    for (const row of weekRows.filter((candidate) => candidate.practitionerId === id))
      hoursOf.set(row.weekday, [...(hoursOf.get(row.weekday) ?? []), [row.startTime, row.endTime]]);
    const overridden = new Map<string, Range[]>();
    for (const row of overrideRows.filter((candidate) => candidate.practitionerId === id)) {
      const ranges = overridden.get(row.date) ?? [];
      if (row.startTime && row.endTime) ranges.push([row.startTime, row.endTime]);
      overridden.set(row.date, ranges);
    }
    const away = awayRows.filter((candidate) => candidate.practitionerId === id);
    const extraToday =
      practitioner.key === 'riley' && !hoursOf.has(today.weekday) && !overridden.has(today.key);
    if (extraToday) {
      overrides.push({
        practitionerId: id,
        date: today.key,
        startTime: EXTRA_CLINIC[0],
        endTime: EXTRA_CLINIC[1],
      });
      overridden.set(today.key, [EXTRA_CLINIC]);
    }
    const rangesOn = (day: LocalDay) => overridden.get(day.key) ?? hoursOf.get(day.weekday) ?? [];
    const taken = new Map<string, Span[]>();
    const patientsOf = team.filter((row) => row.practitionerId === id);
    const activePatients = patientsOf.filter((row) => row.active);
    const followUp = service('Follow-up (30 min)');
    const choices = [
      followUp,
      followUp,
      service('Follow-up (45 min)'),
      service('Initial assessment'),
      practitioner.key === 'maya' ? service('Sports massage') : service('Follow-up (30 min)'),
      practitioner.key === 'hannah' ? service('Hydrotherapy') : service('Follow-up (45 min)'),
    ].filter((choice) => choice !== undefined);
    if (!followUp || activePatients.length === 0) continue;

    /** A free start on the day for this long, from `from` minutes on (or anywhere), or null. */
    const place = (
      day: LocalDay,
      { minutes, patientId, from }: { minutes: number; patientId: string; from?: number },
    ) => {
      const starts = rangesOn(day).flatMap(([start, end]) => {
        const options: number[] = [];
        for (let at = minutesOf(start); at + minutes <= minutesOf(end); at += GRID_MINUTES) options.push(at);
        return options;
      });
      const ordered =
        from === undefined
          ? starts.slice(random.int(0, Math.max(0, starts.length - 1))).concat(starts)
          : starts.filter((at) => at >= from);
      for (const at of ordered) {
        const span = { start: instantOf(day, at, timeZone), end: instantOf(day, at + minutes, timeZone) };
        const padded = {
          start: span.start - practitioner.bufferMinutes * 60_000,
          end: span.end + practitioner.bufferMinutes * 60_000,
        };
        if (
          overlaps(taken.get(day.key), padded) ||
          overlaps(patientBusy.get(patientId), span) ||
          away.some((off) => off.startsAt.getTime() < span.end && span.start < off.endsAt.getTime())
        )
          continue;
        taken.set(day.key, [...(taken.get(day.key) ?? []), span]);
        patientBusy.set(patientId, [...(patientBusy.get(patientId) ?? []), span]);
        return span;
      }
      return null;
    };
    const statusFor = (span: Span): Planned['status'] => {
      if (span.end <= now.getTime()) return 'completed';
      if (span.start <= now.getTime()) return 'checked_in';
      return practitioner.autoConfirm || random.chance(0.7) ? 'confirmed' : 'scheduled';
    };
    const book = (
      span: Span,
      { patientId, serviceTypeId, ...extra }: Partial<Planned> & Pick<Planned, 'patientId' | 'serviceTypeId'>,
    ): Planned => {
      const appointment: Planned = {
        patientId,
        practitionerId: id,
        serviceTypeId,
        startsAt: new Date(span.start),
        endsAt: new Date(span.end),
        status: statusFor(span),
        createdBy: id,
        createdAt: new Date(Math.min(now.getTime(), span.start - random.int(3, 14) * 86_400_000)),
        ...extra,
      };
      planned.push(appointment);
      return appointment;
    };

    // Pat Morgan's next session with the demo practitioner, confirmed, at 10:00 on a working day a few days ahead.
    const demoPatient = activePatients.find((row) => row.email === DEMO_PATIENT_EMAIL);
    const others = activePatients.filter((row) => row.email !== DEMO_PATIENT_EMAIL);
    if (demoPatient) {
      let span: Span | null = null;
      for (let ahead = 3; ahead < 14 && !span; ahead++)
        span = place(dayAfter(today, ahead, timeZone), {
          minutes: followUp.durationMinutes,
          patientId: demoPatient.patientId,
          from: 10 * 60,
        });
      if (span)
        book(span, { patientId: demoPatient.patientId, serviceTypeId: followUp.id, status: 'confirmed' });
    }

    // A completed session for each recent note, on its day or the working day before.
    const todayStart = instantOf(today, 0, timeZone);
    for (const note of notes) {
      if (note.practitionerId !== id || note.createdAt.getTime() >= todayStart) continue;
      let day = localDay(note.createdAt.getTime(), timeZone);
      for (let back = 0; back < 7 && rangesOn(day).length === 0; back++) day = dayAfter(day, -1, timeZone);
      const span = place(day, { minutes: followUp.durationMinutes, patientId: note.patientId });
      if (span) book(span, { patientId: note.patientId, serviceTypeId: followUp.id, noteIds: [note.id] });
    }

    // The rest of the six weeks and the next three: some sessions each working day, a few of them missed or
    // cancelled, and more today for the demo practitioner.
    for (let offset = -PAST_DAYS; offset <= AHEAD_DAYS; offset++) {
      const day = dayAfter(today, offset, timeZone);
      if (rangesOn(day).length === 0) continue;
      const isToday = offset === 0;
      const wanted =
        offset < 0 ? random.int(0, 2) : isToday && practitioner.key === 'riley' ? 4 : random.int(2, 4);
      for (let count = 0; count < wanted; count++) {
        // The demo patient's only session ahead is the one above, so their next appointment is that one.
        const patient = random.pick(offset < 0 || others.length === 0 ? activePatients : others);
        const chosen = random.pick(choices);
        const span = place(day, { minutes: chosen.durationMinutes, patientId: patient.patientId });
        if (!span) continue;
        const booked = book(span, { patientId: patient.patientId, serviceTypeId: chosen.id });
        if (offset < 0 && random.chance(0.2)) booked.status = 'no_show';
        else if (offset < 0 ? random.chance(0.15) : offset > 1 && random.chance(0.08)) {
          booked.status = 'cancelled';
          booked.cancellationReason = random.pick(CANCELLATION_REASONS);
          booked.cancelledAt = new Date(Math.min(now.getTime(), span.start - random.int(1, 3) * 86_400_000));
          booked.cancelledBy = patient.patientId;
          // A cancelled session frees its time for someone else.
          taken.set(
            day.key,
            (taken.get(day.key) ?? []).filter((other) => other.start !== span.start),
          );
        }
      }
    }
  }
  if (planned.length === 0) return 0;

  if (overrides.length > 0) await tx.insert(dateOverrides).values(overrides);
  const inserted = await tx
    .insert(appointments)
    .values(
      planned.map(({ noteIds: _noteIds, ...appointment }) => ({
        ...appointment,
        updatedAt: appointment.createdAt,
      })),
    )
    .returning({ id: appointments.id, startsAt: appointments.startsAt, status: appointments.status });
  const linked = inserted.flatMap((row, index) =>
    (planned[index].noteIds ?? []).map((noteId) => sql`(${noteId}::uuid, ${row.id}::uuid)`),
  );
  if (linked.length > 0) {
    await tx.execute(sql`update recovery_notes set appointment_id = linked.appointment_id
      from (values ${sql.join(linked, sql`, `)}) as linked(note_id, appointment_id)
      where recovery_notes.id = linked.note_id`);
  }
  await scheduleReminders(
    tx,
    inserted
      .filter((row) => row.status === 'scheduled' || row.status === 'confirmed')
      .map((row) => ({ appointmentId: row.id, startsAt: row.startsAt })),
    now,
  );
  return inserted.length;
}
