import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordCopy } from '../../../shared/record-copies';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const features = (dataExchange: boolean) =>
  jsonResponse({ features: { careBetweenVisits: false, dataExchange } });
const copy = (status: RecordCopy['status']): RecordCopy => ({
  id: '00000000-0000-4000-8000-0000000c0001',
  status,
  createdAt: '2026-03-10T09:30:00.000Z',
  readyAt: status === 'ready' || status === 'expired' ? '2026-03-10T09:30:05.000Z' : null,
  expiresAt: status === 'ready' || status === 'expired' ? '2026-03-17T09:30:05.000Z' : null,
});

describe('Download my record (Settings, patients)', () => {
  it('is not offered while the clinic has data exchange off', async () => {
    renderApp({
      path: '/settings?tab=my-record',
      role: 'patient',
      handle: ({ url }) => (url === '/api/clinic/features' ? features(false) : undefined),
    });
    expect(
      await screen.findByRole('tab', { name: 'Profile', selected: true }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'My record' })).toBeNull();
  });

  it('asks for a copy, shows it being prepared, then offers the PDF and the FHIR bundle', async () => {
    let latest: RecordCopy | null = null;
    const posted: string[] = [];
    renderApp({
      path: '/settings?tab=my-record',
      role: 'patient',
      handle: ({ url, method }) => {
        if (url === '/api/clinic/features') return features(true);
        if (url === '/api/my-record/copies/latest') return jsonResponse({ copy: latest });
        if (url === '/api/my-record/copies' && method === 'POST') {
          posted.push(url);
          latest = copy('preparing');
          return jsonResponse({ copy: latest });
        }
        return undefined;
      },
    });
    expect(
      await screen.findByRole('tab', { name: 'My record', selected: true }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Download my record' })).toBeVisible();
    expect(await screen.findByText('You have not asked for a copy yet.')).toHaveAttribute('role', 'status');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Prepare my copy' }));
    expect(await screen.findByText('Preparing your copy…')).toBeVisible();
    expect(posted).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeDisabled();
    latest = copy('ready');
    expect(await screen.findByRole('button', { name: 'Download PDF' }, { timeout: 5000 })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download FHIR bundle' })).toBeEnabled();
    expect(screen.getByText(/^Your copy from .+ is ready\.$/)).toHaveAttribute('role', 'status');
    expect(screen.getByText(/^Kept until .+, then deleted\.$/)).toBeVisible();
  });

  it('says a copy past its retention period has been deleted and offers no download', async () => {
    renderApp({
      path: '/settings?tab=my-record',
      role: 'patient',
      handle: ({ url }) => {
        if (url === '/api/clinic/features') return features(true);
        if (url === '/api/my-record/copies/latest') return jsonResponse({ copy: copy('expired') });
        return undefined;
      },
    });
    expect(
      await screen.findByText(
        /^Your copy from .+ has been deleted\. Prepare a new one to download your record\.$/,
        undefined,
        { timeout: 15_000 },
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeEnabled();
  });
});
