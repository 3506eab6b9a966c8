import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Notification } from '../../src/shared/notifications';
import type { PatientConsent } from '../../src/shared/onboarding';
import type { PatientRecord } from '../../src/shared/patients';
import { apiLogin, DEMO_PASSWORD, demoAccount } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const step = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title });

/** Checks the step is on screen and clean, then saves it. */
async function saveStep(page: Page, title: string, label = 'Save and continue') {
  expect(await seriousViolations(page), title).toEqual([]);
  await page.getByRole('button', { name: label }).click();
}

test('a visitor completes onboarding, resuming after a reload, and the clinic has the intake', async ({
  page,
  request,
}) => {
  // Nine steps, a reload and an accessibility check on each: longer than one screen's journey.
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const firstName = 'Avery';
  const lastName = `Quinn${tag}`;
  const fullName = `${firstName} ${lastName}`;

  await page.goto('/patient-onboarding');
  await expect(step(page, 'Create your account')).toBeVisible();
  await expect(page.getByText('Step 1 of 9')).toBeVisible();
  // Nothing typed yet: the form says what is missing, next to each field.
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`onboarding-${tag}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Onboarding!2026');
  await page.getByLabel('Confirm password').fill('Onboarding!2026');
  await saveStep(page, 'Create your account', 'Create account and continue');

  await expect(step(page, 'Personal details')).toBeVisible();
  await expect(page.getByText('Step 2 of 9')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1986-07-21');
  await page.getByLabel('Sex').selectOption('female');
  await saveStep(page, 'Personal details');

  await expect(step(page, 'Contact and emergency contact')).toBeVisible();
  await page.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0100');
  await page.getByLabel('Address line 1').fill('4 Harbour Road');
  await page.getByLabel('City').fill('Portsmouth');
  await page.getByLabel('Postal code').fill('PO1 2AB');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByLabel('Emergency contact name').fill('Jordan Reyes');
  await page.getByLabel('Relationship').fill('Partner');
  await page.getByLabel('Emergency contact phone').fill('+44 20 7946 0101');
  await saveStep(page, 'Contact and emergency contact');
  await expect(step(page, 'Insurance')).toBeVisible();

  // Coming back later: the saved steps stay saved and the flow resumes where it stopped.
  await page.reload();
  await expect(step(page, 'Insurance')).toBeVisible();
  await expect(page.getByText('Step 4 of 9')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('City')).toHaveValue('Portsmouth');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(step(page, 'Insurance')).toBeVisible();
  await page.getByLabel('Insurance provider').fill('Harbour Health');
  await page.getByLabel('Policy number').fill(`HH-${tag}`);
  await saveStep(page, 'Insurance');

  await expect(step(page, 'Medical history')).toBeVisible();
  await page.getByLabel('Medical history').fill('Left knee arthroscopy in 2019');
  await saveStep(page, 'Medical history');
  await expect(step(page, 'Medications')).toBeVisible();
  await page.getByLabel('Medications').fill('Ibuprofen 200 mg as needed');
  await saveStep(page, 'Medications');
  await expect(step(page, 'Allergies')).toBeVisible();
  await page.getByLabel('Allergies').fill('Penicillin');
  await saveStep(page, 'Allergies');

  await expect(step(page, 'Recovery goals')).toBeVisible();
  await page.getByLabel('What brings you to the clinic?').fill('Knee pain when running');
  await page.getByLabel('Goal 1', { exact: true }).fill('Run 5 km without pain');
  await saveStep(page, 'Recovery goals');

  await expect(step(page, 'Consents')).toBeVisible();
  await expect(page.getByText('Step 9 of 9')).toBeVisible();
  const signatures = page.getByLabel('Type your full name to sign');
  await signatures.nth(0).fill('Someone Else');
  await signatures.nth(1).fill(fullName.toLowerCase());
  await page.getByRole('button', { name: 'Sign and finish' }).click();
  await expect(page.getByText(`Type your full name exactly as on your account: ${fullName}`)).toBeVisible();
  await signatures.nth(0).fill(fullName);
  await saveStep(page, 'Consents', 'Sign and finish');

  await expect(step(page, 'Onboarding complete')).toBeVisible();
  expect(await seriousViolations(page), 'done').toEqual([]);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Complete Onboarding (done)' })).toBeVisible();

  // The clinic's side: the record holds the intake, the consents their signatures, staff were told.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const { user } = await me.json();
  expect(user).toMatchObject({ role: 'patient', firstName, lastName });

  const staff = await apiLogin(request, demoAccount('staff').email, DEMO_PASSWORD);
  const asStaff = { headers: { authorization: `Bearer ${staff.token}` } };
  const record = (await (await request.get(`/api/patients/${user.id}`, asStaff)).json()) as PatientRecord;
  expect(record).toMatchObject({
    dateOfBirth: '1986-07-21',
    sex: 'Female',
    phone: '+44 20 7946 0100',
    city: 'Portsmouth',
    emergencyContactName: 'Jordan Reyes',
    insuranceProvider: 'Harbour Health',
    insurancePolicyNumber: `HH-${tag}`,
    medicalHistory: 'Left knee arthroscopy in 2019',
    medications: 'Ibuprofen 200 mg as needed',
    allergies: 'Penicillin',
  });
  const consents = (await (
    await request.get(`/api/patients/${user.id}/consents`, asStaff)
  ).json()) as PatientConsent[];
  expect(consents.map((consent) => [consent.kind, consent.signedName]).sort()).toEqual([
    ['privacy', fullName.toLowerCase()],
    ['treatment', fullName],
  ]);
  for (const consent of consents) expect(consent.ipAddress).toBeTruthy();

  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/notifications', asStaff)).json()) as Notification[];
      return list.find((notification) => notification.message.includes(fullName));
    })
    .toMatchObject({
      type: 'patient_registered',
      title: 'New patient registered',
      actionUrl: `/clients?patient=${user.id}`,
    });
});

test('a signed-in practitioner is told onboarding is for patients', async ({ page, loginAs }) => {
  await loginAs('practitioner', { path: '/patient-onboarding' });
  await expect(step(page, 'Onboarding is for patients')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
