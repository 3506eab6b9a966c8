import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import { DEFAULT_PREFERENCES, type Preferences } from '../../shared/preferences';
import type { Role } from '../../shared/vocabulary/roles';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { jsonResponse, meFor } from './fixtures';

type Handler = (request: {
  method: string;
  url: string;
  body: unknown;
}) => Response | Promise<Response> | undefined;

type RenderAppOptions = {
  path: string;
  role?: Role;
  preferences?: Partial<Preferences>;
  /** Answers calls before the defaults (me, preferences); return undefined to fall through. */
  handle?: Handler;
};

/** Renders the real route table in memory, with fetch answered like the server would. */
export function renderApp({ path, role, preferences, handle }: RenderAppOptions) {
  if (role) window.localStorage.setItem(STORAGE_KEYS.token, `token-${role}`);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answered = await handle?.({ method, url, body });
    if (answered) return answered;
    if (url === '/api/auth/me' && role) return jsonResponse(meFor(role));
    // An account that has put the first-run welcome away, like the demo accounts, unless a test says otherwise.
    if (url === '/api/user-preferences')
      return jsonResponse({ ...DEFAULT_PREFERENCES, welcomed: true, ...preferences });
    if (url === '/api/auth/logout') return jsonResponse({ message: 'Logged out' });
    return jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, fetchMock };
}
