import {
  type CreateExerciseInput,
  EXERCISE_ERRORS,
  type Exercise,
  type ExercisePage,
  type ListExercisesParams,
  type MediaFile,
  type UpdateExerciseInput,
} from '../../../shared/exercise-library';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { requireCareBetweenVisits } from '../clinic-features/service';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'events'>;

export const mediaUrlOf = (fileId: string) => `/api/exercises/media/${fileId}`;

/**
 * For other features (programmes): library exercises by id, archived or not, each with its media file, in
 * one query however many ids.
 */
export const exercisesByIds = (db: Db | Tx, ids: readonly string[]) => repository.exercisesByIds(db, ids);

/** For other features (the programme editor's picker): exercises not archived by name and region, 40 at most. */
export const findExercisesByName = (
  db: Db | Tx,
  query: { q?: string; region?: repository.ExerciseRow['bodyRegion'] },
) => repository.findByName(db, { ...query, limit: 40 });

export function toMediaFile(row: repository.StoredFileRow): MediaFile {
  return {
    id: row.id,
    contentType: row.contentType,
    byteSize: row.byteSize,
    sha256: row.sha256,
    url: mediaUrlOf(row.id),
  };
}

export function toExercise({ exercise, media }: repository.ExerciseWithMedia): Exercise {
  return {
    id: exercise.id,
    name: exercise.name,
    bodyRegion: exercise.bodyRegion,
    instructions: exercise.instructions,
    defaultSets: exercise.defaultSets,
    defaultReps: exercise.defaultReps,
    defaultHoldSeconds: exercise.defaultHoldSeconds,
    defaultTimesPerDay: exercise.defaultTimesPerDay,
    defaultDaysPerWeek: exercise.defaultDaysPerWeek,
    tags: exercise.tags,
    media: media ? toMediaFile(media) : null,
    mediaUrl: exercise.mediaUrl,
    starter: exercise.starter,
    archived: exercise.archivedAt !== null,
    createdAt: exercise.createdAt.toISOString(),
    updatedAt: exercise.updatedAt.toISOString(),
  };
}

/** The library, a page at a time (practitioners, staff and admins; the route says who). */
export async function listExercises(db: Db, query: ListExercisesParams): Promise<ExercisePage> {
  await requireCareBetweenVisits(db);
  const rows = await repository.listExercises(db, {
    search: query.search || undefined,
    region: query.region,
    tag: query.tag || undefined,
    archived: query.status === 'archived',
    cursorId: query.cursor,
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit).map(toExercise);
  return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * One exercise by id, archived ones included (programmes keep showing them). The programmes feature reads
 * exercises through this.
 */
export async function findExercise(db: Db | Tx, id: string): Promise<Exercise | null> {
  const row = await repository.findExercise(db, id);
  return row ? toExercise(row) : null;
}

export async function getExercise(db: Db, id: string) {
  await requireCareBetweenVisits(db);
  const exercise = await findExercise(db, id);
  if (!exercise) throw notFound(EXERCISE_ERRORS.notFound);
  return exercise;
}

/**
 * A file id a client names must be one the caller uploaded or one the library already shows; an id of any
 * other stored file is refused as if it did not exist.
 */
async function checkMedia(
  tx: Tx,
  { caller, input, current }: { caller: SessionUser; input: UpdateExerciseInput; current?: string | null },
) {
  if (input.mediaFileId && input.mediaUrl)
    throw badRequest(EXERCISE_ERRORS.mediaBoth, { mediaUrl: EXERCISE_ERRORS.mediaBoth });
  if (!input.mediaFileId || input.mediaFileId === current) return;
  const file = await repository.findStoredFile(tx, input.mediaFileId);
  const reachable =
    file && (file.uploadedBy === caller.id || (await repository.isExerciseMedia(tx, file.id)));
  if (!reachable)
    throw badRequest(EXERCISE_ERRORS.mediaFileUnknown, { mediaFileId: EXERCISE_ERRORS.mediaFileUnknown });
}

/** A link and a file are alternatives: giving one clears the other. */
function mediaValues(input: UpdateExerciseInput) {
  if (input.mediaFileId) return { mediaFileId: input.mediaFileId, mediaUrl: null };
  if (input.mediaUrl) return { mediaUrl: input.mediaUrl, mediaFileId: null };
  return {
    ...(input.mediaFileId === null ? { mediaFileId: null } : {}),
    ...(input.mediaUrl === null ? { mediaUrl: null } : {}),
  };
}

export async function createExercise(
  ctx: Ctx,
  caller: SessionUser,
  { input, meta }: { input: CreateExerciseInput; meta: RequestMeta },
) {
  await requireCareBetweenVisits(ctx.db);
  const exercise = await ctx.db.transaction(async (tx) => {
    await checkMedia(tx, { caller, input });
    const { mediaFileId: _file, mediaUrl: _url, ...fields } = input;
    const id = await repository.insertExercise(tx, {
      ...fields,
      ...mediaValues(input),
      createdBy: caller.id,
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'exercise.created',
      entityType: 'exercise',
      entityId: id,
      ipAddress: meta.ipAddress,
    });
    return (await findExercise(tx, id))!;
  });
  ctx.events.publish('exercise.changed', { exerciseId: exercise.id });
  return exercise;
}

export async function updateExercise(
  ctx: Ctx,
  caller: SessionUser,
  { id, input, meta }: { id: string; input: UpdateExerciseInput; meta: RequestMeta },
) {
  await requireCareBetweenVisits(ctx.db);
  const exercise = await ctx.db.transaction(async (tx) => {
    const current = await repository.findExercise(tx, id);
    if (!current) throw notFound(EXERCISE_ERRORS.notFound);
    await checkMedia(tx, { caller, input, current: current.exercise.mediaFileId });
    const { mediaFileId: _file, mediaUrl: _url, ...fields } = input;
    await repository.updateExercise(tx, id, { ...fields, ...mediaValues(input) });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'exercise.updated',
      entityType: 'exercise',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { fields: Object.keys(input).sort().join(',') },
    });
    return (await findExercise(tx, id))!;
  });
  ctx.events.publish('exercise.changed', { exerciseId: id });
  return exercise;
}

/** Archived, never deleted: programmes that use it keep showing it; archiving again changes nothing. */
export async function setArchived(
  ctx: Ctx,
  caller: SessionUser,
  { id, archived, meta }: { id: string; archived: boolean; meta: RequestMeta },
) {
  await requireCareBetweenVisits(ctx.db);
  const exercise = await ctx.db.transaction(async (tx) => {
    const current = await repository.findExercise(tx, id);
    if (!current) throw notFound(EXERCISE_ERRORS.notFound);
    if ((current.exercise.archivedAt !== null) !== archived) {
      await repository.updateExercise(tx, id, { archivedAt: archived ? new Date() : null });
      await recordActivity(tx, {
        actorId: caller.id,
        action: archived ? 'exercise.archived' : 'exercise.restored',
        entityType: 'exercise',
        entityId: id,
        ipAddress: meta.ipAddress,
      });
    }
    return (await findExercise(tx, id))!;
  });
  ctx.events.publish('exercise.changed', { exerciseId: id });
  return exercise;
}
