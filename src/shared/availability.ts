import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { CLINIC_TIME_ZONE } from './vocabulary/scheduling';
import { ClockTimeSchema, DaySchema, InstantSchema, TimeZoneSchema } from './wire-time';

const IdSchema = z.uuid({ error: 'Must be a valid id' });

/** A practitioner's availability: booking settings, weekly hours, date overrides, time off and free slots. */

export const MIN_NOTICE_MAX_MINUTES = 60 * 24 * 30;
export const BUFFER_MAX_MINUTES = 240;
export const HORIZON_MAX_DAYS = 365;
export const BOOKING_LINK_MAX = 60;
export const TIME_OFF_REASON_MAX = 200;

export const BookingLinkSchema = z
  .string({ error: 'Booking link must be text' })
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'Booking link may use lower-case letters, digits and dashes, not at either end',
  )
  .min(3, 'Booking link must be at least 3 characters')
  .max(BOOKING_LINK_MAX, `Booking link must be at most ${BOOKING_LINK_MAX} characters`);

export const ScheduleSettingsSchema = z.object({
  practitionerId: z.string(),
  timeZone: z.string(),
  minNoticeMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  horizonDays: z.number().int(),
  /** Public bookings become confirmed at once; otherwise they wait for review. */
  autoConfirm: z.boolean(),
  bookingLink: z.string().nullable(),
});
export type ScheduleSettings = z.infer<typeof ScheduleSettingsSchema>;

/** The settings a practitioner who never saved any works under. */
export const DEFAULT_SCHEDULE_SETTINGS = {
  timeZone: CLINIC_TIME_ZONE,
  minNoticeMinutes: 120,
  bufferMinutes: 0,
  horizonDays: 60,
  autoConfirm: false,
  bookingLink: null,
} as const satisfies Omit<ScheduleSettings, 'practitionerId'>;

const minutesField = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max} minutes`);

/** PATCH /api/practitioners/{id}/schedule: any subset of the settings. */
export const UpdateScheduleSettingsInputSchema = z
  .strictObject({
    timeZone: TimeZoneSchema.optional(),
    minNoticeMinutes: minutesField('Minimum notice', MIN_NOTICE_MAX_MINUTES).optional(),
    bufferMinutes: minutesField('Buffer', BUFFER_MAX_MINUTES).optional(),
    horizonDays: z
      .number({ error: 'Horizon must be a whole number of days' })
      .int('Horizon must be a whole number of days')
      .min(1, 'Horizon must be at least 1 day')
      .max(HORIZON_MAX_DAYS, `Horizon must be at most ${HORIZON_MAX_DAYS} days`)
      .optional(),
    autoConfirm: z.boolean({ error: 'Auto-confirm must be true or false' }).optional(),
    bookingLink: BookingLinkSchema.nullable().optional(),
  })
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type UpdateScheduleSettingsInput = z.infer<typeof UpdateScheduleSettingsInputSchema>;

const endsAfterStart = (value: { start: string; end: string }) => value.end > value.start;

export const WeeklyHoursSchema = z
  .strictObject({
    weekday: z
      .number({ error: 'Weekday must be 0 (Sunday) to 6 (Saturday)' })
      .int('Weekday must be 0 (Sunday) to 6 (Saturday)')
      .min(0, 'Weekday must be 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Weekday must be 0 (Sunday) to 6 (Saturday)'),
    start: ClockTimeSchema('Start'),
    end: ClockTimeSchema('End'),
  })
  .refine(endsAfterStart, { message: 'End must be after start', path: ['end'] });
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

/** PUT /api/practitioners/{id}/weekly-hours: the whole week, replacing what was there. */
export const ReplaceWeeklyHoursInputSchema = z.strictObject({
  hours: z.array(WeeklyHoursSchema, { error: 'Hours must be a list' }).max(70, 'At most 70 ranges'),
});
export type ReplaceWeeklyHoursInput = z.infer<typeof ReplaceWeeklyHoursInputSchema>;

const HoursRangeSchema = z
  .strictObject({ start: ClockTimeSchema('Start'), end: ClockTimeSchema('End') })
  .refine(endsAfterStart, { message: 'End must be after start', path: ['end'] });

/** One day that differs from the week: closed (no hours) or open only in the hours given. */
export const DateOverrideSchema = z.object({
  date: z.string(),
  /** Empty: closed all day. */
  hours: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type DateOverride = z.infer<typeof DateOverrideSchema>;

/** PUT /api/practitioners/{id}/date-overrides/{date}: that day's hours; an empty list closes it. */
export const PutDateOverrideInputSchema = z.strictObject({
  hours: z.array(HoursRangeSchema, { error: 'Hours must be a list' }).max(10, 'At most 10 ranges'),
});
export type PutDateOverrideInput = z.infer<typeof PutDateOverrideInputSchema>;

export const TimeOffSchema = z.object({
  id: z.string(),
  practitionerId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
});
export type TimeOff = z.infer<typeof TimeOffSchema>;

/** POST /api/practitioners/{id}/time-off. */
export const CreateTimeOffInputSchema = z
  .strictObject({
    startsAt: InstantSchema('Start'),
    endsAt: InstantSchema('End'),
    reason: z
      .string({ error: 'Reason must be text' })
      .max(TIME_OFF_REASON_MAX, `Reason must be at most ${TIME_OFF_REASON_MAX} characters`)
      .optional(),
  })
  .refine((value) => Date.parse(value.endsAt) > Date.parse(value.startsAt), {
    message: 'End must be after start',
    path: ['endsAt'],
  });
export type CreateTimeOffInput = z.infer<typeof CreateTimeOffInputSchema>;

/** GET /api/practitioners/{id}/availability: everything that decides when they can be booked. */
export const AvailabilitySchema = z.object({
  settings: ScheduleSettingsSchema,
  weeklyHours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  dateOverrides: z.array(DateOverrideSchema),
  timeOff: z.array(TimeOffSchema),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

// ---------------------------------------------------------------------------------------------------------
// Free slots

export const SLOTS_RANGE_MAX_DAYS = 92;

/** GET /api/practitioners/{id}/slots?serviceTypeId&from&to: from and to are days in the practitioner's zone. */
export const SlotsQuerySchema = z.strictObject({
  serviceTypeId: IdSchema,
  from: DaySchema('From'),
  to: DaySchema('To'),
});
export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

export const SlotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });
export type Slot = z.infer<typeof SlotSchema>;

export const SlotsAnswerSchema = z.object({
  practitionerId: z.string(),
  serviceTypeId: z.string(),
  timeZone: z.string(),
  /** Earliest first. */
  slots: z.array(SlotSchema),
});
export type SlotsAnswer = z.infer<typeof SlotsAnswerSchema>;
