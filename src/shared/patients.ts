import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { EmailSchema, PhoneSchema } from './auth';
import { oneLine } from './one-line';

export const PATIENT_STATUSES = ['active', 'inactive', 'discharged'] as const;
export const PatientStatusSchema = z.enum(PATIENT_STATUSES, {
  error: `Status must be one of ${PATIENT_STATUSES.join(', ')}`,
});
export type PatientStatus = z.infer<typeof PatientStatusSchema>;

export const PATIENT_PAGE_SIZE = 25;
export const PATIENT_PAGE_MAX = 100;
export const PATIENT_TEXT_MAX = 5000;
export const PATIENT_SORTS = ['name', 'created'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

const IdSchema = z.uuid({ error: 'Must be a valid id' });

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .check(oneLine(label));

/** An optional short line (address, insurer, contact name); empty text clears it. */
const line = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .check(oneLine(label))
    .nullable()
    .optional();

/** The long clinical texts: history, allergies, medications. Plain text, shown as text, never as markup. */
const longText = (label: string) =>
  z
    .string()
    .trim()
    .max(PATIENT_TEXT_MAX, `${label} must be at most ${PATIENT_TEXT_MAX} characters`)
    .nullable()
    .optional();

const DateOfBirthSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Date of birth must be a real date')
  .refine((value) => value >= '1900-01-01', 'Date of birth must be after 1900')
  .refine((value) => value <= new Date().toISOString().slice(0, 10), 'Date of birth cannot be in the future')
  .nullable()
  .optional();

/** Every field of the record a caller may write; each one optional, null or '' clears it. */
const recordFields = {
  dateOfBirth: DateOfBirthSchema,
  sex: line('Sex', 50),
  gender: line('Gender', 100),
  phone: PhoneSchema.nullable().optional(),
  addressLine1: line('Address line 1'),
  addressLine2: line('Address line 2'),
  city: line('City', 100),
  region: line('Region', 100),
  postalCode: line('Postal code', 20),
  country: line('Country', 100),
  emergencyContactName: line('Emergency contact name'),
  emergencyContactRelationship: line('Emergency contact relationship', 100),
  emergencyContactPhone: PhoneSchema.nullable().optional(),
  insuranceProvider: line('Insurance provider'),
  insurancePolicyNumber: line('Policy number', 100),
  insuranceGroupNumber: line('Group number', 100),
  medicalHistory: longText('Medical history'),
  allergies: longText('Allergies'),
  medications: longText('Medications'),
};
export const PATIENT_RECORD_FIELDS = Object.keys(recordFields) as Array<keyof typeof recordFields>;

/** POST /api/patients (staff, admin): the account and its record; the patient sets a password by email. */
export const CreatePatientInputSchema = z.strictObject({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  email: EmailSchema,
  ...recordFields,
});
export type CreatePatientInput = z.infer<typeof CreatePatientInputSchema>;

/** PATCH /api/patients/{id}: any subset of the record, names and status; at least one field. */
export const UpdatePatientInputSchema = z
  .strictObject({
    firstName: requiredName('First name').optional(),
    lastName: requiredName('Last name').optional(),
    status: PatientStatusSchema.optional(),
    ...recordFields,
  })
  .refine(hasAnyField, NOTHING_TO_CHANGE);
export type UpdatePatientInput = z.infer<typeof UpdatePatientInputSchema>;

/** GET /api/patients: one page of the patients the caller may see. */
export const ListPatientsQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: PatientStatusSchema.optional(),
  practitionerId: IdSchema.optional(),
  sort: z.enum(PATIENT_SORTS, { error: 'Sort must be name or created' }).default('name'),
  direction: z.enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' }).optional(),
  /** The id of the last patient of the previous page. */
  cursor: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PATIENT_PAGE_MAX).default(PATIENT_PAGE_SIZE),
});
export type ListPatientsQuery = z.input<typeof ListPatientsQuerySchema>;
/** The query as the server holds it once parsed (defaults applied). */
export type ListPatientsParams = z.infer<typeof ListPatientsQuerySchema>;

export const PatientIdParamsSchema = z.strictObject({ id: IdSchema });
export const PatientPractitionerParamsSchema = z.strictObject({ id: IdSchema, practitionerId: IdSchema });

/** One row of the list: enough to find and open the right person. */
export const PatientSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  status: PatientStatusSchema,
  createdAt: z.string(),
});
export type PatientSummary = z.infer<typeof PatientSummarySchema>;

export const PatientPageSchema = z.object({
  items: z.array(PatientSummarySchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type PatientPage = z.infer<typeof PatientPageSchema>;

export const AssignedPractitionerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type AssignedPractitioner = z.infer<typeof AssignedPractitionerSchema>;

const nullableText = z.string().nullable();

/** GET /api/patients/{id}: the whole record with the patient's care team. */
export const PatientRecordSchema = PatientSummarySchema.extend({
  isAccountActive: z.boolean(),
  sex: nullableText,
  gender: nullableText,
  addressLine1: nullableText,
  addressLine2: nullableText,
  city: nullableText,
  region: nullableText,
  postalCode: nullableText,
  country: nullableText,
  emergencyContactName: nullableText,
  emergencyContactRelationship: nullableText,
  emergencyContactPhone: nullableText,
  insuranceProvider: nullableText,
  insurancePolicyNumber: nullableText,
  insuranceGroupNumber: nullableText,
  medicalHistory: nullableText,
  allergies: nullableText,
  medications: nullableText,
  practitioners: z.array(AssignedPractitionerSchema),
  updatedAt: z.string(),
});
export type PatientRecord = z.infer<typeof PatientRecordSchema>;
