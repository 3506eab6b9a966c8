import { z } from 'zod';
import { AuthResponseSchema, EmailSchema, PasswordSchema, PhoneSchema } from './auth';
import { oneLine } from './one-line';
import { PATIENT_TEXT_MAX } from './patients';

/**
 * Patient onboarding: the intake a new patient fills in, one step at a time, saved on the server after each
 * step so it can be resumed. The schemas are the same in the browser (react-hook-form) and on the server.
 */
export const ONBOARDING_STEPS = [
  'account',
  'personal',
  'contact',
  'insurance',
  'medical-history',
  'medications',
  'allergies',
  'goals',
  'consents',
] as const;
export const OnboardingStepSchema = z.enum(ONBOARDING_STEPS, {
  error: `Step must be one of ${ONBOARDING_STEPS.join(', ')}`,
});
export type OnboardingStep = z.infer<typeof OnboardingStepSchema>;
/** The steps a signed-in patient saves; the account step is done by having the account. */
export type IntakeStep = Exclude<OnboardingStep, 'account'>;
export const INTAKE_STEPS = ONBOARDING_STEPS.filter((step): step is IntakeStep => step !== 'account');

export const ONBOARDING_STEP_TITLES: Record<OnboardingStep, string> = {
  account: 'Create your account',
  personal: 'Personal details',
  contact: 'Contact and emergency contact',
  insurance: 'Insurance',
  'medical-history': 'Medical history',
  medications: 'Medications',
  allergies: 'Allergies',
  goals: 'Recovery goals',
  consents: 'Consents',
};

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A name or an address line: required, and one line. */
const requiredLine = (label: string, max = 200) => required(label, max).check(oneLine(label));

const optional = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .check(oneLine(label))
    .nullable()
    .optional()
    .transform((value) => value || null);

const requiredPhone = (label: string) =>
  PhoneSchema.refine(
    (value) => /\d{6,}/.test(value.replace(/\D/g, '')),
    `Enter a valid ${label.toLowerCase()}`,
  );

/** The first step, for a visitor: the patient account the rest of the intake belongs to. */
export const AccountStepSchema = z.strictObject({
  firstName: requiredLine('First name', 100),
  lastName: requiredLine('Last name', 100),
  email: EmailSchema,
  password: PasswordSchema,
});
export type AccountStepInput = z.infer<typeof AccountStepSchema>;
/** POST /api/onboarding/account answers like POST /api/auth/register: a session token and the new user. */
export const AccountStepResponseSchema = AuthResponseSchema;

export const SEX_OPTIONS = ['female', 'male', 'intersex', 'prefer_not_to_say'] as const;
export const SEX_LABELS: Record<(typeof SEX_OPTIONS)[number], string> = {
  female: 'Female',
  male: 'Male',
  intersex: 'Intersex',
  prefer_not_to_say: 'Prefer not to say',
};

const today = () => new Date().toISOString().slice(0, 10);

export const PersonalStepSchema = z.strictObject({
  dateOfBirth: z
    .string({ error: 'Date of birth is required' })
    .min(1, 'Date of birth is required')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, 'Date of birth must be a real date')
    .refine((value) => value >= '1900-01-01', 'Date of birth must be after 1900')
    .refine((value) => value <= today(), 'Date of birth cannot be in the future'),
  sex: z.enum(SEX_OPTIONS, { error: 'Choose one of the options' }),
  gender: optional('Gender', 100),
});

export const ContactStepSchema = z.strictObject({
  phone: requiredPhone('Phone'),
  addressLine1: requiredLine('Address line 1'),
  addressLine2: optional('Address line 2'),
  city: requiredLine('City', 100),
  region: optional('Region', 100),
  postalCode: requiredLine('Postal code', 20),
  country: requiredLine('Country', 100),
  emergencyContactName: requiredLine('Emergency contact name'),
  emergencyContactRelationship: requiredLine('Relationship', 100),
  emergencyContactPhone: requiredPhone('Emergency contact phone'),
});

