import { z } from 'zod';
import {
  BODY_REGION_LABELS,
  BODY_REGIONS,
  type CreateExerciseInput,
  CreateExerciseInputSchema,
  type Exercise,
} from '../../../shared/exercise-library';

type ExerciseFields = Omit<CreateExerciseInput, 'mediaFileId'>;

/** A count as typed: empty is none, digits a number, anything else refused by the contract's own message. */
const countText = z.string().transform((text) => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
});
const requiredCount = z
  .string()
  .transform((text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN));

/** The exercise as typed, read into the contract's shape (the uploaded file is added on save). */
export const ExerciseFormSchema = z
  .object({
    name: z.string(),
    bodyRegion: z.string(),
    instructions: z.string(),
    defaultSets: countText,
    defaultReps: countText,
    defaultHoldSeconds: countText,
    defaultTimesPerDay: requiredCount,
    defaultDaysPerWeek: requiredCount,
    tags: z.string().transform((text) =>
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
    mediaUrl: z.string().transform((text) => text.trim() || null),
  })
  // The typed fields are all present, where the contract lets some be left out: the same checks, wider input.
  // biome-ignore lint/suspicious/noExplicitAny: the pipe takes the form's output, which the contract accepts
  .pipe(CreateExerciseInputSchema.omit({ mediaFileId: true }) as unknown as z.ZodType<ExerciseFields, any>);
export type ExerciseFormValues = z.input<typeof ExerciseFormSchema>;

export const EXERCISE_FORM_FIELDS = [
  'name',
  'bodyRegion',
  'instructions',
  'defaultSets',
  'defaultReps',
  'defaultHoldSeconds',
  'defaultTimesPerDay',
  'defaultDaysPerWeek',
  'tags',
  'mediaUrl',
] as const;

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

export function formValuesOf(exercise: Exercise | null): ExerciseFormValues {
  return {
    name: exercise?.name ?? '',
    bodyRegion: exercise?.bodyRegion ?? '',
    instructions: exercise?.instructions ?? '',
    defaultSets: text(exercise?.defaultSets),
    defaultReps: text(exercise?.defaultReps),
    defaultHoldSeconds: text(exercise?.defaultHoldSeconds),
    defaultTimesPerDay: text(exercise?.defaultTimesPerDay ?? 1),
    defaultDaysPerWeek: text(exercise?.defaultDaysPerWeek ?? 7),
    tags: exercise?.tags.join(', ') ?? '',
    mediaUrl: exercise?.mediaUrl ?? '',
  };
}

export const REGION_OPTIONS = BODY_REGIONS.map((region) => ({
  value: region,
  label: BODY_REGION_LABELS[region],
}));

/** "3 sets of 10, hold 5 s, twice a day, 5 days a week". */
export function dosageOf(
  exercise: Pick<
    Exercise,
    'defaultSets' | 'defaultReps' | 'defaultHoldSeconds' | 'defaultTimesPerDay' | 'defaultDaysPerWeek'
  >,
) {
  const parts: string[] = [];
  if (exercise.defaultSets && exercise.defaultReps)
    parts.push(`${exercise.defaultSets} × ${exercise.defaultReps}`);
  else if (exercise.defaultReps) parts.push(`${exercise.defaultReps} repetitions`);
  else if (exercise.defaultSets) parts.push(`${exercise.defaultSets} sets`);
  if (exercise.defaultHoldSeconds) parts.push(`hold ${exercise.defaultHoldSeconds} s`);
  const times = exercise.defaultTimesPerDay;
  parts.push(times === 1 ? 'once a day' : times === 2 ? 'twice a day' : `${times} times a day`);
  if (exercise.defaultDaysPerWeek < 7) parts.push(`${exercise.defaultDaysPerWeek} days a week`);
  return parts.join(', ');
}
