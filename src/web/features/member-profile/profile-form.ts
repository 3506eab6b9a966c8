import { z } from 'zod';
import {
  InterestsStepSchema,
  MEMBER_INTERESTS,
  type MemberOnboardingStep,
  type MemberProfile,
  SUPPORT_WAYS,
  SupportStepSchema,
} from '../../../shared/member-profile';

/**
 * The profile as the forms hold it. The forms check only that something is chosen, in the contract's words;
 * phone, city and country are the server's to check, and its messages land on those fields.
 */
const ProfileValuesSchema = z.object({
  interests: z.array(z.enum(MEMBER_INTERESTS)),
  supportWays: z.array(z.enum(SUPPORT_WAYS)),
  newsletter: z.boolean(),
  eventAnnouncements: z.boolean(),
  phone: z.string(),
  city: z.string(),
  country: z.string(),
});
export type ProfileValues = z.infer<typeof ProfileValuesSchema>;

/** Each onboarding step checks its own choices and lets the others be. */
export const ONBOARDING_STEP_FORMS: Record<MemberOnboardingStep, z.ZodType<ProfileValues, ProfileValues>> = {
  interests: ProfileValuesSchema.extend(InterestsStepSchema.shape),
  support: ProfileValuesSchema.extend(SupportStepSchema.shape),
  contact: ProfileValuesSchema,
};

/** The whole profile, saved at once from /member/profile. */
export const ProfileFormSchema = ProfileValuesSchema.extend({
  ...InterestsStepSchema.shape,
  ...SupportStepSchema.shape,
  about: z.string(),
});

/** The fields a refused save may name. */
export const PROFILE_FIELDS = ['interests', 'supportWays', 'phone', 'city', 'country', 'about'] as const;

export const profileValuesOf = (profile: MemberProfile): ProfileValues => ({
  interests: profile.interests,
  supportWays: profile.supportWays,
  newsletter: profile.newsletter,
  eventAnnouncements: profile.eventAnnouncements,
  phone: profile.phone,
  city: profile.city,
  country: profile.country,
});
