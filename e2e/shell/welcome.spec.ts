import { registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, signInThroughForm, test } from '../support/fixtures';

test('a new patient is welcomed once: put away, it stays away after a reload and a new sign-in', async ({
  page,
  request,
}) => {
  const patient = await registerThrowaway(request, { firstName: 'Wren' });
  await page.goto('/login');
  await signInThroughForm(page, patient.email, patient.password);

  const welcome = page.getByRole('region', { name: 'Welcome, Wren' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('listitem').filter({ hasText: 'My Appointments' })).toBeVisible();
  expect(await seriousViolations(page), 'the dashboard with the welcome').toEqual([]);

  await welcome.getByRole('button', { name: 'Got it' }).focus();
  await page.keyboard.press('Enter');
  await expect(welcome).toBeHidden();
  const flag = await page.evaluate(
    (id) => window.localStorage.getItem(`welcomeShown_${id}`),
    patient.user.id,
  );
  expect(flag).toBe('true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Health Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
  await expect(welcome).toHaveCount(0);

  // Signing out removes this browser's flag (as specified); the account remembers instead.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect
    .poll(() => page.evaluate((id) => window.localStorage.getItem(`welcomeShown_${id}`), patient.user.id))
    .toBeNull();
  await signInThroughForm(page, patient.email, patient.password);
  await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
  await expect(welcome).toHaveCount(0);
});

test('a demo account is not welcomed: the demo opens on the screens as they are used', async ({
  page,
  loginAs,
}) => {
  await loginAs('staff');
  await expect(page.getByTestId('general-dashboard')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Welcome, / })).toHaveCount(0);
});
