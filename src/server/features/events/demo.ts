import { count } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { communityEvents } from '../../db/schema';

const DAY = 86_400_000;

/** A day `days` from now at a clinic-friendly hour (UTC), for demo events that stay upcoming. */
function at(days: number, hourUtc: number) {
  const day = new Date(Date.now() + days * DAY);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hourUtc));
}

/**
 * A few upcoming community events for the demo: a free walk in the park, a small paid workshop and an online
 * talk. Seeded once (only when there are no events yet).
 */
export async function seedDemoEvents(tx: Tx) {
  const [existing] = await tx.select({ value: count() }).from(communityEvents);
  if ((existing?.value ?? 0) > 0) return;
  await tx.insert(communityEvents).values([
    {
      title: 'Recovery walk in Riverside Park',
      description: 'An easy 5 km walk with our physiotherapists, for patients, families and supporters.',
      startsAt: at(12, 9),
      endsAt: at(12, 11),
      place: 'Riverside Park, main gate',
      capacity: 30,
      priceCents: 0,
    },
    {
      title: 'Strength after injury: hands-on workshop',
      description: 'A small-group workshop on safe strength training at home. Bring comfortable clothes.',
      startsAt: at(19, 17),
      endsAt: at(19, 19),
      place: 'Clinic studio, 2nd floor',
      capacity: 8,
      priceCents: 2500,
    },
    {
      title: 'Ask the clinic: sleep and recovery (online talk)',
      description: 'A live talk with questions at the end. The link shows once you are registered.',
      startsAt: at(26, 18),
      endsAt: at(26, 19),
      onlineUrl: 'https://meet.example.org/clinic-sleep-talk',
      capacity: 100,
      priceCents: 0,
    },
  ]);
}
