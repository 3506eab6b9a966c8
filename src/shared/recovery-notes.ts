import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';

/** Recovery notes: SOAP notes a practitioner writes about a patient, drafted, signed, amended and shared. */
export const RECOVERY_NOTE_STATUSES = ['draft', 'signed'] as const;
export const RecoveryNoteStatusSchema = z.enum(RECOVERY_NOTE_STATUSES, {
  error: `Status must be one of ${RECOVERY_NOTE_STATUSES.join(', ')}`,
});
export type RecoveryNoteStatus = z.infer<typeof RecoveryNoteStatusSchema>;

export const RECOVERY_NOTE_PAGE_SIZE = 25;
export const RECOVERY_NOTE_TEXT_MAX = 20_000;
export const RECOVERY_NOTE_GOAL_MAX = 500;
export const RECOVERY_NOTE_GOALS_MAX = 20;
export const RECOVERY_NOTE_REASON_MAX = 1000;
export const PAIN_SCORE_MIN = 0;
export const PAIN_SCORE_MAX = 10;

/** The four SOAP sections, in the order they are written and shown. */
export const SOAP_SECTIONS = ['subjective', 'objective', 'assessment', 'plan'] as const;
export type SoapSection = (typeof SOAP_SECTIONS)[number];

const IdSchema = z.uuid({ error: 'Must be a valid id' });

/** A SOAP section: plain text, shown as text and never rendered as markup. */
const soapText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(RECOVERY_NOTE_TEXT_MAX, `${label} must be at most ${RECOVERY_NOTE_TEXT_MAX} characters`);

export const PainScoreSchema = z
  .number({ error: 'Pain score must be a whole number from 0 to 10' })
  .int('Pain score must be a whole number from 0 to 10')
  .min(PAIN_SCORE_MIN, 'Pain score must be from 0 to 10')
  .max(PAIN_SCORE_MAX, 'Pain score must be from 0 to 10');

export const FunctionalGoalSchema = z.strictObject({
  goal: z
    .string({ error: 'Goal must be text' })
    .trim()
    .min(1, 'Goal is required')
    .max(RECOVERY_NOTE_GOAL_MAX, `Goal must be at most ${RECOVERY_NOTE_GOAL_MAX} characters`),
  progress: z
    .number({ error: 'Progress must be a whole number from 0 to 100' })
    .int('Progress must be a whole number from 0 to 100')
    .min(0, 'Progress must be from 0 to 100')
    .max(100, 'Progress must be from 0 to 100'),
});
export type FunctionalGoal = z.infer<typeof FunctionalGoalSchema>;

const GoalsSchema = z
  .array(FunctionalGoalSchema, { error: 'Goals must be a list' })
  .max(RECOVERY_NOTE_GOALS_MAX, `At most ${RECOVERY_NOTE_GOALS_MAX} goals`);

/** What a note says; every field a draft may leave out. */
const contentFields = {
  subjective: soapText('Subjective').optional(),
  objective: soapText('Objective').optional(),
  assessment: soapText('Assessment').optional(),
  plan: soapText('Plan').optional(),
  painScore: PainScoreSchema.nullable().optional(),
  goals: GoalsSchema.optional(),
};
export const RECOVERY_NOTE_CONTENT_FIELDS = Object.keys(contentFields) as Array<keyof typeof contentFields>;

/** POST /api/recovery-notes (the practitioner writing it): a draft, optionally started from a template. */
export const CreateRecoveryNoteInputSchema = z.strictObject({
  patientId: IdSchema,
  /** One of the author's own appointments with this patient; any other answers 400. */
  appointmentId: IdSchema.nullable().optional(),
  /** Fills the SOAP sections the input leaves out with the template's starter text. */
  templateId: IdSchema.optional(),
  ...contentFields,
});
export type CreateRecoveryNoteInput = z.infer<typeof CreateRecoveryNoteInputSchema>;

/** PATCH /api/recovery-notes/{id}: draft autosave, any subset of the content; at least one field. */
export const UpdateRecoveryNoteInputSchema = z
  .strictObject({ appointmentId: IdSchema.nullable().optional(), ...contentFields })
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type UpdateRecoveryNoteInput = z.infer<typeof UpdateRecoveryNoteInputSchema>;

