import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PatientStatus } from '../../../shared/patients';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { appointments, careTeamAssignments, patients, users } from '../../db/schema';

export type PatientValues = Partial<Omit<typeof patients.$inferInsert, 'userId' | 'createdAt'>>;

const withAccount = {
  ...getTableColumns(patients),
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isAccountActive: users.isActive,
};

export type PatientRow = typeof patients.$inferSelect & {
  firstName: string;
  lastName: string;
  email: string;
  isAccountActive: boolean;
};

/** `%term%` for ILIKE with the term's own wildcards taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The patients a practitioner may see: those in their care team, and those booked with them in an appointment
 * that was not cancelled (past, coming, missed or completed: the practitioner met or is to meet them). A
 * cancelled appointment never happened, so it leaves no reach behind (docs/decisions/0020). Every patient
 * route follows this.
 */
export const patientIdsInReachOf = (practitionerId: string) =>
  sql`select ${careTeamAssignments.patientId} from ${careTeamAssignments}
      where ${careTeamAssignments.practitionerId} = ${practitionerId}
      union
      select ${appointments.patientId} from ${appointments}
      where ${appointments.practitionerId} = ${practitionerId} and ${appointments.status} <> 'cancelled'`;

export async function findPatient(db: Db | Tx, id: string): Promise<PatientRow | null> {
  const [row] = await db
    .select(withAccount)
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.userId, id), eq(users.role, 'patient')))
    .limit(1);
  return row ?? null;
}

/** Whether a practitioner may see the patient (see patientIdsInReachOf). */
export async function isInReachOf(db: Db | Tx, practitionerId: string, patientId: string) {
  const rows = await rowsOf(
    db,
    sql`select 1 from (${patientIdsInReachOf(practitionerId)}) reach(id) where reach.id = ${patientId} limit 1`,
  );
  return rows.length > 0;
}

export type ListOptions = {
  /** Only these patients (a practitioner's reach); undefined means every patient. */
  reachOf?: string;
  search?: string;
  status?: PatientStatus;
  practitionerId?: string;
  sort: 'name' | 'created';
  direction: 'asc' | 'desc';
  cursorId?: string;
  limit: number;
};

/**
 * One page, keyset-paged: the cursor is the last patient of the previous page, and the next page starts
 * strictly after its sort key (ties broken by id), so pages neither skip nor repeat when rows are added.
 * Name order walks users_patient_name_idx, date order patients_created_idx; searches go through the
 * trigram indexes (one on name and email, one on phone) and are combined with UNION so both are used.
 */
export async function listPatients(db: Db, options: ListOptions): Promise<PatientRow[]> {
  const conditions: SQL[] = [eq(users.role, 'patient')];
  if (options.reachOf) conditions.push(sql`${patients.userId} in (${patientIdsInReachOf(options.reachOf)})`);
  if (options.status) conditions.push(eq(patients.status, options.status));
  if (options.practitionerId)
    conditions.push(sql`${patients.userId} in (select ${careTeamAssignments.patientId} from ${careTeamAssignments}
      where ${careTeamAssignments.practitionerId} = ${options.practitionerId})`);
  if (options.search) {
    const pattern = containsPattern(options.search);
    // = any(array(...)) rather than in (...): the planner otherwise hashes the matches against a scan of
    // every patient, where looking each match up by its key is several times faster on 100,000 patients.
    conditions.push(sql`${patients.userId} = any(array(
      select u2.id from users u2
        where u2.role = 'patient' and (u2.first_name || ' ' || u2.last_name || ' ' || u2.email) ilike ${pattern}
      union
      select p2.user_id from patients p2 where p2.phone ilike ${pattern}))`);
  }

  const op = options.direction === 'asc' ? sql`>` : sql`<`;
  const dir = options.direction === 'asc' ? sql`asc` : sql`desc`;
  let order: SQL[];
  if (options.sort === 'name') {
    if (options.cursorId)
      conditions.push(sql`(lower(${users.lastName}), lower(${users.firstName}), ${users.id}) ${op}
        (select lower(c.last_name), lower(c.first_name), c.id from users c where c.id = ${options.cursorId})`);
    order = [
      sql`lower(${users.lastName}) ${dir}`,
      sql`lower(${users.firstName}) ${dir}`,
      sql`${users.id} ${dir}`,
    ];
  } else {
    if (options.cursorId)
      conditions.push(sql`(${patients.createdAt}, ${patients.userId}) ${op}
        (select c.created_at, c.user_id from patients c where c.user_id = ${options.cursorId})`);
    order = [sql`${patients.createdAt} ${dir}`, sql`${patients.userId} ${dir}`];
  }

  return db
    .select(withAccount)
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.limit);
}

export async function updatePatient(db: Db | Tx, id: string, values: PatientValues) {
  await db
    .update(patients)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(patients.userId, id));
}

export async function findPractitioners(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'practitioner')))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** Patients whose record was made since a moment, newest first; the count of all of them rides on each row. */
export async function newPatientsSince(db: Db | Tx, since: Date, limit: number) {
  return db
    .select({
      id: patients.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: patients.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(users.role, 'patient'), sql`${patients.createdAt} >= ${since.toISOString()}`))
    .orderBy(sql`${patients.createdAt} desc`, sql`${patients.userId} desc`)
    .limit(limit);
}

export async function countWithStatus(db: Db | Tx, status: PatientStatus) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(users.role, 'patient'), eq(patients.status, status)));
  return row.count;
}

export async function countInReachOf(db: Db | Tx, practitionerId: string) {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from (${patientIdsInReachOf(practitionerId)}) reach(id)`,
  );
  return Number(row!.count);
}

/** Fills many records at once (an import): each row names its patient and the fields to set. */
export async function fillRecords(db: Db | Tx, list: (PatientValues & { userId: string })[]) {
  if (list.length === 0) return;
  await db
    .insert(patients)
    .values(list)
    .onConflictDoUpdate({
      target: patients.userId,
      set: {
        dateOfBirth: sql`excluded.date_of_birth`,
        sex: sql`excluded.sex`,
        phone: sql`excluded.phone`,
        addressLine1: sql`excluded.address_line1`,
        city: sql`excluded.city`,
        region: sql`excluded.region`,
        postalCode: sql`excluded.postal_code`,
        country: sql`excluded.country`,
        updatedAt: new Date(),
      },
    });
}
