import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Exercise, MediaFile } from '../../../shared/exercise-library';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const MEDIA: MediaFile = {
  id: '11111111-1111-4111-8111-111111111111',
  contentType: 'image/png',
  byteSize: 68,
  sha256: 'a'.repeat(64),
  url: '/api/exercises/media/11111111-1111-4111-8111-111111111111',
};
const BRIDGE: Exercise = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Glute bridge',
  bodyRegion: 'hip',
  instructions: 'Lift your hips.',
  defaultSets: 3,
  defaultReps: 12,
  defaultHoldSeconds: null,
  defaultTimesPerDay: 1,
  defaultDaysPerWeek: 4,
  tags: ['strength'],
  media: MEDIA,
  mediaUrl: null,
  starter: true,
  archived: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const features = (on: boolean) => jsonResponse({ features: { careBetweenVisits: on } });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:picture'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the exercise library page', { timeout: 20_000 }, () => {
  it('shows the library with pictures, searches on the server, and adds an exercise with an uploaded picture', async () => {
    const lists: string[] = [];
    const posted: unknown[] = [];
    const { fetchMock } = renderApp({
      path: '/exercises',
      role: 'practitioner',
      handle: (call) => {
        if (call.url === '/api/clinic/features') return features(true);
        if (call.url.startsWith('/api/exercises?')) {
          lists.push(call.url);
          return jsonResponse({ items: [BRIDGE], nextCursor: null });
        }
        if (call.url === MEDIA.url)
          return new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } });
        if (call.url === '/api/exercises/media' && call.method === 'POST') return jsonResponse(MEDIA, 201);
        if (call.url === '/api/exercises' && call.method === 'POST') {
          posted.push(call.body);
          return jsonResponse(
            { ...BRIDGE, id: '33333333-3333-4333-8333-333333333333', name: 'Side plank' },
            201,
          );
        }
        return undefined;
      },
    });
    const list = await screen.findByRole('list', { name: 'Exercises: 1 shown' }, { timeout: 10_000 });
    expect(within(list).getByRole('heading', { name: 'Glute bridge' })).toBeTruthy();
    expect(within(list).getByText('Hip · 3 × 12, once a day, 4 days a week')).toBeTruthy();
    expect(await within(list).findByRole('img', { name: 'Drawing of Glute bridge' })).toBeTruthy();
    const nav = screen
      .getAllByRole('navigation')
      .find((element) => within(element).queryByText('Exercise Library'));
    expect(nav).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'bridge');
    await waitFor(() => expect(lists.some((url) => url.includes('search=bridge'))).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'New exercise' }));
    const dialog = await screen.findByRole('dialog', { name: 'New exercise' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save exercise' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Side plank');
    await userEvent.selectOptions(within(dialog).getByLabelText('Body region'), 'core');
    await userEvent.type(within(dialog).getByLabelText('Sets'), '3');
    await userEvent.type(within(dialog).getByLabelText('Tags'), 'Core, stability');
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'plank.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText('Picture or video'), picture);
    expect(await within(dialog).findByRole('img', { name: 'Preview of the chosen file' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save exercise' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New exercise' })).toBeNull());
    expect(posted).toEqual([
      {
        name: 'Side plank',
        bodyRegion: 'core',
        instructions: '',
        defaultSets: 3,
        defaultReps: null,
        defaultHoldSeconds: null,
        defaultTimesPerDay: 1,
        defaultDaysPerWeek: 7,
        tags: ['core', 'stability'],
        mediaUrl: null,
        mediaFileId: MEDIA.id,
      },
    ]);
    const upload = fetchMock.mock.calls.find(([url]) => String(url) === '/api/exercises/media');
    expect(upload?.[1]?.body).toBeInstanceOf(FormData);
  });

  it('refuses a file that is not a picture or video before sending it', async () => {
    renderApp({
      path: '/exercises',
      role: 'staff',
      handle: (call) => {
        if (call.url === '/api/clinic/features') return features(true);
        if (call.url.startsWith('/api/exercises?')) return jsonResponse({ items: [], nextCursor: null });
        return undefined;
      },
    });
    expect(await screen.findByText('No exercises yet.', undefined, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New exercise' }));
    const dialog = await screen.findByRole('dialog', { name: 'New exercise' });
    const page = new File(['<html>'], 'page.html', { type: 'text/html' });
    await userEvent.upload(within(dialog).getByLabelText('Picture or video'), page, { applyAccept: false });
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/not a PNG, JPEG, WebP or GIF/);
  });

  it.each([
    ['practitioner', false],
    ['patient', true],
    ['member', true],
  ] as const)(
    'is an unknown address for a %s (care between visits on: %s), with no sidebar entry',
    async (role, on) => {
      renderApp({
        path: '/exercises',
        role,
        handle: (call) => (call.url === '/api/clinic/features' ? features(on) : undefined),
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.queryByText('Exercise Library')).toBeNull();
    },
  );
});
