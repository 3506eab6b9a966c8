import { and, asc, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import {
  ACTIVE_REGISTRATION_STATUSES,
  type CommunityEvent,
  type MyRegistration,
  SEAT_STATUSES,
} from '../../../shared/events';
import type { Db, Tx } from '../../db/client';
import { communityEvents, eventRegistrations } from '../../db/schema/events';

export type EventRow = typeof communityEvents.$inferSelect;
export type RegistrationRow = typeof eventRegistrations.$inferSelect;
type Reader = Db | Tx;

export async function findEvent(db: Reader, id: string) {
  const [row] = await db.select().from(communityEvents).where(eq(communityEvents.id, id));
  return row ?? null;
}

/** The event, locked for the rest of the transaction: registrations of one event happen one at a time. */
export async function lockEvent(tx: Tx, id: string) {
  const [row] = await tx.select().from(communityEvents).where(eq(communityEvents.id, id)).for('update');
  return row ?? null;
}

export async function seatsTaken(db: Reader, eventId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(eventRegistrations)
    .where(
      and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, [...SEAT_STATUSES])),
    );
  return row?.value ?? 0;
}

/** Seats taken and waitlist length of each event. */
export async function countsOf(db: Reader, eventIds: string[]) {
  const counts = new Map<string, { seatsTaken: number; waitlistCount: number }>();
  for (const id of eventIds) counts.set(id, { seatsTaken: 0, waitlistCount: 0 });
  if (eventIds.length === 0) return counts;
  const rows = await db
    .select({
      eventId: eventRegistrations.eventId,
      seats: sql<number>`count(*) filter (where ${inArray(eventRegistrations.status, [...SEAT_STATUSES])})`,
      waitlist: sql<number>`count(*) filter (where ${eq(eventRegistrations.status, 'waitlisted')})`,
    })
    .from(eventRegistrations)
    .where(inArray(eventRegistrations.eventId, eventIds))
    .groupBy(eventRegistrations.eventId);
  for (const row of rows)
    counts.set(row.eventId, { seatsTaken: Number(row.seats), waitlistCount: Number(row.waitlist) });
  return counts;
}

export async function activeRegistration(db: Reader, eventId: string, userId: string) {
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.userId, userId),
        inArray(eventRegistrations.status, [...ACTIVE_REGISTRATION_STATUSES]),
      ),
    );
  return row ?? null;
}

/** The caller's registrations still in play, by event. */
export async function activeRegistrationsOf(db: Reader, userId: string, eventIds?: string[]) {
  if (eventIds && eventIds.length === 0) return [];
  return db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.userId, userId),
        inArray(eventRegistrations.status, [...ACTIVE_REGISTRATION_STATUSES]),
        eventIds ? inArray(eventRegistrations.eventId, eventIds) : undefined,
      ),
    );
}

export async function waitlistPosition(db: Reader, row: RegistrationRow) {
  if (row.status !== 'waitlisted') return null;
  const [ahead] = await db
    .select({ value: count() })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, row.eventId),
        eq(eventRegistrations.status, 'waitlisted'),
        lt(eventRegistrations.seq, row.seq),
      ),
    );
  return (ahead?.value ?? 0) + 1;
}

export async function firstWaitlisted(tx: Tx, eventId: string) {
  const [row] = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'waitlisted')))
    .orderBy(asc(eventRegistrations.seq))
    .limit(1);
  return row ?? null;
}

/** Offers and payment holds that ran out, of one event or of all. */
export async function lapsed(db: Reader, now: Date, eventId?: string) {
  return db
    .select({ id: eventRegistrations.id, eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(
      and(
        eventId ? eq(eventRegistrations.eventId, eventId) : undefined,
        or(
          and(eq(eventRegistrations.status, 'offered'), lt(eventRegistrations.offerExpiresAt, now)),
          and(eq(eventRegistrations.status, 'pending_payment'), lt(eventRegistrations.holdExpiresAt, now)),
        ),
      ),
    );
}

export async function findRegistration(db: Reader, id: string) {
  const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id));
  return row ?? null;
}

export async function listEvents(db: Reader, options: { upcomingAfter?: Date; scheduledOnly: boolean }) {
  return db
    .select()
    .from(communityEvents)
    .where(
      and(
        options.upcomingAfter ? gt(communityEvents.endsAt, options.upcomingAfter) : undefined,
        options.scheduledOnly ? eq(communityEvents.status, 'scheduled') : undefined,
      ),
    )
    .orderBy(asc(communityEvents.startsAt), asc(communityEvents.id));
}

export async function upcomingOfMember(db: Reader, userId: string, now: Date) {
  return db
    .select({ registration: eventRegistrations, event: communityEvents })
    .from(eventRegistrations)
    .innerJoin(communityEvents, eq(communityEvents.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.userId, userId),
        inArray(eventRegistrations.status, [...ACTIVE_REGISTRATION_STATUSES]),
        eq(communityEvents.status, 'scheduled'),
        gt(communityEvents.endsAt, now),
      ),
    )
    .orderBy(asc(communityEvents.startsAt));
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toMyRegistration(row: RegistrationRow, position: number | null): MyRegistration {
  return {
    id: row.id,
    status: row.status,
    waitlistPosition: position,
    offerExpiresAt: row.status === 'offered' ? iso(row.offerExpiresAt) : null,
    holdExpiresAt: row.status === 'pending_payment' ? iso(row.holdExpiresAt) : null,
    checkedInAt: iso(row.checkedInAt),
    paidCents: row.paidAt ? row.amountCents - row.refundedCents : 0,
  };
}

export function toEvent(
  row: EventRow,
  counts: { seatsTaken: number; waitlistCount: number },
  mine: MyRegistration | null,
): CommunityEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    place: row.place,
    onlineUrl: row.onlineUrl,
    capacity: row.capacity,
    priceCents: row.priceCents,
    currency: row.currency,
    status: row.status,
    seatsTaken: counts.seatsTaken,
    waitlistCount: counts.waitlistCount,
    myRegistration: mine,
  };
}

type RegistrationValues = Partial<typeof eventRegistrations.$inferInsert>;
type RegistrationStatus = RegistrationRow['status'];

/** Changes one registration; answers it as it now stands, or undefined when there is none. */
export async function updateRegistration(db: Reader, id: string, values: RegistrationValues) {
  const [row] = await db
    .update(eventRegistrations)
    .set(values)
    .where(eq(eventRegistrations.id, id))
    .returning();
  return row;
}

/** Records a refund only if no other was recorded since `row` was read: of two racing refunds one wins. */
export async function recordRegistrationRefund(
  db: Reader,
  row: Pick<RegistrationRow, 'id' | 'refundedCents'>,
  values: RegistrationValues,
) {
  const [updated] = await db
    .update(eventRegistrations)
    .set(values)
    .where(and(eq(eventRegistrations.id, row.id), eq(eventRegistrations.refundedCents, row.refundedCents)))
    .returning();
  return updated;
}

/** Ends the registrations (of the ids given, or of a whole event) still in one of `statuses`; answers them. */
export function endRegistrations(
  db: Reader,
  which: { ids: string[] } | { eventId: string },
  change: { statuses: readonly RegistrationStatus[]; values: RegistrationValues },
) {
  const chosen =
    'ids' in which
      ? inArray(eventRegistrations.id, which.ids)
      : eq(eventRegistrations.eventId, which.eventId);
  return db
    .update(eventRegistrations)
    .set(change.values)
    .where(and(chosen, inArray(eventRegistrations.status, [...change.statuses])))
    .returning();
}
