import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import {
  BODY_REGIONS,
  EXERCISE_INSTRUCTIONS_MAX,
  EXERCISE_NAME_MAX,
  EXERCISE_PAGE_MAX,
  EXERCISE_PAGE_SIZE,
  EXERCISE_TAG_MAX,
  EXERCISE_TAGS_MAX,
} from './exercises';
import { oneLine } from './one-line';

export * from './exercises';

const IdSchema = z.uuid({ error: 'Must be a valid id' });
export const BodyRegionSchema = z.enum(BODY_REGIONS, {
  error: `Body region must be one of ${BODY_REGIONS.join(', ')}`,
});

const NameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(EXERCISE_NAME_MAX, `Name must be at most ${EXERCISE_NAME_MAX} characters`)
  .check(oneLine('Name'));
const TagSchema = z
  .string({ error: 'A tag must be text' })
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty')
  .max(EXERCISE_TAG_MAX, `A tag must be at most ${EXERCISE_TAG_MAX} characters`)
  .check(oneLine('A tag'));
const count = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);
/** Only https: a link is opened by patients' browsers, never fetched by the clinic. */
const MediaUrlSchema = z
  .url({ protocol: /^https$/, error: 'The link must be an https address' })
  .max(2000, 'The link must be at most 2000 characters');

const fields = {
  bodyRegion: BodyRegionSchema,
  instructions: z
    .string({ error: 'Instructions must be text' })
    .trim()
    .max(EXERCISE_INSTRUCTIONS_MAX, `Instructions must be at most ${EXERCISE_INSTRUCTIONS_MAX} characters`),
  defaultSets: count('Sets', 1, 20).nullable(),
  defaultReps: count('Repetitions', 1, 200).nullable(),
  defaultHoldSeconds: count('Hold', 1, 600).nullable(),
  defaultTimesPerDay: count('Times a day', 1, 10),
  defaultDaysPerWeek: count('Days a week', 1, 7),
  tags: z
    .array(TagSchema, { error: 'Tags must be a list' })
    .max(EXERCISE_TAGS_MAX, `At most ${EXERCISE_TAGS_MAX} tags`),
  /** A file uploaded with POST /api/exercises/media. */
  mediaFileId: IdSchema.nullable(),
  mediaUrl: MediaUrlSchema.nullable(),
};

/** POST /api/exercises. */
export const CreateExerciseInputSchema = z.strictObject({
  name: NameSchema,
  bodyRegion: fields.bodyRegion,
  instructions: fields.instructions.optional(),
  defaultSets: fields.defaultSets.optional(),
  defaultReps: fields.defaultReps.optional(),
  defaultHoldSeconds: fields.defaultHoldSeconds.optional(),
  defaultTimesPerDay: fields.defaultTimesPerDay.optional(),
  defaultDaysPerWeek: fields.defaultDaysPerWeek.optional(),
  tags: fields.tags.optional(),
  mediaFileId: fields.mediaFileId.optional(),
  mediaUrl: fields.mediaUrl.optional(),
});
export type CreateExerciseInput = z.infer<typeof CreateExerciseInputSchema>;

/** PATCH /api/exercises/{id}: any subset; at least one field. */
export const UpdateExerciseInputSchema = CreateExerciseInputSchema.partial().refine(
  hasAnyField,
  NOTHING_TO_CHANGE,
);
export type UpdateExerciseInput = z.infer<typeof UpdateExerciseInputSchema>;

export const ExerciseIdParamsSchema = z.strictObject({ id: IdSchema });
export const FileIdParamsSchema = z.strictObject({ fileId: IdSchema });

/** GET /api/exercises: one page of the library, by name, region and tag. */
export const ListExercisesQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  region: BodyRegionSchema.optional(),
  tag: z.string().trim().toLowerCase().max(EXERCISE_TAG_MAX, 'Tag is too long').optional(),
  /** `archived` lists the archived exercises instead of those in use. */
  status: z.enum(['active', 'archived'], { error: 'Status must be active or archived' }).default('active'),
  /** The id of the last exercise of the previous page. */
  cursor: IdSchema.optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(EXERCISE_PAGE_MAX, `Limit must be at most ${EXERCISE_PAGE_MAX}`)
    .default(EXERCISE_PAGE_SIZE),
});
export type ListExercisesQuery = z.input<typeof ListExercisesQuerySchema>;
export type ListExercisesParams = z.infer<typeof ListExercisesQuerySchema>;

/** A stored picture or video; `url` is where signed-in people who may see it fetch it. */
export const MediaFileSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
  sha256: z.string(),
  url: z.string(),
});
export type MediaFile = z.infer<typeof MediaFileSchema>;

export const ExerciseSchema = z.object({
  id: z.string(),
  name: z.string(),
  bodyRegion: BodyRegionSchema,
  instructions: z.string(),
  defaultSets: z.number().nullable(),
  defaultReps: z.number().nullable(),
  defaultHoldSeconds: z.number().nullable(),
  defaultTimesPerDay: z.number(),
  defaultDaysPerWeek: z.number(),
  tags: z.array(z.string()),
  media: MediaFileSchema.nullable(),
  mediaUrl: z.string().nullable(),
  starter: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Exercise = z.infer<typeof ExerciseSchema>;

export const ExercisePageSchema = z.object({
  items: z.array(ExerciseSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ExercisePage = z.infer<typeof ExercisePageSchema>;

/** Pushed to the library's readers when an exercise is made, changed or archived. */
export type ExerciseLibraryChangedEvent = { type: 'exercise_library_changed'; exerciseId: string };
