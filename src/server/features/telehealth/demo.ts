import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, serviceTypes } from '../../db/schema';
import { clinicDayOf } from '../../platform/clinic-time';

export const DEMO_VIDEO_SERVICE = {
  name: 'Video follow-up',
  description: 'A follow-up from home by video: progress, exercises and questions.',
  durationMinutes: 30,
  priceCents: 5000,
  colour: '#7c3aed',
  isPublic: true,
  isVideo: true,
} as const;

/**
 * Video visits in the demo diary: a video service, the demo practitioner's next session today (whoever it is
 * with) and the demo patient's next two visits with them held by video; the diary's times stay as they are. They show
 * as video visits only while the clinic has video visits on (the demo clinic has). Seeding again adds nothing.
 */
export async function seedDemoVideoVisits(
  tx: Tx,
  { practitionerId, patientId }: { practitionerId: string; patientId: string },
  now = new Date(),
) {
  await tx.insert(serviceTypes).values(DEMO_VIDEO_SERVICE).onConflictDoNothing();
  const [service] = await tx
    .select({ id: serviceTypes.id })
    .from(serviceTypes)
    .where(eq(serviceTypes.name, DEMO_VIDEO_SERVICE.name));
  const ours = and(eq(appointments.patientId, patientId), eq(appointments.practitionerId, practitionerId));
  const [{ value: already }] = await tx
    .select({ value: count() })
    .from(appointments)
    .where(and(ours, eq(appointments.isVideo, true)));
  if (!service || already > 0) return 0;

  // The practitioner's next session today, whoever it is with, so their Telehealth page has one today.
  const today = clinicDayOf(now);
  const [todays] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.practitionerId, practitionerId),
        inArray(appointments.status, ['scheduled', 'confirmed']),
        gt(appointments.startsAt, now),
        lt(appointments.startsAt, today.to),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1);

  const coming = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        ours,
        eq(appointments.isVideo, false),
        inArray(appointments.status, ['scheduled', 'confirmed']),
        gt(appointments.startsAt, now),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(2);
  const ids = [...new Set([...(todays ? [todays.id] : []), ...coming.map((row) => row.id)])];
  if (ids.length > 0)
    await tx
      .update(appointments)
      .set({ isVideo: true, updatedAt: sql`now()` })
      .where(inArray(appointments.id, ids));
  return ids.length;
}