/** Insurance is optional (self-pay); a named insurer needs its policy number. */
export const InsuranceStepSchema = z
  .strictObject({
    insuranceProvider: optional('Insurance provider'),
    insurancePolicyNumber: optional('Policy number', 100),
    insuranceGroupNumber: optional('Group number', 100),
  })
  .superRefine((value, context) => {
    if (value.insuranceProvider && !value.insurancePolicyNumber)
      context.addIssue({
        code: 'custom',
        path: ['insurancePolicyNumber'],
        message: 'Policy number is required when you name an insurer',
      });
    if (!value.insuranceProvider && (value.insurancePolicyNumber || value.insuranceGroupNumber))
      context.addIssue({
        code: 'custom',
        path: ['insuranceProvider'],
        message: 'Name the insurer of this policy',
      });
  });

/** The clinical texts: required so the clinic knows an empty answer means "none", not "skipped". */
const clinicalText = (label: string, hint: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required; ${hint}`)
    .max(PATIENT_TEXT_MAX, `${label} must be at most ${PATIENT_TEXT_MAX} characters`);

export const MedicalHistoryStepSchema = z.strictObject({
  medicalHistory: clinicalText('Medical history', "write 'None' if there is nothing to tell"),
});
export const MedicationsStepSchema = z.strictObject({
  medications: clinicalText('Medications', "write 'None' if you take none"),
});
export const AllergiesStepSchema = z.strictObject({
  allergies: clinicalText('Allergies', "write 'None' if you have none"),
});

export const GOALS_MAX = 3;
export const GOAL_TEXT_MAX = 200;
export const GoalsStepSchema = z.strictObject({
  mainConcern: required('What brings you to the clinic', 1000),
  goals: z
    .array(z.string().trim().max(GOAL_TEXT_MAX, `A goal must be at most ${GOAL_TEXT_MAX} characters`), {
      error: 'Goals must be a list',
    })
    .max(GOALS_MAX, `At most ${GOALS_MAX} goals`)
    .transform((goals) => goals.filter((goal) => goal.length > 0))
    .refine((goals) => goals.length > 0, 'Name at least one recovery goal'),
});
export type GoalsStepInput = z.infer<typeof GoalsStepSchema>;

export const CONSENT_KINDS = ['treatment', 'privacy', 'communication'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const ConsentKindSchema = z.enum(CONSENT_KINDS);
/** What each consent says; a patient signs each one by typing their full name. */
export const CONSENT_TEXTS: Record<ConsentKind, { title: string; body: string; required: boolean }> = {
  treatment: {
    title: 'Consent to assessment and treatment',
    body:
      'I agree to be assessed and treated by the clinic’s practitioners. The practitioner will explain each ' +
      'treatment, its benefits and risks, and I may ask questions or stop at any time.',
    required: true,
  },
  privacy: {
    title: 'Privacy notice',
    body:
      'I have read how the clinic keeps my health information: it is used for my care, shared only with my ' +
      'care team or as the law requires, and every access to my record is logged.',
    required: true,
  },
  communication: {
    title: 'Email and text reminders (optional)',
    body:
      'I agree that the clinic may send me appointment reminders and portal notices by email or text ' +
      'message. Leave this empty to decline.',
    required: false,
  },
};
export const consentField = (kind: ConsentKind) => `${kind}Signature` as const;

export const nameMismatchMessage = (fullName: string) =>
  `Type your full name exactly as on your account: ${fullName}`;
const sameName = (typed: string, fullName: string) =>
  typed.trim().replace(/\s+/g, ' ').toLowerCase() === fullName.trim().replace(/\s+/g, ' ').toLowerCase();

const signature = (label: string, isRequired: boolean) =>
  isRequired
    ? requiredLine(`Signature for ${label}`, 200)
    : z
        .string()
        .trim()
        .max(200, 'A signature must be at most 200 characters')
        .check(oneLine('A signature'))
        .optional()
        .default('');

const consentShape = {
  treatmentSignature: signature('the treatment consent', true),
  privacySignature: signature('the privacy notice', true),
  communicationSignature: signature('reminders', false),
};
/** The consents as the server first reads them; the service then checks each name against the account. */
export const ConsentsStepSchema = z.strictObject(consentShape);
export type ConsentsStepInput = z.infer<typeof ConsentsStepSchema>;

/** The browser's version: it knows the signed-in patient's name, so a mismatch shows before saving. */
export function consentsStepSchemaFor(fullName: string) {
  return ConsentsStepSchema.superRefine((value, context) => {
    for (const kind of CONSENT_KINDS) {
      const typed = value[consentField(kind)];
      if (typed && !sameName(typed, fullName))
        context.addIssue({
          code: 'custom',
          path: [consentField(kind)],
          message: nameMismatchMessage(fullName),
        });
    }
  });
}
export const signatureMatches = sameName;

export const INTAKE_STEP_SCHEMAS = {
  personal: PersonalStepSchema,
  contact: ContactStepSchema,
  insurance: InsuranceStepSchema,
  'medical-history': MedicalHistoryStepSchema,
  medications: MedicationsStepSchema,
  allergies: AllergiesStepSchema,
  goals: GoalsStepSchema,
  consents: ConsentsStepSchema,
} as const satisfies Record<IntakeStep, z.ZodType>;
export type IntakeStepInput<S extends IntakeStep> = z.input<(typeof INTAKE_STEP_SCHEMAS)[S]>;

export const IntakeStepParamsSchema = z.strictObject({
  step: z.enum(INTAKE_STEPS as [IntakeStep, ...IntakeStep[]], {
    error: `Step must be one of ${INTAKE_STEPS.join(', ')}`,
  }),
});

/** A signed consent as the clinic keeps it: who typed which name, when and from which address. */
export const PatientConsentSchema = z.object({
  id: z.string(),
  kind: ConsentKindSchema,
  title: z.string(),
  signedName: z.string(),
  signedAt: z.string(),
  ipAddress: z.string().nullable(),
});
export type PatientConsent = z.infer<typeof PatientConsentSchema>;
export const patientConsentSchema = PatientConsentSchema;
export const PatientConsentListSchema = z.array(PatientConsentSchema);

/** How far a patient is: shown in the sidebar and on the patient dashboard. */
export const OnboardingProgressSchema = z.object({
  completedSteps: z.number().int(),
  totalSteps: z.number().int(),
  complete: z.boolean(),
  nextStep: OnboardingStepSchema.nullable(),
});
export type OnboardingProgress = z.infer<typeof OnboardingProgressSchema>;

const text = z.string().nullable();
/** GET /api/onboarding: what the patient saved so far, to fill the forms in again, and the progress. */
export const OnboardingStateSchema = OnboardingProgressSchema.extend({
  steps: z.array(z.object({ step: OnboardingStepSchema, title: z.string(), done: z.boolean() })),
  completedAt: z.string().nullable(),
  fullName: z.string(),
  data: z.object({
    personal: z.object({ dateOfBirth: text, sex: text, gender: text }),
    contact: z.object({
      phone: text,
      addressLine1: text,
      addressLine2: text,
      city: text,
      region: text,
      postalCode: text,
      country: text,
      emergencyContactName: text,
      emergencyContactRelationship: text,
      emergencyContactPhone: text,
    }),
    insurance: z.object({ insuranceProvider: text, insurancePolicyNumber: text, insuranceGroupNumber: text }),
    medicalHistory: text,
    medications: text,
    allergies: text,
    goals: z.object({ mainConcern: text, goals: z.array(z.string()) }),
    consents: z.array(PatientConsentSchema),
  }),
});
export type OnboardingState = z.infer<typeof OnboardingStateSchema>;
