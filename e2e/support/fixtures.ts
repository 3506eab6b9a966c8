import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { SocketChannel } from '../../src/shared/realtime';
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

type Watched = { __sockets?: WebSocket[]; __socketLog?: string[] };

/**
 * Keeps each page's sockets in view, so a journey can wait until a channel listens (the page draws from its
 * first answers, before its sockets are open, and a push sent before then is not seen), and say what they
 * went through (opened, closed with which code and reason, failed) when a reconnect it waits for never comes.
 */
export async function watchSockets(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const sockets: WebSocket[] = [];
    const log: string[] = [];
    Object.assign(window, { __sockets: sockets, __socketLog: log });
    window.WebSocket = class extends window.WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        sockets.push(this);
        const channel = new URL(this.url).searchParams.get('channel');
        const note = (line: string) =>
          log.push(`${new Date().toISOString().slice(11, 23)} ${channel} ${line}`);
        note('connecting');
        this.addEventListener('open', () => note('open'));
        this.addEventListener('error', () => note('error'));
        this.addEventListener('close', (event) => note(`close ${event.code} ${event.reason}`));
      }
    };
  });
}

/** Waits until the page's socket on `channel` is open; the server holds what comes while it checks the token. */
export async function listening(page: Page, channel: SocketChannel): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      ((window as Watched).__sockets ?? []).some(
        (socket) =>
          socket.readyState === WebSocket.OPEN && new URL(socket.url).searchParams.get('channel') === wanted,
      ),
    channel,
  );
}

/** What the page's sockets went through, one line each (watchSockets). */
export const socketLogOf = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as Watched).__socketLog ?? []).catch(() => []);

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    await watchSockets(context);
    await use(context);
  },
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
