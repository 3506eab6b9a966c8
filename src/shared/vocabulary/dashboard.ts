// How much a dashboard lists and how far back it looks.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

export const DASHBOARD_LIST_SIZE = 5;

/** A patient is new for this long after their record was made. */
export const NEW_PATIENT_DAYS = 30;

/** A patient's notes are recent for this long. */
export const RECENT_NOTE_DAYS = 30;

/** The clinic's schedule lists at most this many of a day's appointments (the counts cover them all). */
export const CLINIC_SCHEDULE_LIST_MAX = 100;
