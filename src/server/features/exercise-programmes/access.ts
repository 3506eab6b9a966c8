import type {
  Adherence,
  Programme,
  ProgrammeItem,
  ProgrammeSummary,
} from '../../../shared/exercise-programmes';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { auditAs } from '../../platform/activity';
import { addDays, clinicToday } from '../../platform/clinic-time';
import { forbidden, notFound } from '../../platform/errors';
import * as careTeam from '../care-team/service';
import { mediaUrlOf as exerciseMediaUrl } from '../exercise-library/service';
import * as patients from '../patients/service';
import * as repository from './repository';

export type Caller = { id: string; role: Role };

export const PROGRAMME_NOT_FOUND = 'Exercise programme not found';
export const PATIENT_NOT_FOUND = 'Patient not found';

/**
 * Who reaches a patient's programmes: the patient themselves, the practitioners of their care team (an
 * appointment alone is not enough: a programme is ongoing care), staff and admin to read. Members never.
 */
export async function canRead(db: Db | Tx, caller: Caller, patientId: string) {
  if (caller.role === 'patient') return caller.id === patientId;
  if (caller.role === 'practitioner') return careTeam.isAssigned(db, caller.id, patientId);
  if (caller.role === 'staff' || caller.role === 'admin')
    return patients.isPatientInReach(db, caller, patientId);
  return false;
}

/** Only a practitioner of the patient's care team prescribes or changes their programmes. */
export async function canPrescribe(db: Db | Tx, caller: Caller, patientId: string) {
  return caller.role === 'practitioner' && careTeam.isAssigned(db, caller.id, patientId);
}

export async function assertPatientReadable(db: Db | Tx, caller: Caller, patientId: string) {
  if (caller.role === 'member') throw forbidden();
  if (!(await canRead(db, caller, patientId))) throw notFound(PATIENT_NOT_FOUND);
}

/** The programme when the caller may read it; otherwise it does not exist for them. */
export async function readableProgramme(db: Db | Tx, caller: Caller, id: string) {
  const row = await repository.findProgramme(db, id);
  if (!row || !(await canRead(db, caller, row.patientId))) throw notFound(PROGRAMME_NOT_FOUND);
  return row;
}

/** Every read and write of a patient's programmes is logged: who, what, which patient; never its content. */
export const audit = auditAs<'exercise_programme' | 'patient'>;

export function toItem(row: repository.ItemRow): ProgrammeItem {
  return {
    id: row.id,
    exerciseId: row.exerciseId,
    position: row.position,
    name: row.name,
    bodyRegion: row.bodyRegion,
    instructions: row.instructions,
    media:
      row.mediaFileId && row.mediaContentType
        ? { url: exerciseMediaUrl(row.mediaFileId), contentType: row.mediaContentType }
        : null,
    mediaUrl: row.mediaUrl,
    sets: row.sets,
    reps: row.reps,
    holdSeconds: row.holdSeconds,
    timesPerDay: row.timesPerDay,
    daysPerWeek: row.daysPerWeek,
    notes: row.notes,
  };
}

export function toProgramme(row: repository.ProgrammeRow, items: repository.ItemRow[]): Programme {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    practitionerId: row.practitionerId,
    practitionerName: row.practitionerName,
    title: row.title,
    startDate: row.startDate,
    reviewDate: row.reviewDate,
    status: row.status,
    version: row.currentVersion,
    items: items.filter((item) => item.programmeId === row.id).map(toItem),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The period adherence is measured over: from the start to today (an ended programme: to the day it ended),
 * or the last `days` of that when asked.
 */
export function periodOf(
  row: repository.ProgrammeRow,
  { today = clinicToday(), days }: { today?: string; days?: number } = {},
) {
  const ended = row.status === 'active' ? today : clinicToday(row.updatedAt);
  const to = ended < today ? ended : today;
  const earliest = days ? addDays(to, -(days - 1)) : row.startDate;
  const from = earliest > row.startDate ? earliest : row.startDate;
  return { from, to };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** Sessions prescribed over a period: each exercise's days a week, spread evenly over the days. */
export function adherenceOf(
  weeklySessions: number,
  done: number,
  { from, to }: { from: string; to: string },
): Adherence {
  const days = from > to ? 0 : daysBetween(from, to);
  const prescribed = Math.round((weeklySessions * days) / 7);
  return {
    from,
    to,
    done,
    prescribed,
    percent: prescribed > 0 ? Math.min(100, Math.round((done / prescribed) * 100)) : null,
  };
}

export function toSummary(
  row: repository.ProgrammeRow,
  items: repository.ItemRow[],
  adherence: Adherence,
): ProgrammeSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    startDate: row.startDate,
    reviewDate: row.reviewDate,
    version: row.currentVersion,
    practitionerName: row.practitionerName,
    exerciseCount: items.filter((item) => item.programmeId === row.id).length,
    adherence,
  };
}
