import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OnboardingState } from '../../../shared/onboarding';
import type { Role } from '../../../shared/vocabulary/roles';
import { fakeOnboardingServer, onboardingState } from '../../test/fake-onboarding-server';
import { renderApp } from '../../test/render-app';

function open(options: { role?: Role; state?: OnboardingState; takenEmail?: string; path?: string } = {}) {
  const server = fakeOnboardingServer({ state: options.state, takenEmail: options.takenEmail });
  const view = renderApp({
    path: options.path ?? '/patient-onboarding',
    role: options.role,
    handle: server.handle,
  });
  return { server, ...view };
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 10_000 });
const currentStep = () =>
  screen.getByRole('navigation', { name: 'Onboarding steps' }).querySelector('[aria-current="step"]');
const writes = (server: ReturnType<typeof fakeOnboardingServer>) =>
  server.calls.filter((call) => call.method !== 'GET');

/** The error under a field, found through the field's aria-describedby. */
function errorOf(field: HTMLElement) {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
}

const contact = {
  phone: '+44 20 7946 0000',
  addressLine1: '1 Harbour Road',
  addressLine2: null,
  city: 'Portsmouth',
  region: null,
  postalCode: 'PO1 2AB',
  country: 'United Kingdom',
  emergencyContactName: 'Jordan Reyes',
  emergencyContactRelationship: 'Partner',
  emergencyContactPhone: '+44 20 7946 0001',
};

describe('onboarding for a visitor', () => {
  it('starts with the account step and signs the new patient in, then goes on to step 2', async () => {
    const user = userEvent.setup();
    const { server } = open();
    await stepHeading('Create your account');
    expect(screen.getByText('Step 1 of 9')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Create your account');

    await user.click(screen.getByRole('button', { name: 'Create account and continue' }));
    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(firstName)).toContain('First name is required');
    expect(errorOf(screen.getByLabelText('Email'))).toContain('Enter a valid email address');
    expect(writes(server)).toEqual([]);

    await user.type(firstName, 'Avery');
    await user.type(screen.getByLabelText('Last name'), 'Quinn');
    await user.type(screen.getByLabelText('Email'), 'avery@example.test');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Create account and continue' }));

    await stepHeading('Personal details');
    expect(screen.getByText('Step 2 of 9')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Personal details');
    expect(writes(server)[0]).toMatchObject({
      url: '/api/onboarding/account',
      body: {
        firstName: 'Avery',
        lastName: 'Quinn',
        email: 'avery@example.test',
        password: 'correct-horse-1',
      },
    });
  });

  it('puts the server’s message about a taken email on the email field', async () => {
    const user = userEvent.setup();
    open({ takenEmail: 'taken@example.test' });
    await stepHeading('Create your account');
    await user.type(screen.getByLabelText('First name'), 'Avery');
    await user.type(screen.getByLabelText('Last name'), 'Quinn');
    await user.type(screen.getByLabelText('Email'), 'taken@example.test');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('Email'))).toContain('An account with this email already exists'),
    );
  });
});

describe('onboarding for a signed-in patient', () => {
  it('resumes at the first unfinished step, and Back shows the saved answers', async () => {
    const user = userEvent.setup();
    open({
      role: 'patient',
      state: onboardingState(['personal', 'contact'], {
        personal: { dateOfBirth: '1985-04-12', sex: 'female', gender: null },
        contact,
      }),
    });
    await stepHeading('Insurance');
    expect(screen.getByText('Step 4 of 9')).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Onboarding steps' })).getAllByRole(
      'listitem',
    );
    expect(steps[1]).toHaveTextContent('Personal details (done)');
    expect(steps[3]).toHaveAttribute('aria-current', 'step');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Contact and emergency contact');
    expect(screen.getByLabelText('City')).toHaveValue('Portsmouth');
    expect(screen.getByLabelText('Emergency contact name')).toHaveValue('Jordan Reyes');
  });

  it('checks a step in the browser before saving, then saves it (empty answers as null) and moves on', async () => {
    const user = userEvent.setup();
    const { server } = open({ role: 'patient', state: onboardingState(['personal', 'contact']) });
    await stepHeading('Insurance');
    await user.type(screen.getByLabelText('Insurance provider'), 'Harbour Health');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const policy = screen.getByLabelText('Policy number');
    expect(errorOf(policy)).toContain('Policy number is required when you name an insurer');
    expect(writes(server)).toEqual([]);

    await user.type(policy, 'HH-1');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await stepHeading('Medical history');
    expect(writes(server)).toEqual([
      {
        method: 'PUT',
        url: '/api/onboarding/steps/insurance',
        body: {
          insuranceProvider: 'Harbour Health',
          insurancePolicyNumber: 'HH-1',
          insuranceGroupNumber: null,
        },
      },
    ]);
  });

  it('refuses a signature that is not the patient’s name, then finishes and links to the dashboard', async () => {
    const user = userEvent.setup();
    const { server } = open({
      role: 'patient',
      state: onboardingState([
        'personal',
        'contact',
        'insurance',
        'medical-history',
        'medications',
        'allergies',
        'goals',
      ]),
    });
    await stepHeading('Consents');
    expect(screen.getByText('Step 9 of 9')).toBeInTheDocument();
    const [treatment, privacy] = screen.getAllByLabelText('Type your full name to sign');
    await user.type(treatment, 'Pat Morgans');
    await user.type(privacy, 'pat morgan');
    await user.click(screen.getByRole('button', { name: 'Sign and finish' }));
    expect(errorOf(treatment)).toContain('Type your full name exactly as on your account: Pat Morgan');
    expect(writes(server)).toEqual([]);

    await user.clear(treatment);
    await user.type(treatment, 'PAT MORGAN');
    await user.click(screen.getByRole('button', { name: 'Sign and finish' }));
    await stepHeading('Onboarding complete');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');
    expect(writes(server).map((call) => call.url)).toEqual([
      '/api/onboarding/steps/consents',
      '/api/onboarding/complete',
    ]);
  });

  it('shows the done screen to a patient who already finished, and lets them review', async () => {
    const user = userEvent.setup();
    open({ role: 'patient', state: { ...onboardingState([]), complete: true, nextStep: null } });
    await stepHeading('Onboarding complete');
    await user.click(screen.getByRole('button', { name: 'Review your details' }));
    await stepHeading('Personal details');
  });
});

describe('onboarding for other roles', () => {
  it('explains that it is for patients and asks the server nothing', async () => {
    const { server } = open({ role: 'practitioner' });
    await stepHeading('Onboarding is for patients');
    expect(screen.getByText(/signed in with a practitioner account/)).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });
});

describe('the sidebar entry', () => {
  it('shows the patient how many steps are done, then a tick once complete', async () => {
    open({ role: 'patient', path: '/settings', state: onboardingState(['personal', 'contact']) });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10_000 });
    expect(
      await within(nav).findByRole('link', { name: 'Complete Onboarding 3/9 steps done' }),
    ).toHaveAttribute('href', '/patient-onboarding');
  });

  it('shows done once onboarding is complete', async () => {
    open({ role: 'patient', path: '/settings', state: { ...onboardingState([]), complete: true } });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10_000 });
    expect(await within(nav).findByRole('link', { name: 'Complete Onboarding (done)' })).toBeInTheDocument();
  });
});
