import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { oneLine } from './one-line';
import {
  APPOINTMENT_MAX_MINUTES,
  APPOINTMENT_MIN_MINUTES,
  APPOINTMENT_STATUSES,
  type AppointmentAction,
  type AppointmentStatus,
  CLINIC_TIME_ZONE,
  PATIENT_CANCEL_NOTICE_HOURS,
} from './vocabulary/scheduling';

export * from './vocabulary/scheduling';

/**
 * Scheduling: service types, each practitioner's availability (weekly hours, date overrides, time off and
 * booking settings), appointments and free slots.
 *
 * Times on the wire are ISO 8601 UTC instants (startsAt, endsAt). Days are 'YYYY-MM-DD' in the
 * practitioner's IANA time zone; weekly hours are { weekday 0-6 (Sunday 0), start 'HH:MM', end 'HH:MM' }
 * in that zone, end after start ('24:00' closes at midnight).
 */

export const AppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, {
  error: `Status must be one of ${APPOINTMENT_STATUSES.join(', ')}`,
});

/** A calendar may ask for a whole week or month in one page. */
export const APPOINTMENT_PAGE_MAX = 500;
export const APPOINTMENT_NOTES_MAX = 2000;
export const CANCELLATION_REASON_MAX = 500;
/** The widest window one list call may span when it gives both from and to. */
export const APPOINTMENT_RANGE_MAX_DAYS = 92;

export const SCHEDULING_ERRORS = {
  overlap: 'That time overlaps another appointment',
  notPractitioner: 'Practitioner not found',
  notPatient: 'Patient not found',
  serviceNotFound: 'Service type not found',
  serviceInactive: 'That service type is no longer offered',
  endBeforeStart: 'End must be after start',
  tooShort: `An appointment lasts at least ${APPOINTMENT_MIN_MINUTES} minutes`,
  tooLong: `An appointment lasts at most ${APPOINTMENT_MAX_MINUTES / 60} hours`,
  notCareTeam: 'You can book only with a practitioner on your care team',
  inThePast: 'A patient can request only a time in the future',
  cancelTooLate: `Appointments can be cancelled online only more than ${PATIENT_CANCEL_NOTICE_HOURS} hours ahead; please call the clinic`,
  notEditable: 'Only a scheduled or confirmed appointment can be changed',
  notFree: "That time is not one of the practitioner's free times",
} as const;

/** The message for an action the appointment's status does not allow (answered 409). */
export const transitionRefused = (action: AppointmentAction, status: AppointmentStatus) =>
  `A ${status.replace('_', '-')} appointment cannot be ${
    {
      confirm: 'confirmed',
      'check-in': 'checked in',
      complete: 'completed',
      'no-show': 'marked as no-show',
      cancel: 'cancelled',
    }[action]
  }`;

const IdSchema = z.uuid({ error: 'Must be a valid id' });

/** The years a time on the wire may fall in: room for history and the far future, none for overflow. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;
const FIRST_INSTANT = Date.UTC(FIRST_YEAR, 0, 1);
const END_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1);

export const InstantSchema = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` }).refine((value) => {
    const instant = Date.parse(value);
    return instant >= FIRST_INSTANT && instant < END_INSTANT;
  }, `${label} must fall between ${FIRST_YEAR} and ${LAST_YEAR}`);

export const DaySchema = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} must be a real date`);

/** 'HH:MM' on a 24-hour clock; '24:00' only as the end of a day. */
export const ClockTimeSchema = (label: string) =>
  z
    .string({ error: `${label} must be a time (HH:MM)` })
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, `${label} must be a time (HH:MM)`);

export const TimeZoneSchema = z.string({ error: 'Time zone is required' }).refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}, 'Time zone must be an IANA time zone such as Europe/London');

// ---------------------------------------------------------------------------------------------------------
// Service types

