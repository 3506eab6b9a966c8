import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  careTeamAssignments,
  checkInResponses,
  checkInSchedules,
  checkIns,
  exerciseProgrammeItems,
  exerciseProgrammes,
  exerciseProgrammeVersions,
  exercises,
  fhirExports,
  invoiceLineItems,
  invoices,
  patientConsents,
  patientOnboarding,
  patients,
  payments,
  recordCopies,
  recoveryNotes,
  serviceTypes,
  users,
} from '../../db/schema';

/** Rows by a key, each group in the rows' order. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** What FHIR resources are made of: one patient's rows, read table by table (docs/features/fhir.md). */

const person = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isActive: users.isActive,
};

export function findPatients(db: Db | Tx, patientIds: readonly string[]) {
  return db
    .select({
      ...person,
      dateOfBirth: patients.dateOfBirth,
      sex: patients.sex,
      phone: patients.phone,
      addressLine1: patients.addressLine1,
      addressLine2: patients.addressLine2,
      city: patients.city,
      region: patients.region,
      postalCode: patients.postalCode,
      country: patients.country,
      emergencyContactName: patients.emergencyContactName,
      emergencyContactRelationship: patients.emergencyContactRelationship,
      emergencyContactPhone: patients.emergencyContactPhone,
      status: patients.status,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(inArray(patients.userId, [...patientIds]), eq(users.role, 'patient')));
}

export async function findPatient(db: Db | Tx, patientId: string) {
  const [row] = await findPatients(db, [patientId]);
  return row ?? null;
}

export function people(db: Db | Tx, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(person)
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export function careTeams(db: Db | Tx, patientIds: readonly string[]) {
  return db
    .select({ patientId: careTeamAssignments.patientId, practitionerId: careTeamAssignments.practitionerId })
    .from(careTeamAssignments)
    .where(inArray(careTeamAssignments.patientId, [...patientIds]))
    .orderBy(asc(careTeamAssignments.createdAt), asc(careTeamAssignments.practitionerId));
}

export async function careTeamIds(db: Db | Tx, patientId: string) {
  return (await careTeams(db, [patientId])).map((row) => row.practitionerId);
}

export function appointmentsOf(db: Db | Tx, patientIds: readonly string[]) {
  return db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      practitionerId: appointments.practitionerId,
      serviceName: serviceTypes.name,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      cancellationReason: appointments.cancellationReason,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .innerJoin(serviceTypes, eq(serviceTypes.id, appointments.serviceTypeId))
    .where(inArray(appointments.patientId, [...patientIds]))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** Signed notes only (a draft is nobody's record yet); `sharedOnly` for the patient's own reading. */
export function signedNotesOf(db: Db | Tx, patientIds: readonly string[], sharedOnly: boolean) {
  return db
    .select({
      id: recoveryNotes.id,
      patientId: recoveryNotes.patientId,
      practitionerId: recoveryNotes.practitionerId,
      appointmentId: recoveryNotes.appointmentId,
      subjective: recoveryNotes.subjective,
      objective: recoveryNotes.objective,
      assessment: recoveryNotes.assessment,
      plan: recoveryNotes.plan,
      painScore: recoveryNotes.painScore,
      goals: recoveryNotes.goals,
      signedAt: recoveryNotes.signedAt,
      amendmentCount: recoveryNotes.amendmentCount,
    })
    .from(recoveryNotes)
    .where(
      and(
        inArray(recoveryNotes.patientId, [...patientIds]),
        eq(recoveryNotes.status, 'signed'),
        sharedOnly ? eq(recoveryNotes.sharedWithPatient, true) : undefined,
      ),
    )
    .orderBy(asc(recoveryNotes.signedAt), asc(recoveryNotes.id));
}

export function responsesOf(db: Db | Tx, patientIds: readonly string[]) {
  return db
    .select({
      id: checkInResponses.id,
      patientId: checkInResponses.patientId,
      measure: checkInResponses.measure,
      answers: checkInResponses.answers,
      score: checkInResponses.score,
      completedAt: checkInResponses.completedAt,
    })
    .from(checkInResponses)
    .where(inArray(checkInResponses.patientId, [...patientIds]))
    .orderBy(asc(checkInResponses.completedAt), asc(checkInResponses.id));
}

export function consentsOf(db: Db | Tx, patientIds: readonly string[]) {
  return db
    .select({
      id: patientConsents.id,
      patientId: patientConsents.patientId,
      kind: patientConsents.kind,
      title: patientConsents.title,
      signedName: patientConsents.signedName,
      signedAt: patientConsents.signedAt,
    })
    .from(patientConsents)
    .where(inArray(patientConsents.patientId, [...patientIds]))
    .orderBy(asc(patientConsents.signedAt), asc(patientConsents.id));
}

export async function invoicesOf(db: Db | Tx, patientIds: readonly string[]) {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      patientId: invoices.patientId,
      practitionerId: invoices.practitionerId,
      status: invoices.status,
      currency: invoices.currency,
      issueDate: invoices.issueDate,
      totalCents: invoices.totalCents,
      subtotalCents: invoices.subtotalCents,
      paidCents: invoices.paidCents,
      voidReason: invoices.voidReason,
    })
    .from(invoices)
    .where(inArray(invoices.patientId, [...patientIds]))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            invoiceId: invoiceLineItems.invoiceId,
            description: invoiceLineItems.description,
            quantity: invoiceLineItems.quantity,
            amountCents: invoiceLineItems.amountCents,
          })
          .from(invoiceLineItems)
          .where(
            inArray(
              invoiceLineItems.invoiceId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(invoiceLineItems.invoiceId), asc(invoiceLineItems.position));
  const byInvoice = groupBy(lines, (line) => line.invoiceId);
  return rows.map((row) => ({ ...row, lines: byInvoice.get(row.id) ?? [] }));
}

export async function programmesOf(db: Db | Tx, patientIds: readonly string[]) {
  const rows = await db
    .select({
      id: exerciseProgrammes.id,
      patientId: exerciseProgrammes.patientId,
      practitionerId: exerciseProgrammes.practitionerId,
      title: exerciseProgrammes.title,
      startDate: exerciseProgrammes.startDate,
      reviewDate: exerciseProgrammes.reviewDate,
      status: exerciseProgrammes.status,
      createdAt: exerciseProgrammes.createdAt,
      versionId: exerciseProgrammeVersions.id,
    })
    .from(exerciseProgrammes)
    .innerJoin(
      exerciseProgrammeVersions,
      and(
        eq(exerciseProgrammeVersions.programmeId, exerciseProgrammes.id),
        eq(exerciseProgrammeVersions.version, exerciseProgrammes.currentVersion),
      ),
    )
    .where(inArray(exerciseProgrammes.patientId, [...patientIds]))
    .orderBy(asc(exerciseProgrammes.createdAt), asc(exerciseProgrammes.id));
  const items =
    rows.length === 0
      ? []
      : await db
          .select({
            versionId: exerciseProgrammeItems.versionId,
            name: exercises.name,
            sets: exerciseProgrammeItems.sets,
            reps: exerciseProgrammeItems.reps,
            holdSeconds: exerciseProgrammeItems.holdSeconds,
            timesPerDay: exerciseProgrammeItems.timesPerDay,
            daysPerWeek: exerciseProgrammeItems.daysPerWeek,
            notes: exerciseProgrammeItems.notes,
          })
          .from(exerciseProgrammeItems)
          .innerJoin(exercises, eq(exercises.id, exerciseProgrammeItems.exerciseId))
          .where(
            inArray(
              exerciseProgrammeItems.versionId,
              rows.map((row) => row.versionId),
            ),
          )
          .orderBy(asc(exerciseProgrammeItems.versionId), asc(exerciseProgrammeItems.position));
  const byVersion = groupBy(items, (item) => item.versionId);
  return rows.map((row) => ({ ...row, items: byVersion.get(row.versionId) ?? [] }));
}

type PatientSearch = { inReach: SQL | null; name?: string; id?: string };

function patientSearchWhere(search: PatientSearch) {
  const conditions: (SQL | undefined)[] = [eq(users.role, 'patient')];
  if (search.inReach) conditions.push(sql`${patients.userId} in (${search.inReach})`);
  if (search.id) conditions.push(eq(patients.userId, search.id));
  if (search.name) {
    const pattern = `%${search.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern)));
  }
  return and(...conditions);
}

/**
 * Patient ids for a search page, in id order after `after` (the last id of the page before; ids never change,
 * so a page boundary holds while names are edited): `inReach` is the caller's reach as a subquery (none for
 * staff and admins), `name` a part of a first or last name, `id` one id.
 */
export async function searchPatientIds(
  db: Db | Tx,
  search: PatientSearch & { after?: string; limit: number },
) {
  const rows = await db
    .select({ id: patients.userId })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(patientSearchWhere(search), search.after ? gt(patients.userId, search.after) : undefined))
    .orderBy(asc(patients.userId))
    .limit(search.limit);
  return rows.map((row) => row.id);
}

/** How many patients the search matches in all (a searchset's total). */
export async function countPatientIds(db: Db | Tx, search: PatientSearch) {
  const [row] = await db
    .select({ count: count() })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(patientSearchWhere(search));
  return row.count;
}

export async function appointmentPatientId(db: Db | Tx, appointmentId: string) {
  const [row] = await db
    .select({ patientId: appointments.patientId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row?.patientId ?? null;
}

export async function notePatientId(db: Db | Tx, noteId: string) {
  const [row] = await db
    .select({ patientId: recoveryNotes.patientId })
    .from(recoveryNotes)
    .where(and(eq(recoveryNotes.id, noteId), eq(recoveryNotes.status, 'signed')));
  return row?.patientId ?? null;
}

export async function responsePatientId(db: Db | Tx, responseId: string) {
  const [row] = await db
    .select({ patientId: checkInResponses.patientId })
    .from(checkInResponses)
    .where(eq(checkInResponses.id, responseId));
  return row?.patientId ?? null;
}

/** The patient's intake answers as they stand (some live on the patient's record, some on the intake). */
export async function onboardingOf(db: Db | Tx, patientId: string) {
  const [row] = await db
    .select({
      sex: patients.sex,
      gender: patients.gender,
      insuranceProvider: patients.insuranceProvider,
      insurancePolicyNumber: patients.insurancePolicyNumber,
      insuranceGroupNumber: patients.insuranceGroupNumber,
      medicalHistory: patients.medicalHistory,
      medications: patients.medications,
      allergies: patients.allergies,
      mainConcern: patientOnboarding.mainConcern,
      goals: patientOnboarding.goals,
      completedAt: patientOnboarding.completedAt,
    })
    .from(patients)
    .leftJoin(patientOnboarding, eq(patientOnboarding.patientId, patients.userId))
    .where(eq(patients.userId, patientId));
  return row ? { ...row, goals: row.goals ?? [] } : null;
}

/** Payments against these invoices, oldest first. */
export function invoicePayments(db: Db | Tx, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      invoiceId: payments.referenceId,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      currency: payments.currency,
      method: payments.method,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.purpose, 'invoice'), inArray(payments.referenceId, [...invoiceIds])))
    .orderBy(asc(payments.createdAt));
}

export async function insertCopy(db: Db | Tx, patientId: string) {
  const [row] = await db.insert(recordCopies).values({ patientId }).returning();
  return row;
}

export async function latestCopy(db: Db | Tx, patientId: string) {
  const [row] = await db
    .select()
    .from(recordCopies)
    .where(eq(recordCopies.patientId, patientId))
    .orderBy(desc(recordCopies.createdAt), desc(recordCopies.id))
    .limit(1);
  return row ?? null;
}

export async function findCopy(db: Db | Tx, id: string) {
  const [row] = await db.select().from(recordCopies).where(eq(recordCopies.id, id));
  return row ?? null;
}

export async function finishCopy(
  db: Db | Tx,
  id: string,
  done: { status: 'ready' | 'failed'; pdfKey?: string; bundleKey?: string; readyAt?: Date },
) {
  await db
    .update(recordCopies)
    .set({
      status: done.status,
      pdfKey: done.pdfKey,
      bundleKey: done.bundleKey,
      readyAt: done.readyAt ?? new Date(),
    })
    .where(eq(recordCopies.id, id));
}

/** The next page of patient ids after `afterId`, in id order (the export's keyset). */
export async function patientIdsAfter(db: Db | Tx, afterId: string | null, limit: number) {
  const rows = await db
    .select({ id: patients.userId })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(users.role, 'patient'), afterId ? gt(patients.userId, afterId) : undefined))
    .orderBy(asc(patients.userId))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function countPatients(db: Db | Tx) {
  const [row] = await db
    .select({ count: count() })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(users.role, 'patient'));
  return row.count;
}

export async function insertExport(db: Db | Tx, requestedBy: string) {
  const [row] = await db.insert(fhirExports).values({ requestedBy }).returning();
  return row;
}

export async function findExport(db: Db | Tx, id: string) {
  const [row] = await db.select().from(fhirExports).where(eq(fhirExports.id, id));
  return row ?? null;
}

export async function updateExport(
  db: Db | Tx,
  id: string,
  change: Partial<
    Pick<
      typeof fhirExports.$inferInsert,
      'status' | 'patientsTotal' | 'patientsDone' | 'files' | 'finishedAt'
    >
  >,
) {
  await db.update(fhirExports).set(change).where(eq(fhirExports.id, id));
}

/** The outcome measures the clinic uses: scheduled, sent or answered, each once. */
export async function measuresInUse(db: Db | Tx) {
  const rows = await db
    .selectDistinct({ measure: checkInSchedules.measure })
    .from(checkInSchedules)
    .union(db.selectDistinct({ measure: checkIns.measure }).from(checkIns))
    .union(db.selectDistinct({ measure: checkInResponses.measure }).from(checkInResponses));
  return rows.map((row) => row.measure).sort();
}
