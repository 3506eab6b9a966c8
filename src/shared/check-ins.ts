import { z } from 'zod';
import { OUTCOME_MEASURE_CODES } from './outcome-measures';
import { DaySchema } from './wire-time';

/**
 * Check-ins: outcome measures sent to a patient (now, or by a schedule), answered by the patient and scored.
 * A request is a FHIR Task, its answers a QuestionnaireResponse and its score an Observation
 * (docs/features/outcome-measures.md).
 */
const IdSchema = z.uuid({ error: 'Must be a valid id' });

export const MeasureCodeSchema = z.enum(OUTCOME_MEASURE_CODES, {
  error: `Measure must be one of ${OUTCOME_MEASURE_CODES.join(', ')}`,
});

export const CHECK_IN_STATUSES = ['due', 'completed', 'cancelled'] as const;
export const CHECK_IN_REASONS = ['sent', 'intake', 'visits', 'weeks', 'discharge'] as const;
export type CheckInReason = (typeof CHECK_IN_REASONS)[number];

export const SCHEDULE_TRIGGERS = ['intake', 'every_visits', 'every_weeks', 'discharge'] as const;
export type ScheduleTrigger = (typeof SCHEDULE_TRIGGERS)[number];
export const SCHEDULE_INTERVAL_MAX = 52;

export const CheckInSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  measure: MeasureCodeSchema,
  reason: z.enum(CHECK_IN_REASONS),
  status: z.enum(CHECK_IN_STATUSES),
  requestedByName: z.string().nullable(),
  dueAt: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  score: z.number().nullable(),
  answers: z.array(z.object({ linkId: z.string(), value: z.union([z.number(), z.string()]) })).nullable(),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

export const CheckInListSchema = z.object({ items: z.array(CheckInSchema) });
export type CheckInList = z.infer<typeof CheckInListSchema>;

export const CheckInListQuerySchema = z.strictObject({ patientId: IdSchema.optional() });
export const CheckInIdParamsSchema = z.strictObject({ id: IdSchema });
export const PatientIdParamsSchema = z.strictObject({ patientId: IdSchema });

export const SendCheckInInputSchema = z.strictObject({
  patientId: IdSchema,
  measure: MeasureCodeSchema,
});
export type SendCheckInInput = z.infer<typeof SendCheckInInputSchema>;

const AnswerSchema = z.strictObject({
  linkId: z
    .string({ error: 'linkId must be text' })
    .min(1, 'linkId is required')
    .max(40, 'linkId is too long'),
  value: z.union(
    [z.number({ error: 'Answer must be a number or text' }), z.string().max(200, 'At most 200 characters')],
    {
      error: 'Answer must be a number or text',
    },
  ),
});
export const SubmitCheckInInputSchema = z.strictObject({
  answers: z
    .array(AnswerSchema, { error: 'Answers must be a list' })
    .min(1, 'Answer the questions')
    .max(60, 'Too many answers'),
});
export type SubmitCheckInInput = z.infer<typeof SubmitCheckInInputSchema>;

/** One measure's scores over time for a patient, with the change from the first and whether it passes the MCID. */
export const MeasureTrendSchema = z.object({
  measure: MeasureCodeSchema,
  points: z.array(z.object({ checkInId: z.string(), at: z.string(), score: z.number() })),
  baseline: z.number(),
  latest: z.number(),
  change: z.number(),
  improvement: z.number(),
  passesMcid: z.boolean(),
});
export type MeasureTrend = z.infer<typeof MeasureTrendSchema>;
export const OutcomeSummarySchema = z.object({ patientId: z.string(), trends: z.array(MeasureTrendSchema) });
export type OutcomeSummary = z.infer<typeof OutcomeSummarySchema>;
export const OutcomeSummaryQuerySchema = z.strictObject({ patientId: IdSchema });

