import type { InjectOptions } from 'fastify';
import type { AuthResponse } from '../../../shared/auth';
import type { IntakeStep, OnboardingState } from '../../../shared/onboarding';
import { bearer, type TestApp } from '../../test/app';

/** Answers for every intake step that pass validation; the consents carry the given full name. */
export function validSteps(fullName: string): Record<IntakeStep, Record<string, unknown>> {
  return {
    personal: { dateOfBirth: '1985-04-12', sex: 'female', gender: 'Woman' },
    contact: {
      phone: '+1 555 010 2000',
      addressLine1: '12 Harbour Road',
      addressLine2: '',
      city: 'Portsmouth',
      region: 'Hampshire',
      postalCode: 'PO1 2AB',
      country: 'United Kingdom',
      emergencyContactName: 'Jordan Reyes',
      emergencyContactRelationship: 'Partner',
      emergencyContactPhone: '+1 555 010 3000',
    },
    insurance: {
      insuranceProvider: 'Harbour Health',
      insurancePolicyNumber: 'HH-1234',
      insuranceGroupNumber: '',
    },
    'medical-history': { medicalHistory: 'Left knee arthroscopy in 2019' },
    medications: { medications: 'Ibuprofen 200 mg as needed' },
    allergies: { allergies: 'Penicillin' },
    goals: { mainConcern: 'Knee pain when running', goals: ['Run 5 km without pain', '', 'Climb stairs'] },
    consents: {
      treatmentSignature: fullName,
      privacySignature: fullName.toUpperCase(),
      communicationSignature: '',
    },
  };
}

let counter = 0;
/** A visitor makes a patient account through the onboarding's first step. */
export async function startAsVisitor(t: TestApp, names = { firstName: 'Avery', lastName: 'Quinn' }) {
  counter += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/account',
    payload: {
      ...names,
      email: `onboarding-${counter}-${Date.now()}@example.test`,
      password: 'correct-horse-1',
    },
  });
  if (response.statusCode !== 201) throw new Error(`account step failed: ${response.body}`);
  return response.json<AuthResponse>();
}

export const asToken = (token: string, request: InjectOptions) =>
  ({ ...request, headers: { ...(request.headers ?? {}), ...bearer(token) } }) as InjectOptions;

export async function saveStep(
  t: TestApp,
  token: string,
  { step, payload }: { step: IntakeStep; payload: Record<string, unknown> },
) {
  return t.app.inject(asToken(token, { method: 'PUT', url: `/api/onboarding/steps/${step}`, payload }));
}

/** Saves every step with valid answers and completes the intake; returns the final state. */
export async function completeAll(t: TestApp, token: string, fullName: string) {
  for (const [step, payload] of Object.entries(validSteps(fullName))) {
    const response = await saveStep(t, token, { step: step as IntakeStep, payload });
    if (response.statusCode !== 200) throw new Error(`step ${step} failed: ${response.body}`);
  }
  const done = await t.app.inject(asToken(token, { method: 'POST', url: '/api/onboarding/complete' }));
  if (done.statusCode !== 200) throw new Error(`completion failed: ${done.body}`);
  return done.json<OnboardingState>();
}
