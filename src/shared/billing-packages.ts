import { z } from 'zod';
import { CHECKOUT_PACKAGES_MAX, type CoveredBy, INVOICE_AMOUNT_MAX_CENTS } from './billing';
import { oneLine } from './one-line';

export { CHECKOUT_PACKAGES_MAX, type CoveredBy, CoveredBySchema } from './billing';

/*
 * Packages of sessions, while session billing is on: an admin defines them (name, sessions, price, the
 * services they cover); the desk or the session's practitioner sells one at checkout, as an invoice line priced
 * from the catalogue; the patient holds it once that invoice is issued, and each completed session of a covered
 * service uses one of its sessions, oldest package first.
 */

export const PACKAGE_SESSIONS_MAX = 100;
export const PACKAGE_NAME_MAX = 120;

export const PACKAGE_ERRORS = {
  notFound: 'Package not found',
  name: 'Give the package a name',
  nameTooLong: `A package's name must be at most ${PACKAGE_NAME_MAX} characters`,
  sessions: `Sessions must be a whole number from 1 to ${PACKAGE_SESSIONS_MAX}`,
  price: 'Price must be a whole number of cents, not negative',
  priceTooLarge: 'Price is too large',
  services: 'Choose at least one service the package covers',
  serviceNotFound: 'Choose services that exist',
  active: 'Active must be true or false',
  notOnSale: 'That package is not on sale',
  sold: 'This package has been sold: make it inactive instead',
  tooMany: `Sell at most ${CHECKOUT_PACKAGES_MAX} packages at one checkout`,
  patient: 'Choose a patient',
  patientNotFound: 'Patient not found',
} as const;

export const PackageInputSchema = z.strictObject({
  name: z
    .string({ error: PACKAGE_ERRORS.name })
    .trim()
    .min(1, PACKAGE_ERRORS.name)
    .max(PACKAGE_NAME_MAX, PACKAGE_ERRORS.nameTooLong)
    .check(oneLine('Name')),
  sessions: z
    .number({ error: PACKAGE_ERRORS.sessions })
    .int(PACKAGE_ERRORS.sessions)
    .min(1, PACKAGE_ERRORS.sessions)
    .max(PACKAGE_SESSIONS_MAX, PACKAGE_ERRORS.sessions),
  priceCents: z
    .number({ error: PACKAGE_ERRORS.price })
    .int(PACKAGE_ERRORS.price)
    .min(0, PACKAGE_ERRORS.price)
    .max(INVOICE_AMOUNT_MAX_CENTS, PACKAGE_ERRORS.priceTooLarge),
  serviceTypeIds: z
    .array(z.uuid({ error: PACKAGE_ERRORS.serviceNotFound }), { error: PACKAGE_ERRORS.services })
    .min(1, PACKAGE_ERRORS.services)
    .max(50, PACKAGE_ERRORS.services),
  isActive: z.boolean({ error: PACKAGE_ERRORS.active }).default(true),
});
export type PackageInput = z.input<typeof PackageInputSchema>;

export const SessionPackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sessions: z.number().int(),
  priceCents: z.number().int(),
  isActive: z.boolean(),
  services: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type SessionPackage = z.infer<typeof SessionPackageSchema>;
export const PackageListAnswerSchema = z.object({ packages: z.array(SessionPackageSchema) });
export type PackageListAnswer = z.infer<typeof PackageListAnswerSchema>;
export const PackageAnswerSchema = z.object({ package: SessionPackageSchema });
export const PackageIdParamsSchema = z.strictObject({ id: z.uuid({ error: PACKAGE_ERRORS.notFound }) });

/** A package a patient holds, with what is left of it. */
export const PatientPackageSchema = z.object({
  id: z.uuid(),
  packageId: z.uuid(),
  name: z.string(),
  sessionsTotal: z.number().int(),
  sessionsUsed: z.number().int(),
  sessionsLeft: z.number().int(),
  services: z.array(z.string()),
  invoiceId: z.uuid(),
  invoiceNumber: z.string().nullable(),
  purchasedAt: z.string(),
});
export type PatientPackage = z.infer<typeof PatientPackageSchema>;
/** GET /api/billing/patient-packages?patientId=: a patient their own (patientId may be left out). */
export const PatientPackagesQuerySchema = z.strictObject({
  patientId: z.uuid({ error: PACKAGE_ERRORS.patient }).optional(),
});
export const PatientPackagesAnswerSchema = z.object({ packages: z.array(PatientPackageSchema) });
export type PatientPackagesAnswer = z.infer<typeof PatientPackagesAnswerSchema>;

export const sessionsLeftText = (held: { sessionsLeft: number; sessionsTotal: number }) =>
  `${held.sessionsLeft} of ${held.sessionsTotal} sessions left`;
export const coveredText = (covered: CoveredBy) =>
  `Covered by ${covered.name} (${covered.sessionsLeft} of ${covered.sessionsTotal} left)`;
