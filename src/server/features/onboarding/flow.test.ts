import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingState } from '../../../shared/onboarding';
import { activityLog, patientConsents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { getOnboardingProgress } from './service';
import { asToken, completeAll, saveStep, startAsVisitor, validSteps } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const state = async (token: string) =>
  (await t.app.inject(asToken(token, { method: 'GET', url: '/api/onboarding' }))).json<OnboardingState>();

describe('the account step', () => {
  it('makes a signed-in patient, like registration does', async () => {
    const { token, user } = await startAsVisitor(t, { firstName: 'Avery', lastName: 'Quinn' });
    expect(user).toMatchObject({ role: 'patient', firstName: 'Avery', lastName: 'Quinn', isActive: true });
    const me = await t.app.inject(asToken(token, { method: 'GET', url: '/api/auth/me' }));
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
    expect(await state(token)).toMatchObject({
      completedSteps: 1,
      totalSteps: 9,
      complete: false,
      nextStep: 'personal',
      fullName: 'Avery Quinn',
    });
  });

  it('refuses an email that already has an account, on the email field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/account',
      payload: { firstName: 'A', lastName: 'B', email: 'patient@demo.clinic', password: 'correct-horse-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: 'An account with this email already exists' });
  });

  it('answers field messages for bad account details', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/account',
      payload: { firstName: ' ', lastName: 'B', email: 'not-an-email', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      firstName: 'First name is required',
      email: 'Enter a valid email address',
      password: expect.stringContaining('at least'),
    });
  });
});

