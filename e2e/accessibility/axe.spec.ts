import type { Page } from '@playwright/test';
import type { Role } from '../../src/shared/roles';
import { registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoLogin, sendMessage } from '../support/live';
import { openInApp } from '../support/route-tour';

const PUBLIC_PAGES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=example',
  '/patient-onboarding',
  '/book/demo-practitioner',
  '/dummy-booking',
  '/booking-demo',
  '/no-such-page',
];

const SIGNED_IN_PAGES: Record<Role, string[]> = {
  admin: [
    '/',
    '/patient-portal',
    '/clients',
    '/patients',
    '/calendar',
    '/appointments',
    '/recovery-notes',
    '/recovery-notes/1',
    '/billing',
    '/messages',
    '/reports',
    '/settings?tab=profile',
    '/settings?tab=security',
    '/settings?tab=notifications',
    '/settings?tab=appearance',
    '/store',
    '/checkout',
    '/checkout/success',
    '/product/1',
    '/orders',
    '/member/orders',
    '/admin',
    '/admin/staff',
    '/admin/transactions',
    '/admin/donations',
    '/admin/reports',
    '/admin/orders',
    '/admin/printful',
    '/admin/events',
    '/admin/quotes',
    '/admin/activity',
    '/admin/public-bookings',
  ],
  practitioner: ['/', '/practitioner/public-bookings', '/calendar', '/exercises'],
  staff: ['/', '/reports', '/exercises'],
  patient: ['/', '/reports', '/settings?tab=appearance', '/check-ins'],
  member: [
    '/',
    '/member',
    '/member/events',
    '/member/product',
    '/member/profile',
    '/member/quotes',
    '/member/donate',
    '/store',
  ],
};

const PAGES_PER_TEST = 6;

async function expectAccessible(page: Page, path: string) {
  await openInApp(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Loading');
  expect(await seriousViolations(page), `axe findings on ${path}`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('public pages have no serious accessibility findings', async ({ page }) => {
      test.setTimeout(180_000);
      for (const path of PUBLIC_PAGES) await expectAccessible(page, path);
    });

    // A role's pages in groups of a few, so that each test stays well inside its time however many screens
    // a role reaches (the admin's grow with every feature).
    for (const role of Object.keys(SIGNED_IN_PAGES) as Role[]) {
      const pages = SIGNED_IN_PAGES[role];
      for (let first = 0; first < pages.length; first += PAGES_PER_TEST) {
        const group = pages.slice(first, first + PAGES_PER_TEST);
        const which = pages.length > PAGES_PER_TEST ? ` (${group[0]} to ${group[group.length - 1]})` : '';
        test(`${role} pages have no serious accessibility findings${which}`, async ({ page, loginAs }) => {
          test.setTimeout(180_000);
          await loginAs(role);
          const html = page.locator('html');
          if (colorScheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
          else await expect(html).not.toHaveClass(/\bdark\b/);
          for (const path of group) await expectAccessible(page, path);
        });
      }
    }

    test('open menus and dialogs have no serious accessibility findings', async ({ page, loginAs }) => {
      await loginAs('admin');
      await page.getByRole('button', { name: 'Account menu for Alex Kim' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await seriousViolations(page), 'user menu').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'New' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await seriousViolations(page), 'new menu').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Donate' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page), 'donate dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open notifications' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page), 'notifications').toEqual([]);
    });

    test('an open conversation, the compose dialog and a full notification drawer have no serious findings', async ({
      page,
      request,
      loginWithToken,
    }) => {
      const patient = await registerThrowaway(request, { firstName: 'Ada' });
      const staff = await demoLogin(request, 'staff');
      await sendMessage(
        request,
        staff.token,
        patient.user.id,
        'Welcome to the clinic.\nReply here any time.',
      );
      await loginWithToken(patient.token, `/messages?with=${staff.user.id}`);
      await expect(page.getByRole('log').getByText(/Welcome to the clinic/)).toBeVisible();
      const composer = page.getByLabel('Message to Sam Ortiz');
      await composer.fill('Thank you!');
      await composer.press('Enter');
      await expect(page.getByRole('log').getByText('Thank you!')).toBeVisible();
      expect(await seriousViolations(page), 'open conversation').toEqual([]);
      await page.getByRole('button', { name: 'New message' }).click();
      await expect(
        page.getByRole('dialog', { name: 'New message' }).getByRole('listitem').first(),
      ).toBeVisible();
      expect(await seriousViolations(page), 'new message dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Open notifications/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(1);
      expect(await seriousViolations(page), 'notification drawer').toEqual([]);
    });
  });
}

test.describe('high contrast', () => {
  test.use({ contrast: 'more' });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`signed-in pages have no serious findings in ${colorScheme} high contrast`, async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme, contrast: 'more' });
      await loginAs('staff');
      await expect(page.locator('html')).toHaveClass(/\bhigh-contrast\b/);
      for (const path of ['/', '/settings?tab=appearance', '/settings?tab=security'])
        await expectAccessible(page, path);
    });
  }
});

test('keyboard users can skip to the main content', async ({ page, loginAs }) => {
  await loginAs('staff');
  // The shell, not the frame shown while the session is checked (which holds nothing to focus).
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
