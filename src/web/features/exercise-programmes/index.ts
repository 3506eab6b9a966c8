import { lazy } from 'react';

/** What other features may use of exercise-programmes; loaded on demand so no first screen carries it. */
export const PatientExercises = lazy(() =>
  import('./patient-exercises').then((m) => ({ default: m.PatientExercises })),
);
export const TodayExercisesCard = lazy(() =>
  import('./dashboard-cards').then((m) => ({ default: m.TodayExercisesCard })),
);
export const WorseningCard = lazy(() =>
  import('./dashboard-cards').then((m) => ({ default: m.WorseningCard })),
);
export { invalidateExercises, isExercisesChanged } from './live';