describe('saving and resuming', () => {
  it('keeps each step, fills the forms in again and points at the next step', async () => {
    const { token, user } = await startAsVisitor(t);
    const steps = validSteps('Avery Quinn');
    expect((await saveStep(t, token, { step: 'personal', payload: steps.personal })).statusCode).toBe(200);
    expect((await saveStep(t, token, { step: 'contact', payload: steps.contact })).statusCode).toBe(200);
    const resumed = await state(token);
    expect(resumed).toMatchObject({ completedSteps: 3, nextStep: 'insurance', complete: false });
    expect(resumed.steps.filter((step) => step.done).map((step) => step.step)).toEqual([
      'account',
      'personal',
      'contact',
    ]);
    expect(resumed.data.personal).toEqual({ dateOfBirth: '1985-04-12', sex: 'female', gender: 'Woman' });
    expect(resumed.data.contact).toMatchObject({ city: 'Portsmouth', addressLine2: null });
    expect(await getOnboardingProgress(t.database.db, user.id)).toEqual({
      completedSteps: 3,
      totalSteps: 9,
      complete: false,
      nextStep: 'insurance',
    });
    // Saving a step again replaces it and does not count it twice.
    await saveStep(t, token, { step: 'personal', payload: { ...steps.personal, gender: '' } });
    expect((await state(token)).data.personal.gender).toBeNull();
    expect((await state(token)).completedSteps).toBe(3);
  });

  it('stores the clinical answers in the patient record and the goals with the onboarding', async () => {
    const { token, user } = await startAsVisitor(t, { firstName: 'Mina', lastName: 'Osei' });
    const final = await completeAll(t, token, 'Mina Osei');
    expect(final).toMatchObject({ complete: true, completedSteps: 9, nextStep: null });
    expect(final.data.goals).toEqual({
      mainConcern: 'Knee pain when running',
      goals: ['Run 5 km without pain', 'Climb stairs'],
    });
    const record = await t.injectAs('staff', { method: 'GET', url: `/api/patients/${user.id}` });
    expect(record.json()).toMatchObject({
      dateOfBirth: '1985-04-12',
      sex: 'Female',
      phone: '+1 555 010 2000',
      emergencyContactName: 'Jordan Reyes',
      insuranceProvider: 'Harbour Health',
      medicalHistory: 'Left knee arthroscopy in 2019',
      medications: 'Ibuprofen 200 mg as needed',
      allergies: 'Penicillin',
    });
    expect(await getOnboardingProgress(t.database.db, user.id)).toEqual({
      completedSteps: 9,
      totalSteps: 9,
      complete: true,
      nextStep: null,
    });
  });

  it('refuses to complete before every step is saved', async () => {
    const { token } = await startAsVisitor(t);
    await saveStep(t, token, { step: 'personal', payload: validSteps('Avery Quinn').personal });
    const response = await t.app.inject(asToken(token, { method: 'POST', url: '/api/onboarding/complete' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Contact and emergency contact');
  });
});

describe('consents', () => {
  it('refuses a typed name that is not the account holder’s, and stores nothing', async () => {
    const { token, user } = await startAsVisitor(t, { firstName: 'Lee', lastName: 'Park' });
    const response = await saveStep(t, token, {
      step: 'consents',
      payload: {
        treatmentSignature: 'Lee Parker',
        privacySignature: 'lee park',
        communicationSignature: 'Someone Else',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      treatmentSignature: 'Type your full name exactly as on your account: Lee Park',
      communicationSignature: 'Type your full name exactly as on your account: Lee Park',
    });
    const rows = await t.database.db
      .select()
      .from(patientConsents)
      .where(eq(patientConsents.patientId, user.id));
    expect(rows).toEqual([]);
  });

  it('keeps the typed name, the time, the address and the browser of each signature', async () => {
    const { token, user } = await startAsVisitor(t, { firstName: 'Lee', lastName: 'Park' });
    const response = await t.app.inject(
      asToken(token, {
        method: 'PUT',
        url: '/api/onboarding/steps/consents',
        payload: {
          treatmentSignature: 'lee  park',
          privacySignature: 'LEE PARK',
          communicationSignature: 'Lee Park',
        },
        headers: { 'user-agent': 'ConsentTest/1.0' },
      }),
    );
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(patientConsents)
      .where(eq(patientConsents.patientId, user.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(['communication', 'privacy', 'treatment']);
    for (const row of rows) {
      expect(row.ipAddress).toBe('127.0.0.1');
      expect(row.userAgent).toBe('ConsentTest/1.0');
      expect(Date.now() - row.signedAt.getTime()).toBeLessThan(60_000);
    }
    expect(rows.find((row) => row.kind === 'privacy')?.signedName).toBe('LEE PARK');
    const consents = await t.injectAs('staff', { method: 'GET', url: `/api/patients/${user.id}/consents` });
    expect(consents.statusCode).toBe(200);
    expect(consents.json()).toHaveLength(3);
    expect(consents.json()[0]).toEqual({
      id: expect.any(String),
      kind: expect.any(String),
      title: expect.any(String),
      signedName: expect.any(String),
      signedAt: expect.any(String),
      ipAddress: '127.0.0.1',
    });
  });
});

describe('signing again', () => {
  it('keeps every signature, and the consents in force are those of the latest signing', async () => {
    const { token, user } = await startAsVisitor(t, { firstName: 'Lee', lastName: 'Park' });
    const all = {
      treatmentSignature: 'Lee Park',
      privacySignature: 'Lee Park',
      communicationSignature: 'Lee Park',
    };
    expect((await saveStep(t, token, { step: 'consents', payload: all })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const declined = { ...all, communicationSignature: '' };
    expect((await saveStep(t, token, { step: 'consents', payload: declined })).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(patientConsents)
      .where(eq(patientConsents.patientId, user.id));
    expect(rows).toHaveLength(5);
    const consents = await t.injectAs('staff', { method: 'GET', url: `/api/patients/${user.id}/consents` });
    expect(consents.json().map((consent: { kind: string }) => consent.kind)).toEqual([
      'privacy',
      'treatment',
    ]);
    expect((await state(token)).data.consents).toHaveLength(2);
  });
});

describe('the activity log', () => {
  it('records each read and write of the intake with the step name only', async () => {
    const { token, user } = await startAsVisitor(t);
    await completeAll(t, token, 'Avery Quinn');
    await state(token);
    const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, user.id));
    const actions = entries.filter((entry) => entry.entityType === 'patient').map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'onboarding.started',
        'onboarding.step-saved',
        'onboarding.completed',
        'onboarding.viewed',
      ]),
    );
    expect(actions.filter((action) => action === 'onboarding.step-saved')).toHaveLength(8);
    expect(JSON.stringify(entries)).not.toContain('Penicillin');
    expect(JSON.stringify(entries)).not.toContain('Knee');
  });
});
