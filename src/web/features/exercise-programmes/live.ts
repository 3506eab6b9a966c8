import type { QueryClient } from '@tanstack/react-query';
import type { ExercisesChangedEvent } from '../../../shared/exercise-programmes';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from the exercise screens so the notification socket, which every page loads, reaches only this:
 * the contract's event by type, with no schemas behind it.
 */
const EXERCISES_CHANGED: ExercisesChangedEvent['type'] = 'exercises_changed';

/** The panel's programmes and their figures, the worsening list, and the patient's own screens. */
export const EXERCISE_QUERIES = [['/api/exercise-programmes'], ['/api/my-exercises']] as const;

export const isExercisesChanged = eventOfType<ExercisesChangedEvent>(EXERCISES_CHANGED);

export const invalidateExercises = (queryClient: QueryClient) =>
  Promise.all(EXERCISE_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
