import { createHash } from 'node:crypto';
import { STARTER_DRAWING_TYPE } from '../../../shared/exercises';
import type { Tx } from '../../db/client';
import type { FileStore } from '../../platform/file-store';
import * as repository from './repository';
import { drawPose, POSES } from './starter-drawings';
import { STARTER_EXERCISES } from './starter-set';

/**
 * The starter library in the demo clinic, each exercise with its drawing put in the file store like any
 * upload. Keys are fixed per drawing and names are checked first, so seeding again adds nothing. Without a
 * file store (a test database seeded alone) the exercises come without pictures.
 */
export async function seedDemoExercises(tx: Tx, files?: FileStore) {
  for (const starter of STARTER_EXERCISES) {
    if (await repository.findExerciseByName(tx, starter.name)) continue;
    const mediaFileId = files
      ? (await storeDrawing(tx, { files, pose: starter.pose, name: starter.name })).id
      : null;
    await repository.insertExercise(tx, {
      name: starter.name,
      bodyRegion: starter.bodyRegion,
      instructions: starter.instructions,
      defaultSets: starter.sets,
      defaultReps: starter.reps,
      defaultHoldSeconds: starter.hold,
      defaultTimesPerDay: starter.timesPerDay,
      defaultDaysPerWeek: starter.daysPerWeek,
      tags: starter.tags,
      mediaFileId,
      starter: true,
    });
  }
}

async function storeDrawing(tx: Tx, { files, pose, name }: { files: FileStore; pose: string; name: string }) {
  const storageKey = `exercise-media/starter-${pose}.svg`;
  const found = await repository.findStoredFileByKey(tx, storageKey);
  if (found) return found;
  const bytes = Buffer.from(drawPose(name, POSES[pose]!), 'utf8');
  await files.put(storageKey, bytes, { contentType: STARTER_DRAWING_TYPE, byteSize: bytes.length });
  return repository.insertStoredFile(tx, {
    storageKey,
    contentType: STARTER_DRAWING_TYPE,
    byteSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    originalName: `${pose}.svg`,
  });
}
