/** What other features may use of the exercise library; everything else in this folder is its own. */
export { exerciseKeys, useMediaObjectUrl } from './api';
export { ExerciseMedia } from './exercise-media';
export { invalidateExerciseLibrary, isExerciseLibraryChanged } from './live';
