import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import {
  APPOINTMENT_MAX_MINUTES,
  APPOINTMENT_MIN_MINUTES,
  APPOINTMENT_STATUSES,
  type AppointmentAction,
  type AppointmentStatus,
  PATIENT_CANCEL_NOTICE_HOURS,
} from './vocabulary/scheduling';
import { InstantSchema } from './wire-time';

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

export * from './availability';
export * from './service-types';
export * from './wire-time';

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
  /** Only while the clinic has video visits on: whether it is a video visit. */
  isVideo: z.boolean().optional(),
  /** Only while video visits are on, for a video visit: the call's address on the clinic's own origin. */
  joinUrl: z.string().optional(),
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

/** Only while the clinic has video visits on (409 otherwise); a booking without it takes the service's. */
const IsVideoSchema = z.boolean({ error: 'Video visit must be true or false' });

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
    isVideo: IsVideoSchema.optional(),
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
    isVideo: IsVideoSchema.optional(),
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
  /**
   * The desk cancels because the patient asked: inside the clinic's late-cancellation window this offers the
   * late-cancellation fee (decision 0030). A patient's own cancellation is always at their request.
   */
  atPatientRequest: z.boolean({ error: "At the patient's request must be true or false" }).optional(),
});
export type CancelAppointmentInput = z.infer<typeof CancelAppointmentInputSchema>;

/**
 * POST /api/appointments/{id}/undo-no-show (staff, admins): takes back a no-show mark with a reason (kept in
 * the activity log). The appointment returns to the status it was marked from; a pending no-show fee is
 * withdrawn with the mark, an applied one stays (its invoice is voided or refunded on its own).
 */
export const UndoNoShowInputSchema = z.strictObject({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(CANCELLATION_REASON_MAX, `Reason must be at most ${CANCELLATION_REASON_MAX} characters`),
});
export type UndoNoShowInput = z.infer<typeof UndoNoShowInputSchema>;

export const NO_SHOW_UNDO_ERRORS = {
  onlyStaff: 'Only the clinic staff can take back a no-show',
  notNoShow: 'Only a no-show can be taken back',
} as const;

export const UndoNoShowAnswerSchema = z.object({
  appointment: AppointmentSchema,
  /** What became of the no-show fee the mark made: withdrawn with it, or kept (applied or waived); null: none. */
  fee: z
    .object({
      outcome: z.enum(['withdrawn', 'kept']),
      status: z.enum(['pending', 'applied', 'waived']),
      amountCents: z.number().int(),
      invoiceId: z.string().nullable(),
      invoiceNumber: z.string().nullable(),
    })
    .nullable(),
});
export type UndoNoShowAnswer = z.infer<typeof UndoNoShowAnswerSchema>;

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
