import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants';
import { AppUpdate } from './app-update';
import { pageReload } from './install';
import { advance, FAKED_TIMERS, stubVersionServer } from './test-server';

beforeAll(async () => {
  await import('./update-dialog');
  // A failed call reads its error through the shared schema, loaded on demand (src/web/lib/api-error.ts).
  await import('../../../shared/api-error');
});

let reload: Mock<() => void>;
let cacheNames: string[];
let unregister: Mock<() => Promise<boolean>>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: [...FAKED_TIMERS] });
  reload = vi.fn<() => void>();
  vi.spyOn(pageReload, 'reload').mockImplementation(reload);
  cacheNames = ['app-shell-v1', 'api-v1'];
  vi.stubGlobal('caches', {
    keys: vi.fn(async () => [...cacheNames]),
    delete: vi.fn(async (name: string) => {
      cacheNames = cacheNames.filter((candidate) => candidate !== name);
      return true;
    }),
  });
  unregister = vi.fn(async () => true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistrations: vi.fn(async () => [{ unregister }]) },
  });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function openPrompt(latestVersion = '1.1.0') {
  const server = stubVersionServer({ latestVersion });
  render(<AppUpdate />);
  await advance(0);
  return server;
}

function shown() {
  const bar = screen.getByRole('progressbar', { name: 'Update progress' });
  return { percent: Number(bar.getAttribute('aria-valuenow')), text: screen.getByRole('status').textContent };
}

/**
 * The specification's flow after checking: each step with how long the step before it stayed on screen
 * (150 ms per downloading step, 800 ms per installing step; 1000 ms on complete before the reload).
 */
function expectedSteps() {
  const steps: Array<{ text: string; percent: number; after: number }> = [];
  for (let percent = 15; percent <= 65; percent += 5) {
    steps.push({ text: `Downloading update… ${percent}%`, percent, after: percent === 15 ? 0 : 150 });
  }
  for (let percent = 70; percent <= 85; percent += 5) {
    steps.push({ text: `Installing update… ${percent}%`, percent, after: percent === 70 ? 150 : 800 });
  }
  steps.push({ text: 'Update complete. Reloading… 100%', percent: 100, after: 800 });
  return steps;
}

describe('installing an update', () => {
  it('goes through checking, downloading, installing and complete in 5% steps with the delays, then reloads', async () => {
    await openPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(shown()).toEqual({ percent: 0, text: 'Checking for updates… 0%' });
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
    await advance(0);

    for (const step of expectedSteps()) {
      if (step.after > 0) {
        const before = shown().percent;
        await advance(step.after - 1);
        expect(shown().percent).toBe(before);
        await advance(1);
      }
      expect(shown()).toEqual({ percent: step.percent, text: step.text });
    }

    // Complete waits 1000 ms before the hard reload.
    await advance(999);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps exactly the preserved keys, clears caches and service workers, and records the new version', async () => {
    const preserved = {
      [STORAGE_KEYS.token]: 'session-token',
      [STORAGE_KEYS.redirectAfterLogin]: '/messages',
      [STORAGE_KEYS.notificationInteraction]: 'true',
      [STORAGE_KEYS.skipVersionUpdate]: '0.9.0',
      [STORAGE_KEYS.remindUpdateLater]: '12345',
      [`${STORAGE_KEYS.welcomeShownPrefix}user-1`]: 'true',
      [`${STORAGE_KEYS.welcomeShownPrefix}user-2`]: 'true',
    };
    for (const [key, value] of Object.entries(preserved)) window.localStorage.setItem(key, value);
    for (const key of [STORAGE_KEYS.theme, STORAGE_KEYS.themePreferences, 'draft-message', 'welcomeShown']) {
      window.localStorage.setItem(key, 'old');
    }

    await openPrompt('1.1.0');
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await advance(10_000);

    const left = Object.fromEntries(
      Object.keys(window.localStorage).map((key) => [key, window.localStorage.getItem(key)]),
    );
    expect(left).toEqual({ ...preserved, [STORAGE_KEYS.appVersion]: '1.1.0' });
    expect(cacheNames).toEqual([]);
    expect(unregister).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('installs the version the server reports at install time', async () => {
    const server = await openPrompt('1.1.0');
    server.latestVersion = '1.2.0';
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await advance(10_000);
    expect(window.localStorage.getItem(STORAGE_KEYS.appVersion)).toBe('1.2.0');
  });

  it('works where the browser has no Cache Storage and no service workers', async () => {
    vi.stubGlobal('caches', undefined);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await openPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await advance(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reports a failed step with the error text, does not reload, and can try again', async () => {
    window.localStorage.setItem('draft-message', 'kept until the update succeeds');
    vi.mocked(caches.keys).mockRejectedValueOnce(new Error('quota'));
    await openPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await advance(10_000);

    expect(screen.getByRole('alert')).toHaveTextContent('Update failed. Please try again.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('draft-message')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('draft-message')).toBeNull();
  });

  it('reports the failure when the server cannot be reached at the checking stage', async () => {
    const server = await openPrompt();
    server.failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Update failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Remind Later' })).toBeInTheDocument();
    await advance(10_000);
    expect(reload).not.toHaveBeenCalled();
  });
});
