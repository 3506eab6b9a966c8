import type { MeResponse } from '../../shared/auth';
import {
  CONSENT_KINDS,
  CONSENT_TEXTS,
  consentField,
  INTAKE_STEP_SCHEMAS,
  INTAKE_STEPS,
  type IntakeStep,
  nameMismatchMessage,
  ONBOARDING_STEP_TITLES,
  ONBOARDING_STEPS,
  type OnboardingState,
  signatureMatches,
} from '../../shared/onboarding';
import { jsonResponse, meFor } from './fixtures';

export type Call = { method: string; url: string; body: unknown };

/** A patient's onboarding with the given steps saved (and their answers), not yet complete. */
export function onboardingState(
  saved: IntakeStep[] = [],
  overrides: Partial<OnboardingState['data']> = {},
  fullName = 'Pat Morgan',
): OnboardingState {
  const state: OnboardingState = {
    completedSteps: 0,
    totalSteps: ONBOARDING_STEPS.length,
    complete: false,
    nextStep: null,
    steps: [],
    completedAt: null,
    fullName,
    data: {
      personal: { dateOfBirth: null, sex: null, gender: null },
      contact: {
        phone: null,
        addressLine1: null,
        addressLine2: null,
        city: null,
        region: null,
        postalCode: null,
        country: null,
        emergencyContactName: null,
        emergencyContactRelationship: null,
        emergencyContactPhone: null,
      },
      insurance: { insuranceProvider: null, insurancePolicyNumber: null, insuranceGroupNumber: null },
      medicalHistory: null,
      medications: null,
      allergies: null,
      goals: { mainConcern: null, goals: [] },
      consents: [],
      ...overrides,
    },
  };
  return withProgress(state, new Set(saved));
}

function withProgress(state: OnboardingState, saved: Set<IntakeStep>): OnboardingState {
  const done = ONBOARDING_STEPS.filter(
    (step) => state.complete || step === 'account' || saved.has(step as IntakeStep),
  );
  return {
    ...state,
    steps: ONBOARDING_STEPS.map((step) => ({
      step,
      title: ONBOARDING_STEP_TITLES[step],
      done: done.includes(step),
    })),
    completedSteps: done.length,
    nextStep: state.complete ? null : (ONBOARDING_STEPS.find((step) => !done.includes(step)) ?? 'consents'),
  };
}

const json = jsonResponse;

/**
 * Answers the onboarding calls like the server: the account step (signing the visitor in as a patient),
 * each step validated by its shared schema and kept, consents checked against the name, completion once
 * every step is saved. Records every call.
 */
export function fakeOnboardingServer(initial: { state?: OnboardingState; takenEmail?: string } = {}) {
  const calls: Call[] = [];
  let state = initial.state ?? onboardingState();
  const saved = new Set<IntakeStep>(
    state.steps.filter((step) => step.done && step.step !== 'account').map((step) => step.step as IntakeStep),
  );
  let me: MeResponse | null = null;

  const handle = ({ method, url, body }: Call): Response | undefined => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/auth/me' && me) return json(me);
    if (!pathname.startsWith('/api/onboarding')) return undefined;
    calls.push({ method, url, body });
    if (pathname === '/api/onboarding/account' && method === 'POST') {
      const input = body as { firstName: string; lastName: string; email: string };
      if (input.email === initial.takenEmail)
        return json(
          {
            message: 'An account with this email already exists',
            fields: { email: 'An account with this email already exists' },
          },
          400,
        );
      const patient = meFor('patient');
      me = {
        ...patient,
        user: { ...patient.user, firstName: input.firstName, lastName: input.lastName, email: input.email },
      };
      state = { ...state, fullName: `${input.firstName} ${input.lastName}` };
      return json({ token: 'token-new-patient', user: me.user }, 201);
    }
    if (pathname === '/api/onboarding' && method === 'GET') return json(state);
    if (pathname === '/api/onboarding/complete' && method === 'POST') {
      const missing = INTAKE_STEPS.filter((step) => !saved.has(step));
      if (missing.length > 0) return json({ message: `Finish every step first: ${missing.join(', ')}` }, 400);
      state = withProgress({ ...state, complete: true, completedAt: '2026-03-01T10:00:00.000Z' }, saved);
      return json(state);
    }
    const step = pathname.split('/')[4] as IntakeStep;
    if (method !== 'PUT' || !INTAKE_STEPS.includes(step)) return json({ message: 'Not found' }, 404);
    const parsed = INTAKE_STEP_SCHEMAS[step].safeParse(body);
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
      return json({ message: 'Invalid request', fields }, 400);
    }
    const values = parsed.data as Record<string, string>;
    if (step === 'consents') {
      const fields: Record<string, string> = {};
      for (const kind of CONSENT_KINDS) {
        const typed = values[consentField(kind)];
        if (typed && !signatureMatches(typed, state.fullName))
          fields[consentField(kind)] = nameMismatchMessage(state.fullName);
      }
      if (Object.keys(fields).length > 0)
        return json({ message: nameMismatchMessage(state.fullName), fields }, 400);
      state.data.consents = CONSENT_KINDS.filter((kind) => values[consentField(kind)]).map((kind, index) => ({
        id: `consent-${index}`,
        kind,
        title: CONSENT_TEXTS[kind].title,
        signedName: values[consentField(kind)],
        signedAt: '2026-03-01T10:00:00.000Z',
        ipAddress: '127.0.0.1',
      }));
    } else if (step === 'personal' || step === 'contact' || step === 'insurance') {
      state.data[step] = { ...state.data[step], ...values } as never;
    } else if (step === 'goals') {
      state.data.goals = parsed.data as OnboardingState['data']['goals'];
    } else {
      const field = {
        'medical-history': 'medicalHistory',
        medications: 'medications',
        allergies: 'allergies',
      }[step] as 'medicalHistory' | 'medications' | 'allergies';
      state.data[field] = values[field];
    }
    saved.add(step);
    state = withProgress(state, saved);
    return json(state);
  };

  return {
    handle,
    calls,
    get state() {
      return state;
    },
  };
}
