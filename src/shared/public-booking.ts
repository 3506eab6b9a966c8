import { z } from 'zod';
import { oneLine } from './one-line';
import { BookingLinkSchema, DaySchema, InstantSchema, SlotSchema } from './scheduling';

/**
 * Public booking: a visitor books with a practitioner through that practitioner's booking link, without an
 * account, and later cancels or reschedules through the signed link in the confirmation email.
 *
 * The public calls (under /api/public) are rate limited per address and answer only about the practitioner's
 * public services and free times: never a patient, another booking, or whether an email is known.
 *
 * A request is 'pending' until the practitioner (or the clinic staff) confirms or declines it, or
 * 'confirmed' at once when the practitioner's schedule says autoConfirm. Confirming turns the request into a
 * patient (the clinic's existing patient with that email, or a new one) plus an appointment. A pending
 * request holds its time: no one else can be offered or book it while it waits.
 *
 * Times are ISO 8601 UTC instants; the browser shows them in the visitor's zone and names the
 * practitioner's zone alongside.
 */

export const PUBLIC_BOOKING_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled'] as const;
export const PublicBookingStatusSchema = z.enum(PUBLIC_BOOKING_STATUSES);
export type PublicBookingStatus = z.infer<typeof PublicBookingStatusSchema>;

/** The practitioner of the demo clinic whose page /booking-demo and /dummy-booking show. */
export const DEMO_BOOKING_LINK = 'riley-chen';

export const BOOKING_NAME_MAX = 120;
export const BOOKING_EMAIL_MAX = 254;
export const BOOKING_PHONE_MAX = 40;
export const BOOKING_REASON_MAX = 1000;
export const DECLINE_MESSAGE_MAX = 1000;
export const PUBLIC_BOOKING_PAGE_SIZE = 25;

/** How many public booking calls one address may make a minute, and how many requests it may send an hour. */
export const PUBLIC_BOOKING_READS_PER_MINUTE = 60;
export const PUBLIC_BOOKING_REQUESTS_PER_HOUR = 10;

export const PUBLIC_BOOKING_ERRORS = {
  pageNotFound: 'This booking page does not exist',
  serviceNotOffered: 'That service cannot be booked online',
  slotTaken: 'That time is no longer free; please choose another',
  linkInvalid: 'This booking link is not valid or has expired',
  notChangeable: 'This booking can no longer be changed online; please call the clinic',
  notPending: 'Only a pending request can be confirmed or declined',
  tooManyRequests: 'Too many booking requests from this address; please try again later',
  /** Confirming: the visitor's email is a staff, practitioner, admin or member account's. */
  emailNotPatient:
    "That email belongs to a clinic account that is not a patient's; choose the patient to book for",
  /**
   * Confirming as a practitioner: the visitor's email is a patient's outside the practitioner's reach. A
   * request never brings a patient into reach by itself, so staff or an admin match it.
   */
  knownPatientForStaff:
    "That email is a patient's outside your care; the clinic's staff or an admin must confirm this request",
  /** Confirming: the requested time has already passed. */
  timePassed: 'The requested time has passed; decline the request instead',
} as const;

const IdSchema = z.uuid({ error: 'Must be a valid id' });

// ---------------------------------------------------------------------------------------------------------
// The public booking page

/** GET /api/public/booking/{bookingLink} */
export const PublicBookingPageSchema = z.object({
  bookingLink: z.string(),
  practitionerName: z.string(),
  /** The practitioner's IANA zone; slots are computed in it. */
  timeZone: z.string(),
  horizonDays: z.number().int(),
  minNoticeMinutes: z.number().int(),
  autoConfirm: z.boolean(),
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      durationMinutes: z.number().int(),
      priceCents: z.number().int(),
      colour: z.string(),
      /** Only while the clinic has video visits on: whether the service is held as a video visit. */
      isVideo: z.boolean().optional(),
    }),
  ),
  /**
   * The clinic's cancellation and no-show fees, shown before the visitor confirms: only while session billing
   * is on and a fee is above 0 (decision 0030); absent or null otherwise.
   */
  feePolicy: z
    .object({
      lateCancelWindowHours: z.number().int(),
      lateCancelFeeCents: z.number().int(),
      noShowFeeCents: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type PublicBookingPage = z.infer<typeof PublicBookingPageSchema>;
export type PublicService = PublicBookingPage['services'][number];

export const BookingLinkParamsSchema = z.strictObject({ bookingLink: BookingLinkSchema });

/** GET /api/public/booking/{bookingLink}/slots?serviceTypeId&from&to (days in the practitioner's zone). */
export const PublicSlotsQuerySchema = z.strictObject({
  serviceTypeId: IdSchema,
  from: DaySchema('From'),
  to: DaySchema('To'),
});
export type PublicSlotsQuery = z.infer<typeof PublicSlotsQuerySchema>;

export const PublicSlotsAnswerSchema = z.object({
  timeZone: z.string(),
  slots: z.array(SlotSchema),
});
export type PublicSlotsAnswer = z.infer<typeof PublicSlotsAnswerSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const BookingDetailsSchema = z.strictObject({
  name: text('Name', BOOKING_NAME_MAX).check(oneLine('Name')),
  email: z
    .email({ error: 'Enter a valid email address' })
    .max(BOOKING_EMAIL_MAX, `Email must be at most ${BOOKING_EMAIL_MAX} characters`),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,}$/, 'Enter a valid phone number')
    .max(BOOKING_PHONE_MAX, `Phone must be at most ${BOOKING_PHONE_MAX} characters`),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(BOOKING_REASON_MAX, `Reason must be at most ${BOOKING_REASON_MAX} characters`),
});
export type BookingDetails = z.infer<typeof BookingDetailsSchema>;

