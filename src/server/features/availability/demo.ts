import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { CLINIC_PRACTITIONERS } from '../../db/demo-clinic';
import { practitionerSchedules, serviceTypes, users, weeklyHours } from '../../db/schema';

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
