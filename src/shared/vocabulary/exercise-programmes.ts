// Home exercise programmes: the words both sides use. No zod here, so the shell can read them cheaply.

/** A programme's life (FHIR CarePlan.status: active, completed, revoked). */
export const PROGRAMME_STATUSES = ['active', 'completed', 'stopped'] as const;
export type ProgrammeStatus = (typeof PROGRAMME_STATUSES)[number];

export const PROGRAMME_STATUS_LABELS: Record<ProgrammeStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  stopped: 'Stopped',
};

/** The most exercises one programme holds; a longer list is not a home programme anyone follows. */
export const PROGRAMME_MAX_ITEMS = 30;

/** The windows the worsening list compares: the last 7 clinic days against the 7 before them. */
export const WORSENING_WINDOW_DAYS = 7;
/** Adherence counts as worse when it fell by at least this many percentage points. */
export const WORSENING_ADHERENCE_DROP = 20;
/** Pain counts as worse when the average rose by at least this many points (0-10 scale). */
export const WORSENING_PAIN_RISE = 2;

export const MY_EXERCISES_PATH = '/my-exercises';
