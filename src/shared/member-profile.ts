import { z } from 'zod';

/**
 * A member's own profile: what they care about, how they support the clinic, how they like to hear from it,
 * and a little about them. Member onboarding walks through it one step at a time, saving each step, and
 * resumes at the first step not yet saved.
 */

export const MEMBER_INTERESTS = [
  'recovery_programmes',
  'community_events',
  'fundraising',
  'volunteering',
  'merchandise',
  'research_updates',
  'peer_support',
] as const;
export type MemberInterest = (typeof MEMBER_INTERESTS)[number];
export const MEMBER_INTEREST_LABELS: Record<MemberInterest, string> = {
  recovery_programmes: 'Recovery programmes',
  community_events: 'Community events',
  fundraising: 'Fundraising',
  volunteering: 'Volunteering',
  merchandise: 'Merchandise',
  research_updates: 'Research updates',
  peer_support: 'Peer support groups',
};

export const SUPPORT_WAYS = [
  'donating',
  'volunteering',
  'attending_events',
  'sponsoring',
  'buying_merchandise',
  'spreading_the_word',
] as const;
export type SupportWay = (typeof SUPPORT_WAYS)[number];
export const SUPPORT_WAY_LABELS: Record<SupportWay, string> = {
  donating: 'Donating',
  volunteering: 'Volunteering my time',
  attending_events: 'Coming to events',
  sponsoring: 'Sponsoring a programme',
  buying_merchandise: 'Buying merchandise',
  spreading_the_word: 'Spreading the word',
};

/** The onboarding steps in order; `done` is the last screen, reached once the others are saved. */
export const MEMBER_ONBOARDING_STEPS = ['interests', 'support', 'contact'] as const;
export type MemberOnboardingStep = (typeof MEMBER_ONBOARDING_STEPS)[number];
export const MEMBER_ONBOARDING_STEP_LABELS: Record<MemberOnboardingStep, string> = {
  interests: 'Your interests',
  support: 'How you support us',
  contact: 'Staying in touch',
};

export const MEMBER_ABOUT_MAX = 1000;
export const MEMBER_CITY_MAX = 100;

export const MEMBER_PROFILE_ERRORS = {
  interests: 'Choose at least one interest',
  supportWays: 'Choose at least one way you support the clinic',
  unknownChoice: 'That choice is not one of the list',
  about: `About you must be at most ${MEMBER_ABOUT_MAX} characters`,
  phone: 'Phone must be 7 to 20 digits, spaces, brackets or dashes, optionally starting with +',
  city: `City must be at most ${MEMBER_CITY_MAX} characters`,
  country: 'Country must be a two-letter country code, such as US',
  flag: 'Must be true or false',
  stepsLeft: 'Save every step before finishing',
} as const;

const choices = <T extends readonly [string, ...string[]]>(values: T, empty: string) =>
  z
    .array(z.enum(values, { error: MEMBER_PROFILE_ERRORS.unknownChoice }), { error: empty })
    .min(1, { error: empty })
    .max(values.length, { error: empty })
    .transform((list) => [...new Set(list)]);
const flag = z.boolean({ error: MEMBER_PROFILE_ERRORS.flag });

export const InterestsStepSchema = z.strictObject({
  interests: choices(MEMBER_INTERESTS, MEMBER_PROFILE_ERRORS.interests),
});
export const SupportStepSchema = z.strictObject({
  supportWays: choices(SUPPORT_WAYS, MEMBER_PROFILE_ERRORS.supportWays),
});
export const ContactStepSchema = z.strictObject({
  newsletter: flag,
  eventAnnouncements: flag,
  phone: z
    .string({ error: MEMBER_PROFILE_ERRORS.phone })
    .trim()
    .regex(/^$|^\+?[0-9 ()-]{7,20}$/, MEMBER_PROFILE_ERRORS.phone)
    .default(''),
  city: z
    .string({ error: MEMBER_PROFILE_ERRORS.city })
    .trim()
    .max(MEMBER_CITY_MAX, MEMBER_PROFILE_ERRORS.city)
    .default(''),
  country: z
    .string({ error: MEMBER_PROFILE_ERRORS.country })
    .trim()
    .toUpperCase()
    .regex(/^$|^[A-Z]{2}$/, MEMBER_PROFILE_ERRORS.country)
    .default(''),
});

/** PUT /api/member/profile: the whole profile at once, from /member/profile. */
export const UpdateMemberProfileInputSchema = z.strictObject({
  ...InterestsStepSchema.shape,
  ...SupportStepSchema.shape,
  ...ContactStepSchema.shape,
  about: z
    .string({ error: MEMBER_PROFILE_ERRORS.about })
    .trim()
    .max(MEMBER_ABOUT_MAX, MEMBER_PROFILE_ERRORS.about)
    .default(''),
});
export type UpdateMemberProfileInput = z.input<typeof UpdateMemberProfileInputSchema>;

export const OnboardingStepParamsSchema = z.strictObject({
  step: z.enum(MEMBER_ONBOARDING_STEPS, { error: 'Unknown onboarding step' }),
});
/** The body of each step, by step. */
export const ONBOARDING_STEP_SCHEMAS = {
  interests: InterestsStepSchema,
  support: SupportStepSchema,
  contact: ContactStepSchema,
} as const;

export const MemberProfileSchema = z.object({
  interests: z.array(z.enum(MEMBER_INTERESTS)),
  supportWays: z.array(z.enum(SUPPORT_WAYS)),
  newsletter: z.boolean(),
  eventAnnouncements: z.boolean(),
  about: z.string(),
  phone: z.string(),
  city: z.string(),
  country: z.string(),
  /** The steps saved so far, in order. */
  stepsDone: z.array(z.enum(MEMBER_ONBOARDING_STEPS)),
  /** The first step not saved yet, or null once all are. */
  nextStep: z.enum(MEMBER_ONBOARDING_STEPS).nullable(),
  completedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;
export const MemberProfileAnswerSchema = z.object({ profile: MemberProfileSchema });
export type MemberProfileAnswer = z.infer<typeof MemberProfileAnswerSchema>;

/** The socket push that the member's profile changed (in another tab, say): ask again. */
export type MemberProfileChangedEvent = { type: 'member_profile_changed' };
