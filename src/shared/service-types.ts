import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { oneLine } from './one-line';
import { APPOINTMENT_MAX_MINUTES, APPOINTMENT_MIN_MINUTES } from './vocabulary/scheduling';

/** Service types: what a practitioner offers, how long it takes and what it costs. */

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
  isVideo: z.boolean({ error: 'Video visit must be true or false' }),
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
  /** Only while the clinic has video visits on: whether it is held as a video visit. */
  isVideo: z.boolean().optional(),
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
  /** Only while the clinic has video visits on (409 otherwise). */
  isVideo: serviceFields.isVideo.optional(),
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
    isVideo: serviceFields.isVideo.optional(),
    active: serviceFields.active.optional(),
  })
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type UpdateServiceTypeInput = z.infer<typeof UpdateServiceTypeInputSchema>;