export const SERVICE_NAME_MAX = 100;
export const SERVICE_DESCRIPTION_MAX = 1000;
export const SERVICE_PRICE_MAX_CENTS = 10_000_000;
const ColourSchema = z
  .string({ error: 'Colour must be a hex colour such as #2563eb' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour such as #2563eb');
const DurationSchema = z
  .number({ error: 'Duration must be a whole number of minutes' })
  .int('Duration must be a whole number of minutes')
  .min(APPOINTMENT_MIN_MINUTES, `Duration must be at least ${APPOINTMENT_MIN_MINUTES} minutes`)
  .max(APPOINTMENT_MAX_MINUTES, `Duration must be at most ${APPOINTMENT_MAX_MINUTES} minutes`);
const PriceSchema = z
  .number({ error: 'Price must be a whole number of cents' })
  .int('Price must be a whole number of cents')
  .min(0, 'Price cannot be negative')
  .max(SERVICE_PRICE_MAX_CENTS, 'Price is too large');

const serviceFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(SERVICE_NAME_MAX, `Name must be at most ${SERVICE_NAME_MAX} characters`)
    .check(oneLine('Name')),
  description: z
    .string({ error: 'Description must be text' })
    .max(SERVICE_DESCRIPTION_MAX, `Description must be at most ${SERVICE_DESCRIPTION_MAX} characters`),
  durationMinutes: DurationSchema,
  priceCents: PriceSchema,
  colour: ColourSchema,
  isPublic: z.boolean({ error: 'Public must be true or false' }),
  active: z.boolean({ error: 'Active must be true or false' }),
};

export const ServiceTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  priceCents: z.number().int(),
  colour: z.string(),
  isPublic: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceType = z.infer<typeof ServiceTypeSchema>;

/** POST /api/service-types (staff, admin). */
export const CreateServiceTypeInputSchema = z.strictObject({
  name: serviceFields.name,
  description: serviceFields.description.optional(),
  durationMinutes: serviceFields.durationMinutes,
  priceCents: serviceFields.priceCents,
  colour: serviceFields.colour,
  isPublic: serviceFields.isPublic.optional(),
  active: serviceFields.active.optional(),
});
export type CreateServiceTypeInput = z.infer<typeof CreateServiceTypeInputSchema>;

/** PATCH /api/service-types/{id} (staff, admin): any subset. */
export const UpdateServiceTypeInputSchema = z
  .strictObject({
    name: serviceFields.name.optional(),
    description: serviceFields.description.optional(),
    durationMinutes: serviceFields.durationMinutes.optional(),
    priceCents: serviceFields.priceCents.optional(),
    colour: serviceFields.colour.optional(),
    isPublic: serviceFields.isPublic.optional(),
    active: serviceFields.active.optional(),
  })
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type UpdateServiceTypeInput = z.infer<typeof UpdateServiceTypeInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// A practitioner's availability

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

// ---------------------------------------------------------------------------------------------------------
// Appointments

export const AppointmentSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
  serviceTypeId: z.string(),
  serviceName: z.string(),
  colour: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: AppointmentStatusSchema,
  cancellationReason: z.string().nullable(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

export const AppointmentPageSchema = z.object({
  items: z.array(AppointmentSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AppointmentPage = z.infer<typeof AppointmentPageSchema>;

const NotesSchema = z
  .string({ error: 'Notes must be text' })
  .max(APPOINTMENT_NOTES_MAX, `Notes must be at most ${APPOINTMENT_NOTES_MAX} characters`);

const endAfterStart = (value: { startsAt?: string; endsAt?: string }) =>
  !value.startsAt || !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt);

/**
 * POST /api/appointments. Without endsAt the service type's duration decides it. A patient books for
 * themselves (patientId left out or their own) with a practitioner on their care team.
 */
export const CreateAppointmentInputSchema = z
  .strictObject({
    patientId: IdSchema.optional(),
    practitionerId: IdSchema,
    serviceTypeId: IdSchema,
    startsAt: InstantSchema('Start'),
    endsAt: InstantSchema('End').optional(),
    notes: NotesSchema.optional(),
  })
  .refine(endAfterStart, { message: SCHEDULING_ERRORS.endBeforeStart, path: ['endsAt'] });
export type CreateAppointmentInput = z.infer<typeof CreateAppointmentInputSchema>;

/**
 * PATCH /api/appointments/{id}: edit or reschedule. Moving startsAt alone keeps the length; changing the
 * service type alone keeps the start and takes the new service's duration.
 */
export const UpdateAppointmentInputSchema = z
  .strictObject({
    practitionerId: IdSchema.optional(),
    serviceTypeId: IdSchema.optional(),
    startsAt: InstantSchema('Start').optional(),
    endsAt: InstantSchema('End').optional(),
    notes: NotesSchema.optional(),
  })
  .refine(hasAnyField, NOTHING_TO_CHANGE)
  .refine(endAfterStart, { message: SCHEDULING_ERRORS.endBeforeStart, path: ['endsAt'] });
export type UpdateAppointmentInput = z.infer<typeof UpdateAppointmentInputSchema>;

/** POST /api/appointments/{id}/cancel. */
export const CancelAppointmentInputSchema = z.strictObject({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(CANCELLATION_REASON_MAX, `Reason must be at most ${CANCELLATION_REASON_MAX} characters`),
});
export type CancelAppointmentInput = z.infer<typeof CancelAppointmentInputSchema>;

export const APPOINTMENT_SCOPES = ['upcoming', 'past', 'cancelled'] as const;
export type AppointmentScope = (typeof APPOINTMENT_SCOPES)[number];

/**
 * GET /api/appointments. from/to are instants bounding the appointment (overlapping the window); scope
 * 'upcoming' is active and not yet ended, earliest first; 'past' has ended or was a no-show, newest first;
 * 'cancelled' newest first. Without scope: by start, earliest first.
 */
export const ListAppointmentsQuerySchema = z
  .strictObject({
    from: InstantSchema('From').optional(),
    to: InstantSchema('To').optional(),
    practitionerId: IdSchema.optional(),
    patientId: IdSchema.optional(),
    status: AppointmentStatusSchema.optional(),
    scope: z
      .enum(APPOINTMENT_SCOPES, { error: `Scope must be one of ${APPOINTMENT_SCOPES.join(', ')}` })
      .optional(),
    /** The nextCursor of the previous page. */
    cursor: z.string().max(200, 'Cursor is not valid').optional(),
    /** Page size, 50 unless asked (a calendar asks for its whole window). */
    limit: z.coerce
      .number({ error: `Limit must be a whole number from 1 to ${APPOINTMENT_PAGE_MAX}` })
      .int(`Limit must be a whole number from 1 to ${APPOINTMENT_PAGE_MAX}`)
      .min(1, `Limit must be a whole number from 1 to ${APPOINTMENT_PAGE_MAX}`)
      .max(APPOINTMENT_PAGE_MAX, `Limit must be a whole number from 1 to ${APPOINTMENT_PAGE_MAX}`)
      .optional(),
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.to) > Date.parse(value.from), {
    message: 'To must be after from',
    path: ['to'],
  })
  .refine(
    (value) =>
      !value.from ||
      !value.to ||
      Date.parse(value.to) - Date.parse(value.from) <= APPOINTMENT_RANGE_MAX_DAYS * 86_400_000,
    { message: `A range spans at most ${APPOINTMENT_RANGE_MAX_DAYS} days`, path: ['to'] },
  );
export type ListAppointmentsQuery = z.infer<typeof ListAppointmentsQuerySchema>;

export const AppointmentIdParamsSchema = z.strictObject({ id: IdSchema });
export const PractitionerIdParamsSchema = z.strictObject({ id: IdSchema });

/**
 * Pushed on the notifications socket to the patient, the practitioner(s) and staff and admins whenever an
 * appointment changes, so open calendars and lists ask again. It names the appointment only; what the
 * browser may see is decided when it asks.
 */
export type AppointmentsChangedEvent = { type: 'appointments_changed'; appointmentId: string };
export const APPOINTMENTS_CHANGED = 'appointments_changed';

/**
 * A person's private calendar feed (iCal) of their appointments, for patients and practitioners.
 * GET /api/calendar-feed answers whether one is active; POST makes a new address (replacing any old one) and
 * answers it once; DELETE revokes it. The address itself needs no sign-in: the token in it is the key.
 */
export const CalendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;
export const CalendarFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;
/** GET /api/calendar-feeds/{token}.ics; a token that is not one answers 404 like a revoked one. */
export const CalendarFeedParamsSchema = z.strictObject({ token: z.string().max(200) });
export const CALENDAR_FEED_NOT_FOUND = 'Calendar feed not found';
