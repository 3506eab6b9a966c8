import { lazy } from 'react';

/** What other features may use of exercise-programmes; loaded on demand so no first screen carries it. */
export const PatientExercises = /* @__PURE__ */ lazy(() =>
  import('./patient-exercises').then((m) => ({ default: m.PatientExercises })),
);
/** Today's exercises (patient) or the worsening list (practitioner); nothing while the capability is off. */
export const ExerciseDashboardCard = /* @__PURE__ */ lazy(() =>
  import('./dashboard-cards').then((m) => ({ default: m.ExerciseDashboardCard })),
);
export { invalidateExercises, isExercisesChanged } from './live';
