import type { Db, Tx } from '../../db/client';
import * as library from '../exercise-library/service';
import type { ItemRow } from './repository';
import * as repository from './repository';

/**
 * The items of each programme's current version, in order, with their exercise from the library: one query
 * for the items and one batched lookup of their exercises by id, however many programmes.
 */
export async function currentItemsOf(db: Db | Tx, programmeIds: string[]): Promise<ItemRow[]> {
  const rows = await repository.currentItemRowsOf(db, programmeIds);
  const found = new Map(
    (
      await library.exercisesByIds(
        db,
        rows.map((row) => row.exerciseId),
      )
    ).map((row) => [row.exercise.id, row]),
  );
  return rows.flatMap((row) => {
    const entry = found.get(row.exerciseId);
    if (!entry) return [];
    const { exercise, media } = entry;
    return [
      {
        ...row,
        name: exercise.name,
        bodyRegion: exercise.bodyRegion,
        instructions: exercise.instructions,
        mediaUrl: exercise.mediaUrl,
        mediaFileId: exercise.mediaFileId,
        mediaContentType: media?.contentType ?? null,
      },
    ];
  });
}

/** The names of library exercises by id (archived ones too), in one lookup. */
export async function exerciseNames(db: Db | Tx, ids: readonly string[]) {
  const rows = await library.exercisesByIds(db, ids);
  return new Map(rows.map(({ exercise }) => [exercise.id, exercise.name]));
}
