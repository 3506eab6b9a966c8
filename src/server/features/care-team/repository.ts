import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { careTeamAssignments } from '../../db/schema';

export async function findAssignment(db: Db | Tx, practitionerId: string, patientId: string) {
  const [row] = await db
    .select()
    .from(careTeamAssignments)
    .where(
      and(
        eq(careTeamAssignments.practitionerId, practitionerId),
        eq(careTeamAssignments.patientId, patientId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function practitionerIdsOf(db: Db | Tx, patientId: string) {
  const rows = await db
    .select({ id: careTeamAssignments.practitionerId })
    .from(careTeamAssignments)
    .where(eq(careTeamAssignments.patientId, patientId));
  return rows.map((row) => row.id);
}

export async function patientIdsOf(db: Db | Tx, practitionerId: string) {
  const rows = await db
    .select({ id: careTeamAssignments.patientId })
    .from(careTeamAssignments)
    .where(eq(careTeamAssignments.practitionerId, practitionerId));
  return rows.map((row) => row.id);
}

export async function insertAssignment(db: Db | Tx, practitionerId: string, patientId: string) {
  const rows = await db
    .insert(careTeamAssignments)
    .values({ practitionerId, patientId })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export async function deleteAssignment(db: Db | Tx, practitionerId: string, patientId: string) {
  const rows = await db
    .delete(careTeamAssignments)
    .where(
      and(
        eq(careTeamAssignments.practitionerId, practitionerId),
        eq(careTeamAssignments.patientId, patientId),
      ),
    )
    .returning();
  return rows.length > 0;
}
