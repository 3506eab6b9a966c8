import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  APPOINTMENT_MAX_MINUTES,
  type AppointmentScope,
  type AppointmentStatus,
} from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { appointments, calendarFeeds, serviceTypes, users } from '../../db/schema';

export type AppointmentValues = Partial<
  Omit<typeof appointments.$inferInsert, 'id' | 'createdAt' | 'during'>
>;

const patientUser = alias(users, 'appointment_patient');
const practitionerUser = alias(users, 'appointment_practitioner');

const { during: _during, ...appointmentColumns } = getTableColumns(appointments);
const withNames = {
  ...appointmentColumns,
  patientName: sql<string>`${patientUser.firstName} || ' ' || ${patientUser.lastName}`,
  practitionerName: sql<string>`${practitionerUser.firstName} || ' ' || ${practitionerUser.lastName}`,
  serviceName: serviceTypes.name,
  colour: serviceTypes.colour,
};

export type AppointmentRow = Omit<typeof appointments.$inferSelect, 'during'> & {
  patientName: string;
  practitionerName: string;
  serviceName: string;
  colour: string;
};

const selectAppointments = (db: Db | Tx) =>
  db
    .select(withNames)
    .from(appointments)
    .innerJoin(patientUser, eq(patientUser.id, appointments.patientId))
    .innerJoin(practitionerUser, eq(practitionerUser.id, appointments.practitionerId))
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId));

export async function insertAppointment(
  db: Db | Tx,
  values: AppointmentValues & {
    patientId: string;
    practitionerId: string;
    serviceTypeId: string;
    startsAt: Date;
    endsAt: Date;
  },
) {
  // Without a say of its own, an appointment is a video visit when its service is one (any booking path).
  const isVideo =
    values.isVideo ??
    sql<boolean>`(select ${serviceTypes.isVideo} from ${serviceTypes} where ${serviceTypes.id} = ${values.serviceTypeId})`;
  const [row] = await db
    .insert(appointments)
    .values({ ...values, isVideo })
    .returning({ id: appointments.id });
  return row.id;
}

/** One appointment; `lock` holds it until the transaction ends, so two changes to it never interleave. */
export async function findAppointment(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  if (options.lock)
    await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, id)).for('update');
  const [row] = await selectAppointments(db).where(eq(appointments.id, id)).limit(1);
  return (row as AppointmentRow | undefined) ?? null;
}

export async function updateAppointment(db: Db | Tx, id: string, values: AppointmentValues) {
  await db
    .update(appointments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(appointments.id, id));
}

export async function findUserRole(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** Where a page starts: the last appointment of the previous one, by start and id. */
export type Cursor = { startsAt: Date; id: string };

export type ListOptions = {
  /** A practitioner: their own appointments and those of the patients in their reach (a subquery). */
  reach?: { practitionerId: string; patientIdsIn: SQL };
  /** A patient: only their own. */
  ownPatientId?: string;
  practitionerId?: string;
  patientId?: string;
  status?: AppointmentStatus;
  /** Video visits only, cancelled ones aside (the Telehealth page). */
  videoVisits?: boolean;
  scope?: AppointmentScope;
  /** The appointment overlaps [from, to). */
  from?: Date;
  to?: Date;
  now: Date;
  cursor?: Cursor;
  limit: number;
};

/** Upcoming (and no scope) run earliest first; past and cancelled newest first. */
export const newestFirst = (scope?: AppointmentScope) => scope === 'past' || scope === 'cancelled';

const at = (date: Date) => date.toISOString();

/**
 * One page keyset-paged on (starts_at, id), so pages neither skip nor repeat when appointments are added.
 * A window [from, to) is answered by appointments that overlap it; since none lasts longer than the
 * contract's maximum, the start is also bounded below, which keeps the (practitioner_id, starts_at) index
 * scan to the window.
 */
export async function listAppointments(db: Db | Tx, options: ListOptions): Promise<AppointmentRow[]> {
  const conditions: SQL[] = [];
  if (options.reach)
    conditions.push(
      sql`(${appointments.practitionerId} = ${options.reach.practitionerId} or ${appointments.patientId} in (${options.reach.patientIdsIn}))`,
    );
  if (options.ownPatientId) conditions.push(eq(appointments.patientId, options.ownPatientId));
  if (options.practitionerId) conditions.push(eq(appointments.practitionerId, options.practitionerId));
  if (options.patientId) conditions.push(eq(appointments.patientId, options.patientId));
  if (options.status) conditions.push(eq(appointments.status, options.status));
  if (options.videoVisits)
    conditions.push(eq(appointments.isVideo, true), sql`${appointments.status} <> 'cancelled'`);
  if (options.from) {
    // Still running at `from`. Written through greatest() (the same test, as an appointment ends after it
    // starts) so that the planner does not multiply this range's selectivity into the start's: the two are
    // correlated, and near the end of the data the product made it expect a handful of rows and sort a whole
    // week of the clinic instead of walking the start index to the page's limit (40 ms against 5 ms).
    conditions.push(sql`greatest(${appointments.endsAt}, ${appointments.startsAt}) > ${at(options.from)}`);
    const earliestStart = new Date(options.from.getTime() - APPOINTMENT_MAX_MINUTES * 60_000);
    conditions.push(sql`${appointments.startsAt} > ${at(earliestStart)}`);
  }
  if (options.to) conditions.push(sql`${appointments.startsAt} < ${at(options.to)}`);
  const now = at(options.now);
  if (options.scope === 'upcoming')
    conditions.push(
      sql`${appointments.status} in ('scheduled', 'confirmed', 'checked_in')`,
      sql`${appointments.endsAt} > ${now}`,
    );
  if (options.scope === 'past')
    conditions.push(
      sql`${appointments.status} <> 'cancelled'`,
      sql`(${appointments.endsAt} <= ${now} or ${appointments.status} in ('completed', 'no_show'))`,
    );
  if (options.scope === 'cancelled') conditions.push(eq(appointments.status, 'cancelled'));
  const descending = newestFirst(options.scope);
  if (options.cursor) {
    const cursor = sql`(${at(options.cursor.startsAt)}::timestamptz, ${options.cursor.id}::uuid)`;
    conditions.push(
      descending
        ? sql`(${appointments.startsAt}, ${appointments.id}) < ${cursor}`
        : sql`(${appointments.startsAt}, ${appointments.id}) > ${cursor}`,
    );
  }
  const order = descending
    ? [desc(appointments.startsAt), desc(appointments.id)]
    : [asc(appointments.startsAt), asc(appointments.id)];
  const rows = await selectAppointments(db)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.limit);
  return rows as AppointmentRow[];
}

