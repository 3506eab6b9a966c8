import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { BODY_REGIONS } from './exercises';
import { oneLine } from './one-line';
import { PROGRAMME_MAX_ITEMS, PROGRAMME_STATUSES } from './vocabulary/exercise-programmes';

export * from './vocabulary/exercise-programmes';

/** Home exercise programmes: what a practitioner prescribes, what the patient checks in, and the figures. */

const IdSchema = z.uuid({ error: 'Must be a valid id' });
const DaySchema = z.iso.date({ error: 'Must be a date as YYYY-MM-DD' });
export const PROGRAMME_TITLE_MAX = 120;
export const PROGRAMME_NOTE_MAX = 500;
export const CHECK_IN_NOTE_MAX = 500;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be from ${min} to ${max}`)
    .max(max, `${label} must be from ${min} to ${max}`);

export const ProgrammeStatusSchema = z.enum(PROGRAMME_STATUSES, {
  error: `Status must be one of ${PROGRAMME_STATUSES.join(', ')}`,
});

/** One exercise of a programme as the practitioner prescribes it. */
export const ProgrammeItemInputSchema = z.strictObject({
  exerciseId: IdSchema,
  sets: whole('Sets', 1, 20).nullable(),
  reps: whole('Reps', 1, 200).nullable(),
  holdSeconds: whole('Hold', 1, 600).nullable(),
  timesPerDay: whole('Times a day', 1, 10),
  daysPerWeek: whole('Days a week', 1, 7),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(PROGRAMME_NOTE_MAX, `Notes must be at most ${PROGRAMME_NOTE_MAX} characters`),
});
export type ProgrammeItemInput = z.infer<typeof ProgrammeItemInputSchema>;

const ItemsSchema = z
  .array(ProgrammeItemInputSchema, { error: 'Exercises must be a list' })
  .min(1, 'Add at least one exercise')
  .max(PROGRAMME_MAX_ITEMS, `At most ${PROGRAMME_MAX_ITEMS} exercises`)
  .refine(
    (items) => new Set(items.map((item) => item.exerciseId)).size === items.length,
    'Each exercise can be in a programme once',
  );

const TitleSchema = z
  .string({ error: 'Title must be text' })
  .trim()
  .min(1, 'Title is required')
  .max(PROGRAMME_TITLE_MAX, `Title must be at most ${PROGRAMME_TITLE_MAX} characters`)
  .check(oneLine('Title'));

/** POST /api/exercise-programmes: assign a programme to a patient of the practitioner's care team. */
export const CreateProgrammeInputSchema = z
  .strictObject({
    patientId: IdSchema,
    title: TitleSchema,
    startDate: DaySchema,
    reviewDate: DaySchema.nullable(),
    items: ItemsSchema,
  })
  .refine((input) => !input.reviewDate || input.reviewDate >= input.startDate, {
    message: 'Review date must be on or after the start date',
    path: ['reviewDate'],
  });
export type CreateProgrammeInput = z.infer<typeof CreateProgrammeInputSchema>;

/** The builder's form: the same rules, each exercise carrying its name for the screen. */
export const ProgrammeFormSchema = z
  .strictObject({
    patientId: IdSchema,
    title: TitleSchema,
    startDate: DaySchema,
    reviewDate: DaySchema.nullable(),
    items: z
      .array(ProgrammeItemInputSchema.extend({ name: z.string() }))
      .min(1, 'Add at least one exercise')
      .max(PROGRAMME_MAX_ITEMS, `At most ${PROGRAMME_MAX_ITEMS} exercises`),
  })
  .refine((input) => !input.reviewDate || input.reviewDate >= input.startDate, {
    message: 'Review date must be on or after the start date',
    path: ['reviewDate'],
  });

/** PATCH /api/exercise-programmes/{id}: new exercises make a new version; the rest change in place. */
export const UpdateProgrammeInputSchema = z
  .strictObject({
    title: TitleSchema.optional(),
    reviewDate: DaySchema.nullable().optional(),
    status: ProgrammeStatusSchema.optional(),
    items: ItemsSchema.optional(),
  })
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type UpdateProgrammeInput = z.infer<typeof UpdateProgrammeInputSchema>;

export const ProgrammeIdParamsSchema = z.object({ id: IdSchema });
export const ProgrammeListQuerySchema = z.strictObject({ patientId: IdSchema });

/** An exercise of the current version, with what the patient needs to do it. */
export const ProgrammeItemSchema = z.object({
  id: z.string(),
  exerciseId: z.string(),
  position: z.number(),
  name: z.string(),
  bodyRegion: z.enum(BODY_REGIONS),
  instructions: z.string(),
  /** The picture or video the clinic stores for the exercise (served to the patient by the library). */
  media: z.object({ url: z.string(), contentType: z.string() }).nullable(),
  /** A link to a demonstration elsewhere, when the library has one instead. */
  mediaUrl: z.string().nullable(),
  sets: z.number().nullable(),
  reps: z.number().nullable(),
  holdSeconds: z.number().nullable(),
  timesPerDay: z.number(),
  daysPerWeek: z.number(),
  notes: z.string(),
});
export type ProgrammeItem = z.infer<typeof ProgrammeItemSchema>;

export const ProgrammeSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
  title: z.string(),
  startDate: z.string(),
  reviewDate: z.string().nullable(),
  status: ProgrammeStatusSchema,
  version: z.number(),
  items: z.array(ProgrammeItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Programme = z.infer<typeof ProgrammeSchema>;

/** Sessions done against sessions prescribed over the programme's period so far (or the days asked). */
export const AdherenceSchema = z.object({
  from: z.string(),
  to: z.string(),
  done: z.number(),
  prescribed: z.number(),
  /** Whole percent, 0-100; null while nothing was prescribed yet. */
  percent: z.number().nullable(),
});
export type Adherence = z.infer<typeof AdherenceSchema>;

export const ProgrammeProgressSchema = z.object({
  programme: ProgrammeSchema,
  adherence: AdherenceSchema,
  /** Average pain of each day with a score, oldest first. */
  painTrend: z.array(z.object({ day: z.string(), pain: z.number() })),
  /** The patient's notes, newest first (at most 20). */
  notes: z.array(z.object({ day: z.string(), exerciseName: z.string(), note: z.string() })),
  versions: z.array(z.object({ version: z.number(), createdAt: z.string(), createdByName: z.string() })),
});
export type ProgrammeProgress = z.infer<typeof ProgrammeProgressSchema>;

export const ProgrammeSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: ProgrammeStatusSchema,
  startDate: z.string(),
  reviewDate: z.string().nullable(),
  version: z.number(),
  practitionerName: z.string(),
  exerciseCount: z.number(),
  adherence: AdherenceSchema,
});
export type ProgrammeSummary = z.infer<typeof ProgrammeSummarySchema>;

/** GET /api/exercise-programmes/exercises: the library, searched by name and body region. */
export const ExerciseSearchQuerySchema = z.strictObject({
  q: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional(),
  region: z.enum(BODY_REGIONS, { error: `Region must be one of ${BODY_REGIONS.join(', ')}` }).optional(),
});
export const ExerciseChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  bodyRegion: z.enum(BODY_REGIONS),
  instructions: z.string(),
  sets: z.number().nullable(),
  reps: z.number().nullable(),
  holdSeconds: z.number().nullable(),
  timesPerDay: z.number(),
  daysPerWeek: z.number(),
});
export type ExerciseChoice = z.infer<typeof ExerciseChoiceSchema>;

export const CreateTemplateInputSchema = z.strictObject({
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .min(1, 'Name is required')
    .max(PROGRAMME_TITLE_MAX, `Name must be at most ${PROGRAMME_TITLE_MAX} characters`)
    .check(oneLine('Name')),
  items: ItemsSchema,
});
export type CreateTemplateInput = z.infer<typeof CreateTemplateInputSchema>;
export const ProgrammeTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  items: z.array(ProgrammeItemInputSchema.extend({ name: z.string() })),
  createdAt: z.string(),
});
export type ProgrammeTemplate = z.infer<typeof ProgrammeTemplateSchema>;

/** PUT /api/my-exercises/check-ins: today's check-in for one exercise (again replaces it). */
export const CheckInInputSchema = z.strictObject({
  programmeId: IdSchema,
  exerciseId: IdSchema,
  done: z.boolean({ error: 'Done must be true or false' }),
  difficulty: whole('Difficulty', 0, 10).nullable(),
  pain: whole('Pain', 0, 10).nullable(),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(CHECK_IN_NOTE_MAX, `Note must be at most ${CHECK_IN_NOTE_MAX} characters`),
});
export type CheckInInput = z.infer<typeof CheckInInputSchema>;

export const CheckInSchema = z.object({
  done: z.boolean(),
  difficulty: z.number().nullable(),
  pain: z.number().nullable(),
  note: z.string(),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

/** GET /api/my-exercises/today: the patient's active programmes with today's check-ins. */
export const TodaySchema = z.object({
  day: z.string(),
  programmes: z.array(
    z.object({
      programme: ProgrammeSchema,
      checkIns: z.record(z.string(), CheckInSchema),
    }),
  ),
});
export type Today = z.infer<typeof TodaySchema>;

export const ReminderSchema = z.strictObject({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  timeOfDay: z
    .string({ error: 'Time must be text' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour clock)'),
  email: z.boolean({ error: 'Email must be true or false' }),
});
export type Reminder = z.infer<typeof ReminderSchema>;
export const DEFAULT_REMINDER: Reminder = { enabled: false, timeOfDay: '18:00', email: true };

/** GET /api/exercise-programmes/worsening: the practitioner's care-team patients whose figures got worse. */
export const WorseningPatientSchema = z.object({
  patientId: z.string(),
  patientName: z.string(),
  adherenceBefore: z.number().nullable(),
  adherenceNow: z.number().nullable(),
  painBefore: z.number().nullable(),
  painNow: z.number().nullable(),
  reasons: z.array(z.enum(['adherence', 'pain'])),
});
export type WorseningPatient = z.infer<typeof WorseningPatientSchema>;
export const WorseningListSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(WorseningPatientSchema),
});
export type WorseningList = z.infer<typeof WorseningListSchema>;

/** Socket event: a check-in or a programme changed; open screens ask again. */
export const EXERCISES_CHANGED = 'exercises_changed' as const;
export type ExercisesChangedEvent = {
  type: typeof EXERCISES_CHANGED;
  patientId: string;
  programmeId: string;
};
