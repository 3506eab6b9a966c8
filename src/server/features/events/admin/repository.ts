import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Attendee } from '../../../../shared/events';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import { communityEvents, eventRegistrations } from '../../../db/schema/events';
import type { RegistrationRow } from '../repository';

type Reader = Db | Tx;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function registrationsWithPeople(db: Reader, eventId: string) {
  return db
    .select({
      registration: eventRegistrations,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.seq));
}

export function toAttendee(
  row: { registration: RegistrationRow; firstName: string; lastName: string; email: string },
  position: number | null,
): Attendee {
  const r = row.registration;
  return {
    id: r.id,
    userId: r.userId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    status: r.status,
    waitlistPosition: position,
    registeredAt: r.createdAt.toISOString(),
    offerExpiresAt: r.status === 'offered' ? iso(r.offerExpiresAt) : null,
    checkedInAt: iso(r.checkedInAt),
    paidCents: r.paidAt ? r.amountCents : 0,
    refundedCents: r.refundedCents,
  };
}

/** Whether anyone holds or is paying for a seat of the event. */
export async function hasHeldSeat(db: Reader, eventId: string) {
  const [held] = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.status, ['registered', 'pending_payment']),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** Changes one event; answers it as it now stands. */
export async function updateEvent(
  db: Reader,
  id: string,
  values: Partial<typeof communityEvents.$inferInsert>,
) {
  const [row] = await db.update(communityEvents).set(values).where(eq(communityEvents.id, id)).returning();
  return row;
}

export async function insertEvent(db: Reader, values: typeof communityEvents.$inferInsert) {
  const [row] = await db.insert(communityEvents).values(values).returning();
  return row!;
}
