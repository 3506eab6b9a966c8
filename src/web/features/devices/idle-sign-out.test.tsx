import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { LAST_ACTIVITY_KEY } from './idle-sign-out';

const MINUTE = 60_000;
const WARNING = 'Are you still there?';

beforeEach(() =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  }),
);
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function signedIn(idleMinutes: number | null) {
  const activity: number[] = [];
  const view = renderApp({
    path: '/',
    role: 'staff',
    handle: ({ url, method }) => {
      if (url === '/api/auth/session-policy') return jsonResponse({ idleMinutes });
      if (url === '/api/auth/activity' && method === 'POST') {
        activity.push(Date.now());
        return jsonResponse({ message: 'Activity noted' });
      }
      return undefined;
    },
  });
  await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 5000 });
  // Opening the app counts as using it.
  if (idleMinutes !== null) await waitFor(() => expect(activity.length).toBe(1));
  return { ...view, activity };
}

const warning = () => screen.queryByRole('dialog', { name: WARNING });

describe('automatic sign-out', () => {
  it('warns a minute ahead with a countdown, and staying signed in reports activity', async () => {
    const { activity } = await signedIn(5);
    await advance(4 * MINUTE - 2_000);
    expect(warning()).not.toBeInTheDocument();
    await advance(3_000);
    const dialog = await screen.findByRole('dialog', { name: WARNING });
    expect(dialog).toHaveTextContent(/You will be signed out in (1:00|0:5\d) for inactivity/);
    await advance(30_000);
    expect(dialog).toHaveTextContent(/You will be signed out in 0:[23]\d for inactivity/);
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    await waitFor(() => expect(stay).toHaveFocus());
    act(() => stay.click());
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
    expect(activity).toHaveLength(2);
    expect(Number(window.localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(activity[1]);
  });

  it('signs out through the app’s own logout when the countdown ends', async () => {
    const { router, fetchMock } = await signedIn(5);
    await advance(5 * MINUTE + 1_000);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/logout' && init?.method === 'POST'),
      ).toBe(true),
    );
    await advance(2_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('counts activity in another tab of the same person', async () => {
    await signedIn(5);
    await advance(4 * MINUTE + 10_000);
    await screen.findByRole('dialog', { name: WARNING });
    const other = String(Date.now());
    window.localStorage.setItem(LAST_ACTIVITY_KEY, other);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY, newValue: other }));
    });
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
  });

  it('reports the person’s input at most once a minute', async () => {
    const { activity } = await signedIn(30);
    for (let i = 0; i < 5; i++) {
      act(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      });
      await advance(5_000);
    }
    expect(activity).toHaveLength(1);
    await advance(MINUTE);
    // The input held back is sent once the minute is up.
    await waitFor(() => expect(activity).toHaveLength(2));
  });

  it('does nothing when the clinic has no limit for the role', async () => {
    const { activity } = await signedIn(null);
    await advance(24 * 60 * MINUTE);
    expect(warning()).not.toBeInTheDocument();
    expect(activity).toEqual([]);
  });
});
