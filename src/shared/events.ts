import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { formatMoney } from './money';
import { oneLine } from './one-line';
import { InstantSchema } from './scheduling';
import { EVENT_STATUSES, REGISTRATION_STATUSES } from './vocabulary/events';

export * from './vocabulary/events';

/**
 * Community events. Admins create, edit and cancel them (/api/events); members see the upcoming ones, register,
 * cancel, and join a waitlist when an event is full. A seat that frees is offered to the first on the waitlist
 * for a limited time; they accept it or it passes to the next. A paid event's seat is held while the member
 * pays and confirmed once the payment provider says the payment succeeded; cancelling a paid seat refunds it.
 */

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_PLACE_MAX = 300;
export const EVENT_URL_MAX = 2000;
/** An uploaded image travels as a data URL; this bounds it (about 150 KB of image). */
export const EVENT_IMAGE_DATA_MAX = 200_000;
export const EVENT_CAPACITY_MAX = 100_000;
export const EVENT_PRICE_MAX_CENTS = 10_000_000;
export const EVENT_CURRENCY = 'usd';
/** How long a seat offered from the waitlist stays open. */
export const EVENT_OFFER_HOURS = 24;
/** How long a paid seat is held while the member pays. */
export const EVENT_PAYMENT_HOLD_MINUTES = 30;

export const EVENT_ERRORS = {
  title: 'Title is required',
  titleTooLong: `Title must be at most ${EVENT_TITLE_MAX} characters`,
  description: `Description must be at most ${EVENT_DESCRIPTION_MAX} characters`,
  image: 'Image must be an https address or an uploaded PNG, JPEG, GIF or WebP image',
  imageTooLarge: 'The uploaded image is too large (at most about 150 KB)',
  endBeforeStart: 'End must be after start',
  placeOrLink: 'Give a place or an online link',
  place: `Place must be at most ${EVENT_PLACE_MAX} characters`,
  onlineUrl: 'Online link must be an https address',
  capacity: 'Capacity must be a whole number of at least 1',
  capacityTooLarge: `Capacity must be at most ${EVENT_CAPACITY_MAX.toLocaleString('en-US')}`,
  capacityBelowTaken: 'Capacity cannot go below the seats already taken',
  price: 'Price must be a whole number of cents, 0 for a free event',
  priceTooLarge: 'Price is too large',
  priceChangeWithPaid: 'The price cannot change once seats have been paid for',
  notFound: 'Event not found',
  cancelled: 'This event was cancelled',
  past: 'This event has already started',
  alreadyRegistered: 'You are already registered or on the waitlist for this event',
  notRegistered: 'You have no registration for this event',
  noOffer: 'There is no seat offered to you for this event',
  offerExpired: 'The offer of a seat has expired',
  notPending: 'This registration is not awaiting payment',
  notSucceeded: 'The payment has not succeeded',
  amountMismatch: 'The payment does not match the event price',
  registrationNotFound: 'Registration not found',
  notCheckable: 'Only a registered attendee can be checked in',
  notRefundable: 'Only a paid registration with something left to refund can be refunded',
} as const;

const ImageSchema = z
  .string({ error: EVENT_ERRORS.image })
  .max(EVENT_IMAGE_DATA_MAX, EVENT_ERRORS.imageTooLarge)
  .refine(
    (value) =>
      /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(value) ||
      (value.length <= EVENT_URL_MAX && isHttpsUrl(value)),
    EVENT_ERRORS.image,
  );

export function isHttpsUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const TitleSchema = z
  .string({ error: EVENT_ERRORS.title })
  .trim()
  .min(1, EVENT_ERRORS.title)
  .max(EVENT_TITLE_MAX, EVENT_ERRORS.titleTooLong)
  .check(oneLine('Title'));
const DescriptionSchema = z
  .string({ error: EVENT_ERRORS.description })
  .max(EVENT_DESCRIPTION_MAX, EVENT_ERRORS.description);
const PlaceSchema = z
  .string({ error: EVENT_ERRORS.place })
  .trim()
  .max(EVENT_PLACE_MAX, EVENT_ERRORS.place)
  .check(oneLine('Place'))
  .nullable();
const OnlineUrlSchema = z
  .string({ error: EVENT_ERRORS.onlineUrl })
  .trim()
  .max(EVENT_URL_MAX, EVENT_ERRORS.onlineUrl)
  .refine((value) => value === '' || isHttpsUrl(value), EVENT_ERRORS.onlineUrl)
  .nullable();
const CapacitySchema = z
  .number({ error: EVENT_ERRORS.capacity })
  .int(EVENT_ERRORS.capacity)
  .min(1, EVENT_ERRORS.capacity)
  .max(EVENT_CAPACITY_MAX, EVENT_ERRORS.capacityTooLarge);
const PriceSchema = z
  .number({ error: EVENT_ERRORS.price })
  .int(EVENT_ERRORS.price)
  .min(0, EVENT_ERRORS.price)
  .max(EVENT_PRICE_MAX_CENTS, EVENT_ERRORS.priceTooLarge);

const hasPlaceOrLink = (value: { place?: string | null; onlineUrl?: string | null }) =>
  Boolean(value.place?.trim()) || Boolean(value.onlineUrl?.trim());
