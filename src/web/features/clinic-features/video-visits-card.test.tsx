import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClinicFeatures } from '../../../shared/clinic-features';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse } from '../../test/fixtures';
import { CareBetweenVisitsCard } from './care-between-visits-card';
import { VideoVisitsCard } from './video-visits-card';

function renderCards(initial: Partial<ClinicFeatures> = {}) {
  let features: ClinicFeatures = {
    careBetweenVisits: false,
    dataExchange: false,
    videoVisits: false,
    ...initial,
  };
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/clinic/features') return jsonResponse({ message: 'Not found' }, 404);
      if (init?.method === 'PUT') {
        const change = JSON.parse(String(init.body));
        saved.push(change);
        features = { ...features, ...change };
      }
      return jsonResponse({ features });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CareBetweenVisitsCard />
      <VideoVisitsCard />
    </QueryClientProvider>,
  );
  return { saved };
}

describe('Video visits card (Settings, admins)', () => {
  it('is a labelled switch, off on a new clinic, described by what it changes', async () => {
    renderCards();
    const toggle = await screen.findByRole('switch', { name: 'Video visits' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Telehealth entry/);
    expect(screen.getByRole('switch', { name: 'Care between visits' })).not.toBeChecked();
  });

  it('saves only its own capability when switched on', async () => {
    const { saved } = renderCards({ careBetweenVisits: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Video visits' }));
    expect(saved).toEqual([{ videoVisits: true }]);
    expect(await screen.findByRole('switch', { name: 'Video visits' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Care between visits' })).toBeChecked();
  });
});