/** The content a signed note may be amended in; a signed note always keeps a pain score. */
export const AmendmentChangesSchema = z
  .strictObject({ ...contentFields, painScore: PainScoreSchema.optional() })
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type AmendmentChanges = z.infer<typeof AmendmentChangesSchema>;

/** POST /api/recovery-notes/{id}/amendments: what changes and why. */
export const CreateAmendmentInputSchema = z.strictObject({
  changes: AmendmentChangesSchema,
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(RECOVERY_NOTE_REASON_MAX, `Reason must be at most ${RECOVERY_NOTE_REASON_MAX} characters`),
});
export type CreateAmendmentInput = z.infer<typeof CreateAmendmentInputSchema>;

const DateSchema = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} must be a real date`);

/** GET /api/recovery-notes: one page, newest first. from and to are days (UTC), both included. */
export const ListRecoveryNotesQuerySchema = z.strictObject({
  patientId: IdSchema.optional(),
  practitionerId: IdSchema.optional(),
  status: RecoveryNoteStatusSchema.optional(),
  from: DateSchema('From').optional(),
  to: DateSchema('To').optional(),
  /** The id of the last note of the previous page. */
  cursor: IdSchema.optional(),
});
export type ListRecoveryNotesQuery = z.infer<typeof ListRecoveryNotesQuerySchema>;

export const RecoveryNoteIdParamsSchema = z.strictObject({ id: IdSchema });
export const RecoveryNoteProgressQuerySchema = z.strictObject({ patientId: IdSchema });

const NoteContentSchema = z.object({
  subjective: z.string(),
  objective: z.string(),
  assessment: z.string(),
  plan: z.string(),
  painScore: z.number().int().nullable(),
  goals: z.array(FunctionalGoalSchema),
});
export type RecoveryNoteContent = z.infer<typeof NoteContentSchema>;

/** One row of a list: who, when and where it stands, without the clinical text. */
export const RecoveryNoteSummarySchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
  appointmentId: z.string().nullable(),
  status: RecoveryNoteStatusSchema,
  painScore: z.number().int().nullable(),
  sharedWithPatient: z.boolean(),
  amendmentCount: z.number().int(),
  signedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecoveryNoteSummary = z.infer<typeof RecoveryNoteSummarySchema>;

export const RecoveryNotePageSchema = z.object({
  items: z.array(RecoveryNoteSummarySchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type RecoveryNotePage = z.infer<typeof RecoveryNotePageSchema>;

/** One amendment of a signed note: the fields it changed, their values before and after, who and why. */
export const RecoveryNoteAmendmentSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  reason: z.string(),
  changes: NoteContentSchema.partial(),
  previous: NoteContentSchema.partial(),
  createdAt: z.string(),
});
export type RecoveryNoteAmendment = z.infer<typeof RecoveryNoteAmendmentSchema>;

/** GET /api/recovery-notes/{id}: the current version, and for a signed note the version signed and each amendment since. */
export const RecoveryNoteSchema = RecoveryNoteSummarySchema.extend({
  ...NoteContentSchema.shape,
  signedById: z.string().nullable(),
  signedByName: z.string().nullable(),
  sharedAt: z.string().nullable(),
  history: z.object({
    /** The note as signed; null while it is a draft. */
    original: NoteContentSchema.nullable(),
    /** Oldest first. */
    amendments: z.array(RecoveryNoteAmendmentSchema),
  }),
});
export type RecoveryNote = z.infer<typeof RecoveryNoteSchema>;

/** GET /api/recovery-notes/templates: starter text for the four sections. */
export const RecoveryNoteTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subjective: z.string(),
  objective: z.string(),
  assessment: z.string(),
  plan: z.string(),
});
export type RecoveryNoteTemplate = z.infer<typeof RecoveryNoteTemplateSchema>;

/** GET /api/recovery-notes/progress?patientId=: one point per signed note, oldest first, for a chart. */
export const RecoveryProgressSchema = z.object({
  patientId: z.string(),
  points: z.array(
    z.object({
      noteId: z.string(),
      at: z.string(),
      painScore: z.number().int().nullable(),
      goals: z.array(FunctionalGoalSchema),
    }),
  ),
});
export type RecoveryProgress = z.infer<typeof RecoveryProgressSchema>;