export const ScheduleSchema = z.object({
  id: z.string(),
  patientId: z.string().nullable(),
  serviceTypeId: z.string().nullable(),
  serviceTypeName: z.string().nullable(),
  measure: MeasureCodeSchema,
  trigger: z.enum(SCHEDULE_TRIGGERS),
  interval: z.number().nullable(),
  createdAt: z.string(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;
export const ScheduleListSchema = z.object({ items: z.array(ScheduleSchema) });
export type ScheduleList = z.infer<typeof ScheduleListSchema>;
/**
 * Without a patient: the clinic's per-service schedules. With one: that patient's own, and with
 * `include=services` also the per-service schedules of the services the patient is booked with.
 */
export const ScheduleListQuerySchema = z
  .strictObject({
    patientId: IdSchema.optional(),
    include: z.enum(['services'], { error: 'include must be services' }).optional(),
  })
  .refine((query) => !query.include || query.patientId, {
    path: ['include'],
    message: 'Give a patient to include the schedules of their services',
  });

export const CreateScheduleInputSchema = z
  .strictObject({
    patientId: IdSchema.optional(),
    serviceTypeId: IdSchema.optional(),
    measure: MeasureCodeSchema,
    trigger: z.enum(SCHEDULE_TRIGGERS, { error: `Trigger must be one of ${SCHEDULE_TRIGGERS.join(', ')}` }),
    interval: z
      .number({ error: 'Interval must be a whole number' })
      .int('Interval must be a whole number')
      .min(1, 'Interval must be at least 1')
      .max(SCHEDULE_INTERVAL_MAX, `Interval must be at most ${SCHEDULE_INTERVAL_MAX}`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.patientId) === Boolean(value.serviceTypeId))
      ctx.addIssue({
        code: 'custom',
        path: ['patientId'],
        message: 'Give either a patient or a service type',
      });
    const repeats = value.trigger === 'every_visits' || value.trigger === 'every_weeks';
    if (repeats && value.interval === undefined)
      ctx.addIssue({ code: 'custom', path: ['interval'], message: 'Give how often, as a number' });
    if (!repeats && value.interval !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['interval'],
        message: 'Only repeating schedules take an interval',
      });
  });
export type CreateScheduleInput = z.infer<typeof CreateScheduleInputSchema>;
export const ScheduleIdParamsSchema = z.strictObject({ id: IdSchema });

export const DischargeAnswerSchema = z.object({ sent: z.number() });

/**
 * Outcomes by practitioner and by service, for the reports page (admins and staff). A patient counts for a
 * measure when they have at least two scores of it in the window: the first is the baseline, the last the
 * latest. The outcome is counted under the practitioner and service of the patient's last appointment (not
 * cancelled or missed) that started by the latest score, else their first one after it; with no appointment
 * at all, under no one (key null). docs/features/outcome-measures.md, "Outcomes report".
 */
export const OUTCOME_REPORT_DEFAULT_DAYS = 180;
export const OUTCOME_REPORT_MAX_DAYS = 731;
/** The row label of patients with no appointment to count their outcome under. */
export const OUTCOME_REPORT_NO_APPOINTMENT = 'No appointment';
export const OUTCOME_REPORT_ERRORS = {
  order: 'From must not be after To',
  tooLong: `The outcomes report covers at most ${OUTCOME_REPORT_MAX_DAYS} days`,
} as const;

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD (clinic days, both included; left out, the last 180 days)&measure=… */
export const OutcomeReportQuerySchema = z
  .strictObject({
    from: DaySchema('From').optional(),
    to: DaySchema('To').optional(),
    measure: MeasureCodeSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: OUTCOME_REPORT_ERRORS.order,
    path: ['to'],
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      query.from > query.to ||
      dayCount(query.from, query.to) <= OUTCOME_REPORT_MAX_DAYS,
    { message: OUTCOME_REPORT_ERRORS.tooLong, path: ['to'] },
  );
export type OutcomeReportQuery = z.infer<typeof OutcomeReportQuerySchema>;

export const OutcomeReportRowSchema = z.object({
  /** The practitioner's or service type's id; null for patients with no appointment to count them under. */
  key: z.string().nullable(),
  label: z.string(),
  measure: MeasureCodeSchema,
  /** Patients with at least two scores of the measure in the window. */
  patients: z.number().int().nonnegative(),
  baselineMean: z.number(),
  latestMean: z.number(),
  /** Patients whose improvement (latest against baseline, in the measure's better direction) is at least its MCID. */
  improved: z.number().int().nonnegative(),
  /** improved / patients. */
  improvedShare: z.number(),
});
export type OutcomeReportRow = z.infer<typeof OutcomeReportRowSchema>;
export const OutcomeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  measure: MeasureCodeSchema.nullable(),
  byPractitioner: z.array(OutcomeReportRowSchema),
  byService: z.array(OutcomeReportRowSchema),
});
export type OutcomeReport = z.infer<typeof OutcomeReportSchema>;

export const CHECK_IN_ERRORS = {
  notFound: 'Check-in not found',
  scheduleNotFound: 'Schedule not found',
  notDue: 'This check-in is already answered or withdrawn',
  serviceTypeNotFound: 'Service type not found',
} as const;

/** The push that a patient's check-ins changed (sent, answered): open lists and charts ask again. */
export type CheckInsChangedEvent = { type: 'check_ins_changed'; patientId: string };
