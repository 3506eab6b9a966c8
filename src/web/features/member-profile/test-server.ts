import type { z } from 'zod';
import {
  ContactStepSchema,
  InterestsStepSchema,
  MEMBER_ONBOARDING_STEPS,
  MEMBER_PROFILE_ERRORS,
  type MemberOnboardingStep,
  type MemberProfile,
  SupportStepSchema,
  UpdateMemberProfileInputSchema,
} from '../../../shared/member-profile';

type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

export function emptyProfile(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    interests: [],
    supportWays: [],
    newsletter: false,
    eventAnnouncements: false,
    about: '',
    phone: '',
    city: '',
    country: '',
    stepsDone: [],
    nextStep: 'interests',
    completedAt: null,
    updatedAt: null,
    ...overrides,
  };
}

const STEP_SCHEMAS = {
  interests: InterestsStepSchema,
  support: SupportStepSchema,
  contact: ContactStepSchema,
};

/** The member profile calls, answered in memory as the server does. */
export function fakeMemberProfileServer(initial: MemberProfile = emptyProfile()) {
  const state = { profile: { ...initial } };
  const calls: Call[] = [];
  const saved = (steps: readonly MemberOnboardingStep[], changes: Partial<MemberProfile>) => {
    const stepsDone = MEMBER_ONBOARDING_STEPS.filter(
      (step) => state.profile.stepsDone.includes(step) || steps.includes(step),
    );
    state.profile = {
      ...state.profile,
      ...changes,
      stepsDone,
      nextStep: MEMBER_ONBOARDING_STEPS.find((step) => !stepsDone.includes(step)) ?? null,
      updatedAt: new Date().toISOString(),
    };
    return json({ profile: state.profile });
  };

  const handle = (call: Call): Response | undefined => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (!path.startsWith('/api/member/')) return undefined;
    calls.push(call);
    if (call.method === 'GET' && path === '/api/member/profile') return json({ profile: state.profile });
    if (call.method === 'PUT' && path === '/api/member/profile') {
      const input = UpdateMemberProfileInputSchema.safeParse(call.body);
      return input.success ? saved(MEMBER_ONBOARDING_STEPS, input.data) : invalid(input.error);
    }
    const step = /^\/api\/member\/onboarding\/(interests|support|contact)$/.exec(path)?.[1] as
      | MemberOnboardingStep
      | undefined;
    if (call.method === 'PUT' && step) {
      const input = STEP_SCHEMAS[step].safeParse(call.body);
      return input.success ? saved([step], input.data) : invalid(input.error);
    }
    if (call.method === 'POST' && path === '/api/member/onboarding/finish') {
      if (state.profile.nextStep) return json({ message: MEMBER_PROFILE_ERRORS.stepsLeft }, 409);
      state.profile.completedAt ??= new Date().toISOString();
      return json({ profile: state.profile });
    }
    return json({ message: 'Not found' }, 404);
  };
  return { state, calls, handle };
}
