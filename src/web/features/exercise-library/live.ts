import type { QueryClient } from '@tanstack/react-query';
import type { ExerciseLibraryChangedEvent } from '../../../shared/exercise-library';
import { eventOfType } from '../../../shared/realtime';

/** Kept apart from api.ts so the notification socket, which every page loads, reaches only this. */
const LIBRARY_CHANGED: ExerciseLibraryChangedEvent['type'] = 'exercise_library_changed';

/** Every query of the library. */
export const EXERCISE_QUERIES = ['/api/exercises'] as const;

/** The server's push that an exercise was made, changed or archived. */
export const isExerciseLibraryChanged = eventOfType<ExerciseLibraryChangedEvent>(LIBRARY_CHANGED);

/** Open library lists ask again. */
export const invalidateExerciseLibrary = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: EXERCISE_QUERIES });
