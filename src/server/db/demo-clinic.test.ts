import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientPage } from '../../shared/patients';
import type { RecoveryNotePage } from '../../shared/recovery-notes';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { DEMO_PASSWORD } from './demo-accounts';
import { CLINIC_PRACTITIONERS } from './demo-clinic';
import {
  activityLog,
  appointments,
  careTeamAssignments,
  dateOverrides,
  jobs,
  patientConsents,
  patientOnboarding,
  patients,
  profiles,
  recoveryNoteAmendments,
  recoveryNotes,
  users,
} from './schema';
import { seedDemo } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function countsOfEverything() {
  const tables = {
    users,
    profiles,
    patients,
    careTeamAssignments,
    recoveryNotes,
    recoveryNoteAmendments,
    patientOnboarding,
    patientConsents,
    appointments,
    dateOverrides,
    jobs,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db().select({ value: count() }).from(table);
    counts[name] = row.value;
  }
  const [activity] = await db().select({ value: count() }).from(activityLog);
  counts.activityLog = activity.value;
  return counts;
}

describe('the demo clinic', () => {
  it('has four practitioners, three staff and about fifty patients, most of them active', async () => {
    const roles = await db()
      .select({ role: users.role, value: count() })
      .from(users)
      .groupBy(users.role)
      .orderBy(asc(users.role));
    expect(Object.fromEntries(roles.map((row) => [row.role, row.value]))).toEqual({
      admin: 1,
      member: 1,
      patient: 50,
      practitioner: 4,
      staff: 3,
    });
    const statuses = await db()
      .select({ status: patients.status, value: count() })
      .from(patients)
      .groupBy(patients.status);
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.value]));
    expect(byStatus.active).toBeGreaterThanOrEqual(40);
    expect(byStatus.inactive).toBeGreaterThan(0);
    expect(byStatus.discharged).toBeGreaterThan(0);
  });

  it('gives every patient a filled-in record and a care team of one or two practitioners', async () => {
    const rows = await db()
      .select({
        email: users.email,
        hasRecord: sql<boolean>`${patients.userId} is not null`,
        dateOfBirth: patients.dateOfBirth,
        phone: patients.phone,
        emergencyContactName: patients.emergencyContactName,
        medicalHistory: patients.medicalHistory,
        insuranceProvider: patients.insuranceProvider,
        createdAt: patients.createdAt,
        team: sql<number>`(select count(*)::int from care_team_assignments a where a.patient_id = ${users.id})`,
      })
      .from(users)
      .leftJoin(patients, eq(patients.userId, users.id))
      .where(eq(users.role, 'patient'));
    expect(rows).toHaveLength(50);
    for (const row of rows) {
      expect(row.hasRecord, row.email).toBe(true);
      expect(row.team, row.email).toBeGreaterThanOrEqual(1);
      expect(row.team, row.email).toBeLessThanOrEqual(2);
    }
    // The demo patient keeps the record the journeys expect: empty, in the demo practitioner's care only.
    const generated = rows.filter((row) => row.email !== 'patient@demo.clinic');
    for (const row of generated) {
      expect(row.email, row.email).toMatch(/@example\.test$/);
      expect(
        row.dateOfBirth && row.phone && row.emergencyContactName && row.medicalHistory,
        row.email,
      ).toBeTruthy();
    }
    expect(generated.filter((row) => row.insuranceProvider).length).toBeGreaterThan(generated.length / 2);
    // Joined over the last eighteen months, not all on one day.
    const days = generated.map((row) => (Date.now() - (row.createdAt?.getTime() ?? 0)) / 86_400_000);
    expect(Math.max(...days)).toBeGreaterThan(400);
    expect(Math.max(...days)).toBeLessThanOrEqual(550);
    expect(Math.min(...days)).toBeLessThan(60);
  });

  it('has notes only by practitioners on the patient’s care team, with pain scores from 0 to 10', async () => {
    const notes = await db()
      .select({
        patientId: recoveryNotes.patientId,
        practitionerId: recoveryNotes.practitionerId,
        status: recoveryNotes.status,
        signedBy: recoveryNotes.signedBy,
        painScore: recoveryNotes.painScore,
        goals: recoveryNotes.goals,
        shared: recoveryNotes.sharedWithPatient,
        createdAt: recoveryNotes.createdAt,
        assigned: sql<boolean>`exists (select 1 from care_team_assignments a
          where a.patient_id = ${recoveryNotes.patientId} and a.practitioner_id = ${recoveryNotes.practitionerId})`,
      })
      .from(recoveryNotes)
      .orderBy(asc(recoveryNotes.createdAt));
    expect(notes.length).toBeGreaterThan(100);
    for (const note of notes) {
      expect(note.assigned).toBe(true);
      expect(note.painScore).toBeGreaterThanOrEqual(0);
      expect(note.painScore).toBeLessThanOrEqual(10);
      expect(note.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      if (note.status === 'signed') expect(note.signedBy).toBe(note.practitionerId);
      else expect(note.shared).toBe(false);
    }
    expect(notes.filter((note) => note.status === 'draft').length).toBeGreaterThanOrEqual(3);
    expect(notes.filter((note) => note.shared).length).toBeGreaterThan(20);
    expect(notes.filter((note) => note.status === 'signed' && !note.shared).length).toBeGreaterThan(20);

    // Over a course of several weeks pain eases and the goals move on.
    const byPatient = new Map<string, typeof notes>();
    for (const note of notes) byPatient.set(note.patientId, [...(byPatient.get(note.patientId) ?? []), note]);
    const courses = [...byPatient.values()].filter((course) => course.length >= 3);
    expect(courses.length).toBeGreaterThan(20);
    for (const course of courses) {
      const first = course[0];
      const last = course[course.length - 1];
      expect(last.painScore as number).toBeLessThan(first.painScore as number);
      first.goals.forEach((goal, index) => {
        expect(last.goals[index].progress).toBeGreaterThan(goal.progress);
      });
    }
  });

  it('has most patients through the intake, with the required consents signed in their own name', async () => {
    const rows = await db()
      .select({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        completedAt: patientOnboarding.completedAt,
      })
      .from(users)
      .innerJoin(patientOnboarding, eq(patientOnboarding.patientId, users.id))
      .where(eq(users.role, 'patient'));
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const consents = await db().select().from(patientConsents);
    for (const row of rows) {
      expect(row.completedAt, row.name).not.toBeNull();
      const own = consents.filter((consent) => consent.patientId === row.id);
      expect(
        own.map((consent) => consent.kind),
        row.name,
      ).toEqual(expect.arrayContaining(['treatment', 'privacy']));
      for (const consent of own) expect(consent.signedName).toBe(row.name);
    }
    const { token } = await t.login('staff@demo.clinic', DEMO_PASSWORD);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${rows[0].id}/consents`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>().length).toBeGreaterThanOrEqual(2);
  });

  it('signs every account in with the demo password, and each practitioner reaches only their care team', async () => {
    for (const { email } of CLINIC_PRACTITIONERS) {
      const { token } = await t.login(email, DEMO_PASSWORD);
      const [practitioner] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      const [team] = await db()
        .select({ value: count() })
        .from(careTeamAssignments)
        .where(eq(careTeamAssignments.practitionerId, practitioner.id));
      const response = await t.app.inject({ method: 'GET', url: '/api/patients', headers: bearer(token) });
      expect(response.statusCode, email).toBe(200);
      const page = response.json<PatientPage>();
      expect(page.items.length, email).toBe(Math.min(25, team.value));
      const notes = await t.app.inject({ method: 'GET', url: '/api/recovery-notes', headers: bearer(token) });
      expect(notes.statusCode, email).toBe(200);
      expect(notes.json<RecoveryNotePage>().items.length, email).toBeGreaterThan(0);
    }
    await t.login('priya.nair@demo.clinic', DEMO_PASSWORD);
    await t.login('amelia.hughes@example.test', DEMO_PASSWORD);
  });

  it('keeps the demo patient’s own notes as they were: three signed and shared, one draft', async () => {
    const [patient] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'patient@demo.clinic'));
    const notes = await db()
      .select({ status: recoveryNotes.status, shared: recoveryNotes.sharedWithPatient })
      .from(recoveryNotes)
      .where(eq(recoveryNotes.patientId, patient.id));
    expect(notes.filter((note) => note.status === 'signed' && note.shared)).toHaveLength(3);
    expect(notes.filter((note) => note.status === 'draft')).toHaveLength(1);
  });

  it('adds nothing when seeded again', async () => {
    const before = await countsOfEverything();
    expect(await seedDemo(db())).toEqual([]);
    expect(await countsOfEverything()).toEqual(before);
  });
});
