import { test as base, expect, type Page } from '@playwright/test';
import type { Role } from '../../src/shared/roles';
import { apiLogin, DEMO_PASSWORD, demoAccount } from './accounts';

type LoginOptions = { via?: 'api' | 'ui'; path?: string };

export type Fixtures = {
  /** Signs a demo account in (through the form, or by storing an API token) and opens a page. */
  loginAs: (role: Role, options?: LoginOptions) => Promise<void>;
  /** Signs any account in by token and opens a page. */
  loginWithToken: (token: string, path?: string) => Promise<void>;
};

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Stores a session token for the app's origin and opens a page signed in. The token goes in from a static file
 * of the origin, not from the sign-in page, so only the page asked for starts the app.
 */
export async function openSignedIn(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(path);
}

export const test = base.extend<Fixtures>({
  loginWithToken: async ({ page }, use) => {
    await use((token, path = '/') => openSignedIn(page, token, path));
  },
  loginAs: async ({ page, request, loginWithToken }, use) => {
    await use(async (role, { via = 'api', path = '/' } = {}) => {
      const account = demoAccount(role);
      if (via === 'ui') {
        await page.goto('/login');
        await signInThroughForm(page, account.email, DEMO_PASSWORD);
        await expect(page).not.toHaveURL(/\/login/);
        if (path !== '/') await page.goto(path);
        return;
      }
      const { token } = await apiLogin(request, account.email, DEMO_PASSWORD);
      await loginWithToken(token, path);
    });
  },
});

export { expect };