/**
 * POST /api/public/booking/{bookingLink}/requests: book. POST .../rehearsal takes the same body, checks it
 * the same way (including that the slot is free) and answers the same shape, but stores and sends nothing
 * (reference 'REHEARSAL', manageToken null).
 */
export const CreatePublicBookingInputSchema = BookingDetailsSchema.extend({
  serviceTypeId: IdSchema,
  startsAt: InstantSchema('Start'),
});
export type CreatePublicBookingInput = z.infer<typeof CreatePublicBookingInputSchema>;

/** What the visitor sees of their booking: on the confirmation page and behind the signed link. */
export const VisitorBookingSchema = z.object({
  /** Short code the visitor can quote on the phone, e.g. 'BK-7Q2M4X'. */
  reference: z.string(),
  status: PublicBookingStatusSchema,
  bookingLink: z.string(),
  practitionerName: z.string(),
  serviceTypeId: z.string(),
  serviceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  name: z.string(),
  /** The practitioner's message when declined. */
  message: z.string().nullable(),
  /** Whether cancel and reschedule are still open to the visitor (pending or confirmed, not yet begun). */
  changeable: z.boolean(),
  /**
   * Signed token for /book/{bookingLink}?manage={token}; given once, in the create answer and the email.
   * Null on the manage answers and for a rehearsal.
   */
  manageToken: z.string().nullable(),
});
export type VisitorBooking = z.infer<typeof VisitorBookingSchema>;

/** GET /api/public/bookings/{token}; POST .../cancel; POST .../reschedule. */
export const ManageTokenParamsSchema = z.strictObject({
  token: z.string().min(10, 'Booking link is not valid').max(400, 'Booking link is not valid'),
});
export const VisitorCancelInputSchema = z.strictObject({
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(BOOKING_REASON_MAX, `Reason must be at most ${BOOKING_REASON_MAX} characters`)
    .optional(),
});
export type VisitorCancelInput = z.infer<typeof VisitorCancelInputSchema>;
export const VisitorRescheduleInputSchema = z.strictObject({
  startsAt: InstantSchema('Start'),
});
export type VisitorRescheduleInput = z.infer<typeof VisitorRescheduleInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// The clinic's side: /practitioner/public-bookings and /admin/public-bookings

/** A practitioner sees their own requests; staff and admin see all; patients and members get 403. */
export const PublicBookingRequestSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: PublicBookingStatusSchema,
  practitionerId: z.string(),
  practitionerName: z.string(),
  serviceTypeId: z.string(),
  serviceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  reason: z.string(),
  /** The decline message, or the visitor's reason when they cancelled. */
  message: z.string().nullable(),
  /** Set once confirmed: the patient and appointment the request became. */
  patientId: z.string().nullable(),
  appointmentId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
});
export type PublicBookingRequest = z.infer<typeof PublicBookingRequestSchema>;

/** GET /api/public-bookings?status&practitionerId&cursor: newest first, PUBLIC_BOOKING_PAGE_SIZE a page. */
export const ListPublicBookingsQuerySchema = z.strictObject({
  status: z
    .enum([...PUBLIC_BOOKING_STATUSES, 'all'], { error: 'Status must be one of the booking statuses or all' })
    .default('pending'),
  practitionerId: IdSchema.optional(),
  cursor: z.string().max(200).optional(),
});
export type ListPublicBookingsQuery = z.infer<typeof ListPublicBookingsQuerySchema>;

export const PublicBookingPageOfRequestsSchema = z.object({
  items: z.array(PublicBookingRequestSchema),
  nextCursor: z.string().nullable(),
  /** Pending requests within the caller's reach, whatever the filter. */
  pendingCount: z.number().int(),
});
export type PublicBookingPageOfRequests = z.infer<typeof PublicBookingPageOfRequestsSchema>;

export const PublicBookingIdParamsSchema = z.strictObject({ id: IdSchema });

/** POST /api/public-bookings/{id}/confirm: makes (or finds) the patient and books the appointment. */
export const ConfirmPublicBookingInputSchema = z.strictObject({
  /** Book for this existing patient instead of matching by email. */
  patientId: IdSchema.optional(),
});
export type ConfirmPublicBookingInput = z.infer<typeof ConfirmPublicBookingInputSchema>;

/** POST /api/public-bookings/{id}/decline: the message is emailed to the visitor. */
export const DeclinePublicBookingInputSchema = z.strictObject({
  message: text('Message', DECLINE_MESSAGE_MAX),
});
export type DeclinePublicBookingInput = z.infer<typeof DeclinePublicBookingInputSchema>;

/**
 * Pushed on the notifications socket to the practitioner and to staff and admin when a request arrives or
 * changes; open request lists fetch again under their own access rules.
 */
export type PublicBookingsChangedEvent = { type: 'public_bookings_changed' };
export const PUBLIC_BOOKINGS_CHANGED: PublicBookingsChangedEvent = { type: 'public_bookings_changed' };
