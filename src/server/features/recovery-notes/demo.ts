import type { FunctionalGoal } from '../../../shared/recovery-notes';
import type { Tx } from '../../db/client';
import { activityLog, recoveryNotes } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import * as repository from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const goals = (stairs: number, walk: number): FunctionalGoal[] => [
  { goal: 'Climb a flight of stairs without the rail', progress: stairs },
  { goal: 'Walk 30 minutes without knee pain', progress: walk },
];

/** Three weeks of care for the demo patient: signed notes shared with them as pain eases, and a draft. */
const DEMO_NOTES = [
  {
    daysAgo: 21,
    painScore: 7,
    goals: goals(10, 20),
    subjective: 'Right knee pain for six weeks after a fall; worse on stairs and after sitting.',
    objective: 'Mild swelling. Flexion 95 degrees, extension -5. Quadriceps strength 4/5.',
    assessment: 'Patellofemoral irritation with quadriceps weakness.',
    plan: 'Quadriceps sets, straight-leg raises and ice after activity. Review in one week.',
    signed: true,
  },
  {
    daysAgo: 14,
    painScore: 5,
    goals: goals(35, 40),
    subjective: 'Stairs easier; some ache after long walks.',
    objective: 'Swelling reduced. Flexion 110 degrees. Strength 4+/5.',
    assessment: 'Improving as expected.',
    plan: 'Add step-ups and mini squats. Walk 15 minutes daily.',
    signed: true,
  },
  {
    daysAgo: 7,
    painScore: 3,
    goals: goals(60, 65),
    subjective: 'Managed a flight of stairs with the rail; walked 20 minutes.',
    objective: 'No swelling. Flexion 125 degrees. Strength 5-/5.',
    assessment: 'Good progress towards both goals.',
    plan: 'Progress step-ups; lengthen walks to 25 minutes.',
    signed: true,
  },
  {
    daysAgo: 0,
    painScore: 2,
    goals: goals(75, 80),
    subjective: 'Feeling stronger.',
    objective: '',
    assessment: '',
    plan: '',
    signed: false,
  },
];

/**
 * Demo notes written by the demo practitioner about the demo patient, once. Written straight to the tables:
 * no events, so the demo accounts' notifications stay as the end-to-end journeys expect them.
 */
export async function seedDemoRecoveryNotes(tx: Tx, practitionerId: string, patientId: string) {
  const existing = await repository.listNotes(tx, { patientId, practitionerId, limit: 1 });
  if (existing.length > 0) return;
  const now = Date.now();
  for (const { daysAgo, signed, ...content } of DEMO_NOTES) {
    const at = new Date(now - daysAgo * DAY_MS);
    const id = await repository.insertNote(tx, {
      patientId,
      practitionerId,
      ...content,
      status: signed ? 'signed' : 'draft',
      signedAt: signed ? at : null,
      signedBy: signed ? practitionerId : null,
      sharedWithPatient: signed,
      sharedAt: signed ? at : null,
      createdAt: at,
      updatedAt: at,
    });
    await recordActivity(tx, {
      actorId: null,
      action: 'recovery-note.created',
      entityType: 'recovery_note',
      entityId: id,
      details: { patientId, seeded: true },
    });
  }
}

export type ClinicNoteRow = {
  patientId: string;
  practitionerId: string;
  at: Date;
  painScore: number;
  goals: FunctionalGoal[];
  subjective: string;
  objective: string;
  assessment: string;
  plan: string;
  status: 'draft' | 'signed';
  shared: boolean;
};

/**
 * The demo clinic's courses of notes, in one statement, with one activity entry per note. Like the demo
 * patient's notes they are written straight to the tables, so no notification is raised.
 */
export async function seedClinicRecoveryNotes(tx: Tx, notes: ClinicNoteRow[]) {
  if (notes.length === 0) return;
  const ids = await tx
    .insert(recoveryNotes)
    .values(
      notes.map(({ at, status, shared, ...note }) => ({
        ...note,
        status,
        signedAt: status === 'signed' ? at : null,
        signedBy: status === 'signed' ? note.practitionerId : null,
        sharedWithPatient: shared,
        sharedAt: shared ? at : null,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: recoveryNotes.id, patientId: recoveryNotes.patientId });
  await tx.insert(activityLog).values(
    ids.map(({ id, patientId }) => ({
      actorId: null,
      action: 'recovery-note.created',
      entityType: 'recovery_note',
      entityId: id,
      outcome: 'success' as const,
      details: { patientId, seeded: true },
    })),
  );
}
