import type {
  CheckInInput,
  CreateProgrammeInput,
  CreateTemplateInput,
  ProgrammeItemInput,
  ProgrammeProgress,
  ProgrammeTemplate,
  Today,
  UpdateProgrammeInput,
} from '../../../shared/exercise-programmes';
import type { Db, Tx } from '../../db/client';
import { clinicToday } from '../../platform/clinic-time';
import type { AppContext, RequestMeta } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { requireCareBetweenVisits } from '../clinic-features/service';
import * as library from '../exercise-library/service';
import {
  audit,
  type Caller,
  canPrescribe,
  PATIENT_NOT_FOUND,
  PROGRAMME_NOT_FOUND,
  readableProgramme,
} from './access';
import { currentItemsOf } from './items';
import * as repository from './repository';
import { listTemplates, programmeProgress, today } from './service';

type Ctx = Pick<AppContext, 'db' | 'events'>;

/** Every exercise must be in the library and not archived; the list is refused by name of its field. */
async function assertExercisesExist(db: Db | Tx, items: ProgrammeItemInput[]) {
  const found = await library.exercisesByIds(
    db,
    items.map((item) => item.exerciseId),
  );
  const usable = new Set(
    found.filter(({ exercise }) => exercise.archivedAt === null).map(({ exercise }) => exercise.id),
  );
  const index = items.findIndex((item) => !usable.has(item.exerciseId));
  if (index >= 0)
    throw badRequest('An exercise is not in the library', {
      [`items.${index}.exerciseId`]: 'Exercise not found',
    });
}

const weeklySessionsOf = (items: ProgrammeItemInput[]) =>
  items.reduce((sum, item) => sum + item.daysPerWeek, 0);

export async function createProgramme(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: CreateProgrammeInput; meta: RequestMeta },
): Promise<ProgrammeProgress> {
  await requireCareBetweenVisits(ctx.db);
  if (caller.role !== 'practitioner')
    throw forbidden('Only a practitioner of the care team can assign a programme');
  if (!(await canPrescribe(ctx.db, caller, input.patientId))) throw notFound(PATIENT_NOT_FOUND);
  await assertExercisesExist(ctx.db, input.items);
  const id = await ctx.db.transaction(async (tx) => {
    const programmeId = await repository.insertProgramme(tx, {
      patientId: input.patientId,
      practitionerId: caller.id,
      title: input.title,
      startDate: input.startDate,
      reviewDate: input.reviewDate,
      weeklySessions: weeklySessionsOf(input.items),
    });
    await repository.insertVersion(tx, { programmeId, version: 1, createdBy: caller.id, items: input.items });
    await audit(tx, caller, {
      action: 'exercise-programme.assigned',
      entity: { type: 'exercise_programme', id: programmeId },
      meta,
      details: { patientId: input.patientId, exercises: input.items.length },
    });
    return programmeId;
  });
  ctx.events.publish('exercise-programme.changed', {
    programmeId: id,
    patientId: input.patientId,
    change: 'assigned',
  });
  return programmeProgress(ctx.db, caller, { id, meta });
}

/** New exercises make a new version (the old one is kept); title, review date and status change in place. */
export async function updateProgramme(
  ctx: Ctx,
  caller: Caller,
  { id, input, meta }: { id: string; input: UpdateProgrammeInput; meta: RequestMeta },
): Promise<ProgrammeProgress> {
  await requireCareBetweenVisits(ctx.db);
  if (caller.role === 'member') throw forbidden();
  const found = await readableProgramme(ctx.db, caller, id);
  if (!(await canPrescribe(ctx.db, caller, found.patientId)))
    throw forbidden('Only a practitioner of the care team can change a programme');
  if (input.items) await assertExercisesExist(ctx.db, input.items);
  await ctx.db.transaction(async (tx) => {
    const row = await repository.findProgramme(tx, id, { lock: true });
    if (!row) throw notFound(PROGRAMME_NOT_FOUND);
    const reviewDate = input.reviewDate === undefined ? row.reviewDate : input.reviewDate;
    if (reviewDate && reviewDate < row.startDate)
      throw badRequest('Review date must be on or after the start date', {
        reviewDate: 'Review date must be on or after the start date',
      });
    const version = input.items ? row.currentVersion + 1 : row.currentVersion;
    if (input.items)
      await repository.insertVersion(tx, {
        programmeId: id,
        version,
        createdBy: caller.id,
        items: input.items,
      });
    await repository.updateProgramme(tx, id, {
      title: input.title,
      reviewDate: input.reviewDate,
      status: input.status,
      ...(input.items ? { currentVersion: version, weeklySessions: weeklySessionsOf(input.items) } : {}),
    });
    await audit(tx, caller, {
      action: 'exercise-programme.updated',
      entity: { type: 'exercise_programme', id },
      meta,
      details: { patientId: row.patientId, version, status: input.status ?? row.status },
    });
  });
  ctx.events.publish('exercise-programme.changed', {
    programmeId: id,
    patientId: found.patientId,
    change: 'updated',
  });
  return programmeProgress(ctx.db, caller, { id, meta });
}

export async function createTemplate(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: CreateTemplateInput; meta: RequestMeta },
): Promise<ProgrammeTemplate> {
  await requireCareBetweenVisits(ctx.db);
  if (caller.role !== 'practitioner') throw forbidden('Only a practitioner can save a template');
  await assertExercisesExist(ctx.db, input.items);
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await repository.insertTemplate(tx, {
      name: input.name,
      items: input.items,
      createdBy: caller.id,
    });
    await audit(tx, caller, {
      action: 'exercise-programme.template-saved',
      entity: { type: 'exercise_programme', id: null },
      meta,
      details: { templateId: saved.id, exercises: input.items.length },
    });
    return saved;
  });
  const templates = await listTemplates(ctx.db);
  return (
    templates.find((template) => template.id === row.id) ?? {
      id: row.id,
      name: row.name,
      items: [],
      createdAt: row.createdAt.toISOString(),
    }
  );
}

/** The patient's check-in for one exercise of an active programme, today (clinic time). */
export async function checkIn(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: CheckInInput; meta: RequestMeta },
): Promise<Today> {
  await requireCareBetweenVisits(ctx.db);
  if (caller.role !== 'patient') throw forbidden('Only the patient checks in their exercises');
  const row = await repository.findProgramme(ctx.db, input.programmeId);
  if (!row || row.patientId !== caller.id) throw notFound(PROGRAMME_NOT_FOUND);
  const day = clinicToday();
  if (row.status !== 'active' || row.startDate > day)
    throw badRequest('This programme is not running today', {
      programmeId: 'This programme is not running today',
    });
  const item = (await currentItemsOf(ctx.db, [row.id])).find(
    (candidate) => candidate.exerciseId === input.exerciseId,
  );
  if (!item)
    throw badRequest('This exercise is not in the programme', {
      exerciseId: 'Exercise not in this programme',
    });
  await ctx.db.transaction(async (tx) => {
    await repository.saveCheckIn(tx, {
      patientId: caller.id,
      programmeId: row.id,
      itemId: item.id,
      exerciseId: input.exerciseId,
      clinicDay: day,
      done: input.done,
      difficulty: input.difficulty,
      pain: input.pain,
      note: input.note,
    });
    await audit(tx, caller, {
      action: 'exercise-programme.checked-in',
      entity: { type: 'exercise_programme', id: row.id },
      meta,
      details: { patientId: caller.id, done: input.done },
    });
  });
  ctx.events.publish('exercise-programme.changed', {
    programmeId: row.id,
    patientId: caller.id,
    change: 'checked_in',
  });
  return today(ctx.db, caller, { meta });
}
