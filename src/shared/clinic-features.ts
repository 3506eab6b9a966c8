import { z } from 'zod';

/**
 * The clinic's optional capabilities beyond the specification. Each is off on a new clinic, and while it is
 * off every screen is as the specification describes it.
 */
export const ClinicFeaturesSchema = z.strictObject({
  careBetweenVisits: z.boolean({ error: 'careBetweenVisits must be true or false' }),
});
export type ClinicFeatures = z.infer<typeof ClinicFeaturesSchema>;

export const DEFAULT_CLINIC_FEATURES: ClinicFeatures = { careBetweenVisits: false };

export const ClinicFeaturesAnswerSchema = z.object({ features: ClinicFeaturesSchema });
export type ClinicFeaturesAnswer = z.infer<typeof ClinicFeaturesAnswerSchema>;

export const CLINIC_FEATURE_ERRORS = {
  careBetweenVisitsOff: 'Care between visits is off: an admin can turn it on in Settings',
} as const;
