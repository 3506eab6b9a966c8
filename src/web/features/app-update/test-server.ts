import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { VersionInfo } from '../../../shared/version';

/** A fetch that answers /api/version/check like the server: latestVersion and forceUpdate are the test's to set. */
export function stubVersionServer(initial: Partial<VersionInfo> & { latestVersion: string }) {
  const server = {
    latestVersion: initial.latestVersion,
    forceUpdate: initial.forceUpdate ?? false,
    changelog: initial.changelog ?? ['Secure messaging', 'Notification centre'],
    failing: false,
    requestedVersions: [] as string[],
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://clinic.test');
    if (url.pathname !== '/api/version/check' || server.failing) {
      return {
        ok: false,
        status: 500,
        json: async () => ({ message: 'Unavailable' }),
      } as unknown as Response;
    }
    const currentVersion = url.searchParams.get('currentVersion') ?? '';
    server.requestedVersions.push(currentVersion);
    const body: VersionInfo = {
      currentVersion,
      latestVersion: server.latestVersion,
      changelog: server.changelog,
      forceUpdate: server.forceUpdate,
    };
    // A plain object rather than a Response: its body resolves in microtasks, which fake timers can flush.
    return { ok: true, status: 200, text: async () => JSON.stringify(body) } as unknown as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return server;
}

/** Moves fake time on and lets every promise and React update that follows settle. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The timers the flow uses; the rest (microtasks, animation frames) stay real. */
export const FAKED_TIMERS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;