/**
 * A practitioner's active appointments overlapping [from, to), by start: the busy time of their slots. They
 * come back as one text of epoch milliseconds rather than a row each: on the embedded database a 90-day window
 * of thousands of rows cost more in rows handed over than in the query.
 */
export async function activeSpans(db: Db | Tx, practitionerId: string, window: { from: Date; to: Date }) {
  const earliestStart = new Date(window.from.getTime() - APPOINTMENT_MAX_MINUTES * 60_000);
  const epochMs = (column: typeof appointments.startsAt | typeof appointments.endsAt) =>
    sql`((extract(epoch from ${column}) * 1000)::bigint)::text`;
  const [row] = await db
    .select({
      spans: sql<
        string | null
      >`string_agg(${epochMs(appointments.startsAt)} || ',' || ${epochMs(appointments.endsAt)}, ',' order by ${appointments.startsAt})`,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.practitionerId, practitionerId),
        sql`${appointments.startsAt} > ${at(earliestStart)}`,
        sql`${appointments.startsAt} < ${at(window.to)}`,
        sql`${appointments.endsAt} > ${at(window.from)}`,
        sql`${appointments.status} in ('scheduled', 'confirmed', 'checked_in', 'completed')`,
      ),
    );
  if (!row?.spans) return [];
  const bounds = row.spans.split(',');
  const spans = new Array<{ startsAt: Date; endsAt: Date }>(bounds.length / 2);
  for (let i = 0; i < spans.length; i++)
    spans[i] = { startsAt: new Date(Number(bounds[2 * i])), endsAt: new Date(Number(bounds[2 * i + 1])) };
  return spans;
}

/** How many appointments overlapping [from, to) there are in each status, the whole clinic's. */
export async function countByStatus(db: Db | Tx, window: { from: Date; to: Date }) {
  const earliestStart = new Date(window.from.getTime() - APPOINTMENT_MAX_MINUTES * 60_000);
  return db
    .select({ status: appointments.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(appointments)
    .where(
      and(
        sql`${appointments.startsAt} > ${at(earliestStart)}`,
        sql`${appointments.startsAt} < ${at(window.to)}`,
        sql`${appointments.endsAt} > ${at(window.from)}`,
      ),
    )
    .groupBy(appointments.status);
}

/** Calendar feeds: one per person, found by its owner or by its token's hash (the token itself is never kept). */
export async function feedOf(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

export async function feedByTokenHash(db: Db | Tx, tokenHash: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

/** Gives the person a feed under a new token hash; an earlier feed of theirs stops answering. */
export async function replaceFeed(db: Db | Tx, feed: { userId: string; tokenHash: string; createdAt: Date }) {
  await db
    .insert(calendarFeeds)
    .values(feed)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: feed.tokenHash, createdAt: feed.createdAt },
    });
}

export async function deleteFeed(db: Db | Tx, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * How many of a patient's appointments (with one service, or any) are in these statuses, up to and with the
 * given appointment's start: the check-ins count visits with it.
 */
export async function countPatientAppointments(
  db: Db | Tx,
  options: { patientId: string; serviceTypeId?: string; statuses: readonly string[] },
) {
  const conditions: SQL[] = [
    eq(appointments.patientId, options.patientId),
    sql`${appointments.status} in (${sql.join(
      options.statuses.map((status) => sql`${status}`),
      sql`, `,
    )})`,
  ];
  if (options.serviceTypeId) conditions.push(eq(appointments.serviceTypeId, options.serviceTypeId));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(...conditions));
  return row?.count ?? 0;
}

/** The service types a patient has had an appointment for, cancelled ones aside. */
export async function serviceTypesOfPatient(db: Db | Tx, patientId: string) {
  const rows = await db
    .selectDistinct({ serviceTypeId: appointments.serviceTypeId })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), sql`${appointments.status} <> 'cancelled'`));
  return rows.map((row) => row.serviceTypeId);
}

/** The appointments of some practitioners that touch a window, for an import to match and to check clashes. */
export function appointmentsTouching(
  db: Db | Tx,
  { practitionerIds, from, to }: { practitionerIds: string[]; from: Date; to: Date },
) {
  if (practitionerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      patientId: appointments.patientId,
      practitionerId: appointments.practitionerId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.practitionerId, practitionerIds),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
}

export async function insertAppointments(
  db: Db | Tx,
  list: (AppointmentValues & {
    id: string;
    patientId: string;
    practitionerId: string;
    serviceTypeId: string;
    startsAt: Date;
    endsAt: Date;
  })[],
) {
  if (list.length > 0) await db.insert(appointments).values(list);
}

export async function deleteAppointments(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(appointments)
    .where(inArray(appointments.id, ids))
    .returning({ id: appointments.id });
  return rows.length;
}
