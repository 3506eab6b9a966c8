import { DEMO_PASSWORD, demoAccount } from '../support/accounts';
import { expect, signInThroughForm, test } from '../support/fixtures';

for (const path of [
  '/',
  '/calendar',
  '/settings?tab=security',
  '/admin',
  '/admin/reports',
  '/member',
  '/store',
]) {
  test(`a visitor opening ${path} is sent to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });
}

test('after signing in, a visitor returns to where they were going', async ({ page }) => {
  await page.goto('/billing?invoice=42');
  await expect(page).toHaveURL('/login');
  await signInThroughForm(page, demoAccount('staff').email, DEMO_PASSWORD);
  await expect(page).toHaveURL('/billing?invoice=42');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
});

for (const role of ['patient', 'practitioner', 'staff', 'member'] as const) {
  test(`a ${role} sent to /admin lands on /`, async ({ page, loginAs }) => {
    await loginAs(role, { path: '/admin/transactions' });
    await expect(page).toHaveURL('/');
  });
}

for (const role of ['patient', 'practitioner', 'staff', 'admin'] as const) {
  test(`a ${role} sent to /member lands on /`, async ({ page, loginAs }) => {
    await loginAs(role, { path: '/member/quotes' });
    await expect(page).toHaveURL('/');
  });
}

test('an admin reaches every admin page', async ({ page, loginAs }) => {
  await loginAs('admin', { path: '/admin/printful' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print on Demand');
  await expect(page.getByRole('heading', { name: 'Connect Printful' })).toBeVisible();
});

test('a member reaches member pages', async ({ page, loginAs }) => {
  await loginAs('member', { path: '/member/events' });
  await expect(page).toHaveURL('/member/events');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
});

test('a member on /calendar sees the member dashboard', async ({ page, loginAs }) => {
  await loginAs('member', { path: '/calendar' });
  await expect(page).toHaveURL('/calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member Dashboard');
});

for (const path of ['/reports', '/clients']) {
  test(`a patient on ${path} sees the patient dashboard`, async ({ page, loginAs }) => {
    await loginAs('patient', { path });
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Health Overview');
  });
}

test('staff see the reports screen itself', async ({ page, loginAs }) => {
  await loginAs('staff', { path: '/reports' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
});
