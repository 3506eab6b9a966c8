import { z } from 'zod';

/**
 * The clinic's optional capabilities beyond the specification. Each is off on a new clinic, and while it is
 * off every screen is as the specification describes it.
 */
const FeatureFlags = {
  careBetweenVisits: z.boolean({ error: 'careBetweenVisits must be true or false' }),
  dataExchange: z.boolean({ error: 'dataExchange must be true or false' }),
  videoVisits: z.boolean({ error: 'videoVisits must be true or false' }),
};
const AllFeaturesSchema = z.strictObject(FeatureFlags);
export type ClinicFeatures = z.infer<typeof AllFeaturesSchema>;

/** What an admin saves: any of the capabilities (each card saves its own), at least one. */
export const ClinicFeaturesSchema = z
  .strictObject({
    careBetweenVisits: FeatureFlags.careBetweenVisits.optional(),
    dataExchange: FeatureFlags.dataExchange.optional(),
    videoVisits: FeatureFlags.videoVisits.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { error: 'Name at least one capability to set' });
export type ClinicFeaturesChange = z.infer<typeof ClinicFeaturesSchema>;

export const DEFAULT_CLINIC_FEATURES: ClinicFeatures = {
  careBetweenVisits: false,
  dataExchange: false,
  videoVisits: false,
};

export const ClinicFeaturesAnswerSchema = z.object({ features: AllFeaturesSchema });
export type ClinicFeaturesAnswer = z.infer<typeof ClinicFeaturesAnswerSchema>;

export const CLINIC_FEATURE_ERRORS = {
  careBetweenVisitsOff: 'Care between visits is off: an admin can turn it on in Settings',
  dataExchangeOff: 'Data exchange is off: an admin can turn it on in Settings',
  videoVisitsOff: 'Video visits are off: an admin can turn them on in Settings',
} as const;
