import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../shared/preferences';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { applyAppearance, resolveAppearance } from './appearance';

const noSystem = { prefersDark: false, prefersMoreContrast: false, prefersReducedMotion: false };
const html = document.documentElement;

function systemPrefers(matching: string[]) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: matching.includes(query),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

describe('resolving the appearance', () => {
  it('auto follows the system theme', () => {
    expect(resolveAppearance({ theme: 'auto' }, { ...noSystem, prefersDark: true }).theme).toBe('dark');
    expect(resolveAppearance({ theme: 'auto' }, noSystem).theme).toBe('light');
  });

  it('an explicit theme wins over the system', () => {
    expect(resolveAppearance({ theme: 'light' }, { ...noSystem, prefersDark: true }).theme).toBe('light');
    expect(resolveAppearance({ theme: 'dark' }, noSystem).theme).toBe('dark');
  });

  it('high contrast and reduced motion are on when the preference or the system says so', () => {
    expect(resolveAppearance({ highContrast: true }, noSystem).highContrast).toBe(true);
    expect(
      resolveAppearance({ highContrast: false }, { ...noSystem, prefersMoreContrast: true }).highContrast,
    ).toBe(true);
    expect(
      resolveAppearance({ reduceMotion: false }, { ...noSystem, prefersReducedMotion: true }).reduceMotion,
    ).toBe(true);
    expect(resolveAppearance({ reduceMotion: false, highContrast: false }, noSystem)).toMatchObject({
      reduceMotion: false,
      highContrast: false,
    });
  });

  it('a signed-out visitor always gets the light theme and the medium font', () => {
    const appearance = resolveAppearance(null, { ...noSystem, prefersDark: true });
    expect(appearance.theme).toBe('light');
    expect(appearance.fontSizeScale).toBe('medium');
  });

  it('puts the classes on the root element', () => {
    applyAppearance(html, {
      theme: 'dark',
      highContrast: true,
      reduceMotion: true,
      fontSizeScale: 'large',
      compactMode: true,
      screenReaderOptimized: true,
    });
    expect([...html.classList].sort()).toEqual([
      'compact',
      'dark',
      'font-large',
      'high-contrast',
      'reduce-motion',
      'sr-optimized',
    ]);
    applyAppearance(html, {
      theme: 'light',
      highContrast: false,
      reduceMotion: false,
      fontSizeScale: 'medium',
      compactMode: false,
      screenReaderOptimized: false,
    });
    expect([...html.classList]).toEqual([]);
  });
});

describe('applying preferences to the app', () => {
  it("applies the signed-in user's preferences and stores them for the first paint", async () => {
    renderApp({
      path: '/',
      role: 'staff',
      preferences: { theme: 'dark', highContrast: true, fontSizeScale: 'small', compactMode: true },
    });
    await waitFor(() => expect(html).toHaveClass('dark', 'high-contrast', 'font-small', 'compact'));
    expect(html).not.toHaveClass('reduce-motion');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(JSON.parse(window.localStorage.getItem('themePreferences') ?? '{}')).toMatchObject({
      highContrast: true,
      fontSizeScale: 'small',
    });
  });

  it('follows a dark system when the theme is auto', async () => {
    systemPrefers(['(prefers-color-scheme: dark)']);
    renderApp({ path: '/', role: 'patient', preferences: { theme: 'auto' } });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(html).toHaveClass('dark'));
  });

  it('keeps signed-out screens light even when the system is dark, but honours reduced motion', async () => {
    systemPrefers(['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)']);
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(html).toHaveClass('reduce-motion'));
    expect(html).not.toHaveClass('dark');
  });

  it('the theme switcher saves the choice and applies it at once', async () => {
    let saved: unknown = null;
    renderApp({
      path: '/',
      role: 'admin',
      preferences: { theme: 'light' },
      handle: ({ url, method, body }) => {
        if (url !== '/api/user-preferences' || method !== 'PUT') return undefined;
        saved = body;
        return jsonResponse({ ...DEFAULT_PREFERENCES, theme: 'dark' });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Theme: Light' }));
    const options = (await screen.findAllByRole('menuitemradio')).map((item) => item.textContent);
    expect(options).toEqual(['Light', 'Dark', 'System']);
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    await waitFor(() => expect(html).toHaveClass('dark'));
    expect(saved).toEqual({ theme: 'dark' });
  });
});
