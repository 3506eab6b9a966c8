import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { User } from '../../src/shared/auth';
import type { Role } from '../../src/shared/roles';
import { apiLogin, DEMO_PASSWORD, demoAccount } from './accounts';
import { expect, openSignedIn, watchSockets } from './fixtures';

/** A second (or third) person at their own browser: a fresh context signed in by token, on baseURL's instance. */
export async function personAt(
  browser: Browser,
  token: string,
  path: string,
  baseURL?: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  await watchSockets(context);
  const page = await context.newPage();
  await openSignedIn(page, token, path);
  return { page, close: () => context.close() };
}

export async function demoLogin(
  request: APIRequestContext,
  role: Role,
): Promise<{ token: string; user: User }> {
  return apiLogin(request, demoAccount(role).email, DEMO_PASSWORD);
}

export async function sendMessage(
  request: APIRequestContext,
  token: string,
  recipientId: string,
  content: string,
): Promise<void> {
  const response = await request.post('/api/messages', {
    headers: { Authorization: `Bearer ${token}` },
    data: { recipientId, content },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The sonner toast on screen (one at a time). */
export const toastOn = (page: Page) => page.locator('[data-sonner-toast]');
