import { randomUUID } from 'node:crypto';
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import { seedClinicRecoveryNotes } from '../features/recovery-notes/demo';
import type { Tx } from './client';
import { CLINIC_COLLEAGUES, CLINIC_PRACTITIONERS, type ClinicAccount, clinicPatients } from './demo-clinic';
import {
  activityLog,
  careTeamAssignments,
  patientConsents,
  patientOnboarding,
  patients,
  profiles,
  users,
} from './schema';

/**
 * Adds the demo clinic's colleagues and patients, each written in one statement per table: records, care
 * teams and courses of notes. Accounts that already exist are left alone, and so is everything of theirs,
 * so seeding twice adds nothing. All accounts share one hash of the demo password, made once by the caller.
 */
export async function seedDemoClinic(tx: Tx, passwordHash: string, now = new Date()) {
  const generated = clinicPatients(now);
  const accounts: Array<ClinicAccount & { createdAt?: Date }> = [...CLINIC_COLLEAGUES, ...generated];
  const rows = accounts.map((account) => ({
    id: randomUUID(),
    email: account.email,
    passwordHash,
    firstName: account.firstName,
    lastName: account.lastName,
    role: account.role,
    createdAt: account.createdAt ?? now,
    updatedAt: account.createdAt ?? now,
  }));
  const inserted = await tx
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  if (inserted.length === 0) return [];
  const idOf = new Map(inserted.map((row) => [row.email, row.id]));
  const roleOf = new Map(rows.map((row) => [row.email, row.role]));
  const byEmail = new Map(generated.map((patient) => [patient.email, patient]));

  await tx
    .insert(profiles)
    .values(inserted.map((row) => ({ userId: row.id, phone: byEmail.get(row.email)?.record.phone ?? null })));
  await tx.insert(activityLog).values(
    inserted.map((row) => ({
      actorId: row.id,
      action: 'account.created',
      entityType: 'user',
      entityId: row.id,
      outcome: 'success' as const,
      details: { role: roleOf.get(row.email) ?? null, seeded: true },
    })),
  );

  const newPatients = generated.filter((patient) => idOf.has(patient.email));
  if (newPatients.length === 0) return inserted.map((row) => row.email);

  // The trigger of migration 0003 made an empty record for each new patient; this fills them in.
  await tx
    .insert(patients)
    .values(
      newPatients.map((patient) => ({
        userId: idOf.get(patient.email) as string,
        ...patient.record,
        createdAt: patient.createdAt,
        updatedAt: patient.createdAt,
      })),
    )
    .onConflictDoUpdate({ target: patients.userId, set: excludedRecordColumns() });

  const onboarded = newPatients.flatMap((patient) =>
    patient.onboarding ? [{ patientId: idOf.get(patient.email) as string, ...patient.onboarding }] : [],
  );
  if (onboarded.length > 0) {
    await tx.insert(patientOnboarding).values(
      onboarded.map(({ consents: _consents, ...onboarding }) => ({
        ...onboarding,
        completionCount: 1,
        createdAt: onboarding.completedAt,
        updatedAt: onboarding.completedAt,
      })),
    );
    await tx
      .insert(patientConsents)
      .values(
        onboarded.flatMap(({ patientId, consents }) =>
          consents.map((consent) => ({ patientId, ...consent })),
        ),
      );
  }

  const practitionerRows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        CLINIC_PRACTITIONERS.map((practitioner) => practitioner.email),
      ),
    );
  const practitionerIds = new Map(
    CLINIC_PRACTITIONERS.map((practitioner) => [
      practitioner.key,
      practitionerRows.find((row) => row.email === practitioner.email)?.id,
    ]),
  );
  const assignments = newPatients.flatMap((patient) =>
    patient.practitioners.flatMap((key) => {
      const practitionerId = practitionerIds.get(key);
      return practitionerId
        ? [{ practitionerId, patientId: idOf.get(patient.email) as string, createdAt: patient.createdAt }]
        : [];
    }),
  );
  if (assignments.length > 0) await tx.insert(careTeamAssignments).values(assignments).onConflictDoNothing();

  await seedClinicRecoveryNotes(
    tx,
    newPatients.flatMap((patient) =>
      patient.notes.flatMap((note) => {
        const practitionerId = practitionerIds.get(note.practitioner);
        return practitionerId
          ? [{ ...note, practitionerId, patientId: idOf.get(patient.email) as string }]
          : [];
      }),
    ),
  );
  return inserted.map((row) => row.email);
}

/** On the record's conflict (it exists, empty, from the trigger): every column but the key from the new row. */
function excludedRecordColumns() {
  const { userId: _key, ...columns } = getTableColumns(patients);
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
  );
}
