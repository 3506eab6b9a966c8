import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeStep } from '../../../shared/onboarding';
import { createTestApp, type TestApp } from '../../test/app';
import { saveStep, startAsVisitor, validSteps } from './testing';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await startAsVisitor(t, { firstName: 'Avery', lastName: 'Quinn' }));
});
afterAll(() => t.close());

const valid = validSteps('Avery Quinn');
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/** Per step: a bad body, and the field messages it must answer with. */
const CASES: Array<[IntakeStep, string, Record<string, unknown>, Record<string, string>]> = [
  ['personal', 'missing', {}, { dateOfBirth: 'Date of birth is required', sex: 'Choose one of the options' }],
  [
    'personal',
    'a future, unreal or unknown value',
    { dateOfBirth: tomorrow, sex: 'robot', gender: 'x'.repeat(101) },
    {
      dateOfBirth: 'Date of birth cannot be in the future',
      sex: 'Choose one of the options',
      gender: 'Gender must be at most 100 characters',
    },
  ],
  [
    'personal',
    'an impossible date',
    { dateOfBirth: '1990-02-31', sex: 'male' },
    { dateOfBirth: 'Date of birth must be a real date' },
  ],
  [
    'contact',
    'missing',
    {},
    {
      phone: expect.any(String) as unknown as string,
      addressLine1: 'Address line 1 is required',
      city: 'City is required',
      postalCode: 'Postal code is required',
      country: 'Country is required',
      emergencyContactName: 'Emergency contact name is required',
      emergencyContactRelationship: 'Relationship is required',
      emergencyContactPhone: expect.any(String) as unknown as string,
    },
  ],
  [
    'contact',
    'bad phones',
    { ...valid.contact, phone: 'call me', emergencyContactPhone: '12' },
    {
      phone: 'Phone may contain digits, spaces and + ( ) - . only',
      emergencyContactPhone: 'Enter a valid emergency contact phone',
    },
  ],
  [
    'insurance',
    'an insurer without a policy',
    { insuranceProvider: 'Harbour Health' },
    { insurancePolicyNumber: 'Policy number is required when you name an insurer' },
  ],
  [
    'insurance',
    'a policy without an insurer',
    { insurancePolicyNumber: 'HH-1' },
    { insuranceProvider: 'Name the insurer of this policy' },
  ],
  [
    'medical-history',
    'empty',
    { medicalHistory: '  ' },
    { medicalHistory: "Medical history is required; write 'None' if there is nothing to tell" },
  ],
  [
    'medications',
    'too long',
    { medications: 'x'.repeat(5001) },
    { medications: 'Medications must be at most 5000 characters' },
  ],
  ['allergies', 'missing', {}, { allergies: 'Allergies is required' }],
  [
    'goals',
    'no goal',
    { mainConcern: '', goals: ['', ''] },
    { mainConcern: 'What brings you to the clinic is required', goals: 'Name at least one recovery goal' },
  ],
  [
    'goals',
    'too many goals',
    { mainConcern: 'Back', goals: ['a', 'b', 'c', 'd'] },
    { goals: 'At most 3 goals' },
  ],
  [
    'consents',
    'unsigned',
    { treatmentSignature: '', privacySignature: '' },
    {
      treatmentSignature: 'Signature for the treatment consent is required',
      privacySignature: 'Signature for the privacy notice is required',
    },
  ],
  [
    'consents',
    'unknown fields',
    { ...valid.consents, isAdmin: true },
    { _: expect.any(String) as unknown as string },
  ],
];

describe('each step is validated by its shared schema', () => {
  it.each(CASES)('%s: %s answers 400 with field messages', async (step, _label, payload, fields) => {
    const response = await saveStep(t, token, { step, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual(fields);
    expect(response.json().message).toMatch(/^Invalid request|Type your full name/);
  });

  it('answers 400 for a step that does not exist, and for a body that is not an object', async () => {
    expect((await saveStep(t, token, { step: 'account' as IntakeStep, payload: {} })).statusCode).toBe(400);
    expect((await saveStep(t, token, { step: 'nope' as IntakeStep, payload: {} })).statusCode).toBe(400);
    const array = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/steps/personal',
      headers: { authorization: `Bearer ${token}` },
      payload: [1, 2],
    });
    expect(array.statusCode).toBe(400);
  });

  it('saves nothing from a refused step', async () => {
    await saveStep(t, token, { step: 'allergies', payload: {} });
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(state.json().steps.find((step: { step: string }) => step.step === 'allergies').done).toBe(false);
  });
});
