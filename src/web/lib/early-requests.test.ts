import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDING_MESSAGES } from '../../shared/messages';
import { jsonResponse } from '../test/fixtures';
import { api, setSessionEndedHandler } from './api-client';
import { EARLY_ANSWER_FRESH_MS } from './early-requests';

// The test runs from the project's root, as every suite here does.
const earlyStart = readFileSync(join(process.cwd(), 'src/web/public/early-start.js'), 'utf8');

/** Runs public/early-start.js as the page would, at this path, from a tag carrying these data attributes. */
function runEarlyStart(path: string, data: { shell?: string; dashboard?: string } = {}) {
  window.history.replaceState(null, '', path);
  const tag = document.createElement('script');
  Object.assign(tag.dataset, data);
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  try {
    new Function(earlyStart)();
  } finally {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  }
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );
const calledPaths = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([path]) => path);

const SHELL = '/assets/app-shell-1.js /assets/icons-2.js';
const DASHBOARD = '/assets/dashboard-screen-3.js';
const onSessionEnded = vi.fn();

beforeEach(() => setSessionEndedHandler(onSessionEnded));
afterEach(() => {
  delete window.__clinicEarlyRequests;
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  window.history.replaceState(null, '', '/');
  setSessionEndedHandler(null);
  onSessionEnded.mockReset();
});

describe('the early start of a signed-in page', () => {
  it('does nothing for a visitor without a token', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runEarlyStart('/', { shell: SHELL, dashboard: DASHBOARD });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
    expect(window.__clinicEarlyRequests).toBeUndefined();
  });

  it('at / preloads the shell and the dashboard and asks for the session and the figures with the token', () => {
    window.localStorage.setItem('token', 'secret-token');
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    runEarlyStart('/', { shell: SHELL, dashboard: DASHBOARD });
    expect(preloads()).toEqual([
      '/assets/app-shell-1.js',
      '/assets/icons-2.js',
      '/assets/dashboard-screen-3.js',
    ]);
    expect(calledPaths(fetchMock)).toEqual(['/api/auth/me', '/api/dashboard']);
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
    expect(window.__clinicEarlyRequests?.token).toBe('secret-token');
  });

  it('elsewhere preloads only the shell and asks only for the session', () => {
    window.localStorage.setItem('token', 'secret-token');
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    runEarlyStart('/messages', { shell: SHELL, dashboard: DASHBOARD });
    expect(preloads()).toEqual(['/assets/app-shell-1.js', '/assets/icons-2.js']);
    expect(calledPaths(fetchMock)).toEqual(['/api/auth/me']);
  });
});

describe('the app taking an early answer', () => {
  beforeEach(() => window.localStorage.setItem('token', 'secret-token'));

  /** The early script run with a fetch answering `early`, then the app's own fetch answering `later`. */
  function startEarly(early: () => Promise<Response>, later: () => Promise<Response>) {
    vi.stubGlobal('fetch', vi.fn(early));
    runEarlyStart('/');
    const appFetch = vi.fn(later);
    vi.stubGlobal('fetch', appFetch);
    return appFetch;
  }

  it('uses the early answer for the first call of its path only, and fetches after that', async () => {
    const appFetch = startEarly(
      async () => jsonResponse({ from: 'early' }),
      async () => jsonResponse({ from: 'app' }),
    );
    await expect(api.get('/api/auth/me')).resolves.toEqual({ from: 'early' });
    await expect(api.get('/api/auth/me')).resolves.toEqual({ from: 'app' });
    await expect(api.get('/api/dashboard')).resolves.toEqual({ from: 'early' });
    await expect(api.get('/api/notifications/unread-count')).resolves.toEqual({ from: 'app' });
    expect(calledPaths(appFetch)).toEqual(['/api/auth/me', '/api/notifications/unread-count']);
  });

  it('does not use an answer asked with another token, or one too old', async () => {
    const appFetch = startEarly(
      async () => jsonResponse({ from: 'early' }),
      async () => jsonResponse({ from: 'app' }),
    );
    window.localStorage.setItem('token', 'another-token');
    await expect(api.get('/api/auth/me')).resolves.toEqual({ from: 'app' });
    window.localStorage.setItem('token', 'secret-token');
    window.__clinicEarlyRequests!.startedAt -= EARLY_ANSWER_FRESH_MS + 1;
    await expect(api.get('/api/dashboard')).resolves.toEqual({ from: 'app' });
    expect(calledPaths(appFetch)).toEqual(['/api/auth/me', '/api/dashboard']);
  });

  it('asks again itself when the early call failed on the network', async () => {
    const appFetch = startEarly(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => jsonResponse({ from: 'app' }),
    );
    await expect(api.get('/api/auth/me')).resolves.toEqual({ from: 'app' });
    expect(calledPaths(appFetch)).toEqual(['/api/auth/me']);
  });

  it('ends the session on an early 401 as it would on its own', async () => {
    startEarly(
      async () => jsonResponse({ message: SESSION_ENDING_MESSAGES[0] }, 401),
      async () => jsonResponse({}),
    );
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });
});
