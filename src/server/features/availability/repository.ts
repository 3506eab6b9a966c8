import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dateOverrides, practitionerSchedules, timeOff, weeklyHours } from '../../db/schema';

export type ScheduleRow = typeof practitionerSchedules.$inferSelect;
export type ScheduleValues = Partial<Omit<typeof practitionerSchedules.$inferInsert, 'practitionerId'>>;
export type TimeOffRow = typeof timeOff.$inferSelect;

export async function findSchedule(db: Db | Tx, practitionerId: string) {
  const [row] = await db
    .select()
    .from(practitionerSchedules)
    .where(eq(practitionerSchedules.practitionerId, practitionerId))
    .limit(1);
  return row ?? null;
}

/** The schedule whose public page has this booking link, if any. */
export async function findScheduleByBookingLink(db: Db | Tx, bookingLink: string) {
  const [row] = await db
    .select()
    .from(practitionerSchedules)
    .where(eq(practitionerSchedules.bookingLink, bookingLink))
    .limit(1);
  return row ?? null;
}

export async function upsertSchedule(db: Db | Tx, practitionerId: string, values: ScheduleValues) {
  const [row] = await db
    .insert(practitionerSchedules)
    .values({ practitionerId, ...values })
    .onConflictDoUpdate({
      target: practitionerSchedules.practitionerId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export function listWeeklyHours(db: Db | Tx, practitionerId: string) {
  return db
    .select({ weekday: weeklyHours.weekday, start: weeklyHours.startTime, end: weeklyHours.endTime })
    .from(weeklyHours)
    .where(eq(weeklyHours.practitionerId, practitionerId))
    .orderBy(asc(weeklyHours.weekday), asc(weeklyHours.startTime));
}

export async function replaceWeeklyHours(
  db: Db | Tx,
  practitionerId: string,
  hours: readonly { weekday: number; start: string; end: string }[],
) {
  await db.delete(weeklyHours).where(eq(weeklyHours.practitionerId, practitionerId));
  if (hours.length === 0) return;
  await db
    .insert(weeklyHours)
    .values(hours.map((h) => ({ practitionerId, weekday: h.weekday, startTime: h.start, endTime: h.end })));
}

/** Overrides from a day on (all when no day is given), as rows: one per range, or one without hours when closed. */
export function listDateOverrideRows(
  db: Db | Tx,
  practitionerId: string,
  range?: { from: string; to: string },
) {
  const conditions = [eq(dateOverrides.practitionerId, practitionerId)];
  if (range) {
    conditions.push(
      gt(dateOverrides.date, previousDay(range.from)),
      lt(dateOverrides.date, nextDay(range.to)),
    );
  }
  return db
    .select({ date: dateOverrides.date, start: dateOverrides.startTime, end: dateOverrides.endTime })
    .from(dateOverrides)
    .where(and(...conditions))
    .orderBy(asc(dateOverrides.date), asc(dateOverrides.startTime));
}

function shiftDay(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const previousDay = (day: string) => shiftDay(day, -1);
const nextDay = (day: string) => shiftDay(day, 1);

export async function replaceDateOverride(
  db: Db | Tx,
  practitionerId: string,
  { date, hours }: { date: string; hours: readonly { start: string; end: string }[] },
) {
  await deleteDateOverride(db, practitionerId, date);
  const rows =
    hours.length === 0
      ? [{ practitionerId, date, startTime: null, endTime: null }]
      : hours.map((h) => ({ practitionerId, date, startTime: h.start, endTime: h.end }));
  await db.insert(dateOverrides).values(rows);
}

export async function deleteDateOverride(db: Db | Tx, practitionerId: string, date: string) {
  const rows = await db
    .delete(dateOverrides)
    .where(and(eq(dateOverrides.practitionerId, practitionerId), eq(dateOverrides.date, date)))
    .returning({ id: dateOverrides.id });
  return rows.length;
}

/** Time off overlapping [from, to), or all of it when no window is given. */
export function listTimeOff(db: Db | Tx, practitionerId: string, window?: { from: Date; to: Date }) {
  const conditions = [eq(timeOff.practitionerId, practitionerId)];
  if (window) conditions.push(lt(timeOff.startsAt, window.to), gt(timeOff.endsAt, window.from));
  return db
    .select()
    .from(timeOff)
    .where(and(...conditions))
    .orderBy(asc(timeOff.startsAt));
}

export async function insertTimeOff(db: Db | Tx, values: typeof timeOff.$inferInsert) {
  const [row] = await db.insert(timeOff).values(values).returning();
  return row!;
}

export async function deleteTimeOff(db: Db | Tx, practitionerId: string, id: string) {
  const rows = await db
    .delete(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.practitionerId, practitionerId)))
    .returning({ id: timeOff.id });
  return rows.length > 0;
}
