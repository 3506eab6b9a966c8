import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants';
import { AppUpdate } from './app-update';
import { advance, FAKED_TIMERS, stubVersionServer } from './test-server';

const MINUTE = 60_000;
const TITLE = 'New Version Available';

// Loaded ahead, so the lazily imported dialog appears within the same flush as the check that opens it.
beforeAll(async () => {
  await import('./update-dialog');
});
beforeEach(() => vi.useFakeTimers({ toFake: [...FAKED_TIMERS] }));
afterEach(() => vi.useRealTimers());

async function start() {
  render(<AppUpdate />);
  await advance(0);
}

const dialog = () => screen.queryByRole('dialog', { name: TITLE });

describe('version prompt', () => {
  it('offers a newer version with the versions and the changelog, and records the version the browser runs', async () => {
    const server = stubVersionServer({ latestVersion: '1.1.0', changelog: ['Secure messaging'] });
    await start();
    expect(server.requestedVersions).toEqual(['1.0.0']);
    expect(window.localStorage.getItem(STORAGE_KEYS.appVersion)).toBe('1.0.0');
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByTestId('update-versions')).toHaveTextContent('Version 1.0.0 to 1.1.0');
    expect(screen.getByRole('listitem')).toHaveTextContent('Secure messaging');
    for (const name of ['Install', 'Remind Later', 'Skip This Version']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it.each(['1.0.0', '0.9.5'])('stays away when the server reports %s', async (latestVersion) => {
    const server = stubVersionServer({ latestVersion });
    await start();
    expect(server.requestedVersions).toHaveLength(1);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('asks with the version an earlier install recorded, when it is ahead of the build', async () => {
    window.localStorage.setItem(STORAGE_KEYS.appVersion, '1.1.0');
    const server = stubVersionServer({ latestVersion: '1.1.0' });
    await start();
    expect(server.requestedVersions).toEqual(['1.1.0']);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('checks again every 30 minutes and when the tab returns after a long time hidden', async () => {
    const server = stubVersionServer({ latestVersion: '1.0.0' });
    await start();
    await advance(30 * MINUTE - 1);
    expect(server.requestedVersions).toHaveLength(1);
    await advance(1);
    expect(server.requestedVersions).toHaveLength(2);

    const setVisibility = (state: DocumentVisibilityState) => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
      document.dispatchEvent(new Event('visibilitychange'));
    };
    setVisibility('hidden');
    await advance(MINUTE);
    setVisibility('visible');
    await advance(0);
    expect(server.requestedVersions).toHaveLength(2);
    setVisibility('hidden');
    await advance(10 * MINUTE);
    server.latestVersion = '1.2.0';
    setVisibility('visible');
    await advance(0);
    expect(server.requestedVersions).toHaveLength(3);
    expect(dialog()).toBeInTheDocument();
  });

  it('Skip This Version holds back that version only', async () => {
    const server = stubVersionServer({ latestVersion: '1.1.0' });
    await start();
    fireEvent.click(screen.getByRole('button', { name: 'Skip This Version' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.skipVersionUpdate)).toBe('1.1.0');

    await advance(30 * MINUTE);
    expect(server.requestedVersions).toHaveLength(2);
    expect(dialog()).not.toBeInTheDocument();

    server.latestVersion = '1.2.0';
    await advance(30 * MINUTE);
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByTestId('update-versions')).toHaveTextContent('1.2.0');
  });

  it('Remind Later holds the prompt back for one hour, then it returns', async () => {
    stubVersionServer({ latestVersion: '1.1.0' });
    await start();
    await advance(5 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Remind Later' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(Number(window.localStorage.getItem(STORAGE_KEYS.remindUpdateLater))).toBe(Date.now());

    // The half-hourly checks at 30 and 60 minutes fall inside the hour.
    await advance(60 * MINUTE - 1);
    expect(dialog()).not.toBeInTheDocument();
    await advance(1);
    expect(dialog()).toBeInTheDocument();
  });

  it('Remind Later chosen on an earlier visit still counts after a reload', async () => {
    window.localStorage.setItem(STORAGE_KEYS.remindUpdateLater, String(Date.now() - 30 * MINUTE));
    stubVersionServer({ latestVersion: '1.1.0' });
    await start();
    expect(dialog()).not.toBeInTheDocument();
    await advance(30 * MINUTE);
    expect(dialog()).toBeInTheDocument();
  });

  it('Escape on an optional prompt means Remind Later', async () => {
    stubVersionServer({ latestVersion: '1.1.0' });
    await start();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(dialog()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.remindUpdateLater)).toBe(String(Date.now()));
  });

  it('a forced update shows despite skip and remind, offers only Install, and Escape does not close it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.skipVersionUpdate, '2.0.0');
    window.localStorage.setItem(STORAGE_KEYS.remindUpdateLater, String(Date.now()));
    stubVersionServer({ latestVersion: '2.0.0', forceUpdate: true });
    await start();
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remind Later' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip This Version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await advance(0);
    expect(dialog()).toBeInTheDocument();
  });

  it('says nothing when the check fails, and offers the update at the next check', async () => {
    const server = stubVersionServer({ latestVersion: '1.1.0' });
    server.failing = true;
    await start();
    expect(dialog()).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    server.failing = false;
    await advance(30 * MINUTE);
    expect(dialog()).toBeInTheDocument();
  });
});