const endAfterStart = (value: { startsAt?: string; endsAt?: string }) =>
  !value.startsAt || !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt);

/** POST /api/events (admin). */
export const CreateEventInputSchema = z
  .strictObject({
    title: TitleSchema,
    description: DescriptionSchema.default(''),
    imageUrl: ImageSchema.nullable().optional(),
    startsAt: InstantSchema('Start'),
    endsAt: InstantSchema('End'),
    place: PlaceSchema.optional(),
    onlineUrl: OnlineUrlSchema.optional(),
    capacity: CapacitySchema,
    priceCents: PriceSchema.default(0),
  })
  .refine(endAfterStart, { message: EVENT_ERRORS.endBeforeStart, path: ['endsAt'] })
  .refine(hasPlaceOrLink, { message: EVENT_ERRORS.placeOrLink, path: ['place'] });
export type CreateEventInput = z.input<typeof CreateEventInputSchema>;

/**
 * PATCH /api/events/{id} (admin): any of the fields. The server checks the result as a whole (end after
 * start, a place or a link) against the stored event.
 */
export const UpdateEventInputSchema = z
  .strictObject({
    title: TitleSchema.optional(),
    description: DescriptionSchema.optional(),
    imageUrl: ImageSchema.nullable().optional(),
    startsAt: InstantSchema('Start').optional(),
    endsAt: InstantSchema('End').optional(),
    place: PlaceSchema.optional(),
    onlineUrl: OnlineUrlSchema.optional(),
    capacity: CapacitySchema.optional(),
    priceCents: PriceSchema.optional(),
  })
  .refine(hasAnyField, NOTHING_TO_CHANGE)
  .refine(endAfterStart, { message: EVENT_ERRORS.endBeforeStart, path: ['endsAt'] });
export type UpdateEventInput = z.input<typeof UpdateEventInputSchema>;

export const EventIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Must be a valid id' }) });
export const RegistrationParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Must be a valid id' }),
  registrationId: z.uuid({ error: 'Must be a valid id' }),
});

export const RegistrationStatusSchema = z.enum(REGISTRATION_STATUSES);

export const MyRegistrationSchema = z.object({
  id: z.string(),
  status: RegistrationStatusSchema,
  /** 1 for the first on the waitlist; null when not waitlisted. */
  waitlistPosition: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  paidCents: z.number().int(),
});
export type MyRegistration = z.infer<typeof MyRegistrationSchema>;

export const EventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  capacity: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  status: z.enum(EVENT_STATUSES),
  seatsTaken: z.number().int(),
  waitlistCount: z.number().int(),
  /** The caller's own registration still in play, if any (members). */
  myRegistration: MyRegistrationSchema.nullable(),
});
export type CommunityEvent = z.infer<typeof EventSchema>;

export const EventsAnswerSchema = z.object({ events: z.array(EventSchema) });
export type EventsAnswer = z.infer<typeof EventsAnswerSchema>;
export const EventAnswerSchema = z.object({ event: EventSchema });
export type EventAnswer = z.infer<typeof EventAnswerSchema>;

/** GET /api/admin/events: every event, upcoming first, or past and cancelled too. */
export const AdminEventsQuerySchema = z.strictObject({
  include: z.enum(['upcoming', 'all'], { error: 'Include must be upcoming or all' }).default('upcoming'),
});

/** A registration answered by register, accept, cancel; a paid seat comes with the intent to pay. */
export const RegistrationAnswerSchema = z.object({
  event: EventSchema,
  registration: MyRegistrationSchema,
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
});
export type RegistrationAnswer = z.infer<typeof RegistrationAnswerSchema>;

/** POST /api/admin/events/{id}/attendees/{registrationId}/refund (admin): cancels the seat and refunds it. */
export const RefundAttendeeInputSchema = z.strictObject({
  reason: z
    .string({ error: 'Reason must be text' })
    .max(500, 'Reason must be at most 500 characters')
    .optional(),
});

export const ConfirmRegistrationInputSchema = z.strictObject({
  paymentIntentId: z.string({ error: 'Payment intent id is required' }).min(1).max(200),
});

export const AttendeeSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: RegistrationStatusSchema,
  waitlistPosition: z.number().int().nullable(),
  registeredAt: z.string(),
  offerExpiresAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type Attendee = z.infer<typeof AttendeeSchema>;

export const AttendeesAnswerSchema = z.object({ event: EventSchema, attendees: z.array(AttendeeSchema) });
export type AttendeesAnswer = z.infer<typeof AttendeesAnswerSchema>;
export const AttendeeAnswerSchema = z.object({ attendee: AttendeeSchema });

/** What the member dashboard shows of the member's upcoming registrations. */
export const MemberEventsSummarySchema = z.object({
  count: z.number().int(),
  next: z.array(
    z.object({
      eventId: z.string(),
      title: z.string(),
      startsAt: z.string(),
      status: RegistrationStatusSchema,
    }),
  ),
});
export type MemberEventsSummary = z.infer<typeof MemberEventsSummarySchema>;

/** Pushed to admins and to the member when registrations of an event change; the browser asks again. */
export type EventsChangedEvent = { type: 'events_changed'; eventId: string };
export const EVENTS_CHANGED_TYPE = 'events_changed';

export const formatEventPrice = (cents: number) => (cents === 0 ? 'Free' : formatMoney(cents));
