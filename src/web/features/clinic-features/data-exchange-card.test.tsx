import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FhirExportStatus } from '../../../shared/fhir-exports';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse } from '../../test/fixtures';
import { DataExchangeCard } from './data-exchange-card';

const exportOf = (status: FhirExportStatus['status'], done: number): FhirExportStatus => ({
  id: '00000000-0000-4000-8000-0000000e0001',
  status,
  patientsTotal: 40,
  patientsDone: done,
  createdAt: '2026-03-10T09:30:00.000Z',
  finishedAt: status === 'done' ? '2026-03-10T09:31:00.000Z' : null,
  expiresAt: status === 'done' ? '2026-03-17T09:31:00.000Z' : null,
  manifest:
    status === 'done'
      ? {
          transactionTime: '2026-03-10T09:30:00.000Z',
          request: 'http://localhost/api/fhir-exports',
          requiresAccessToken: true,
          output: [{ type: 'Patient', url: 'http://localhost/api/fhir-exports/x/files/Patient', count: 40 }],
          error: [],
        }
      : null,
});

function renderCard(dataExchange: boolean) {
  const sent: string[] = [];
  let state: FhirExportStatus = exportOf('running', 10);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/clinic/features')
        return jsonResponse({ features: { careBetweenVisits: false, dataExchange } });
      if (url === '/api/fhir-exports') return jsonResponse({ export: state });
      if (url.startsWith('/api/fhir-exports/')) return jsonResponse({ export: state });
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DataExchangeCard />
    </QueryClientProvider>,
  );
  return { sent, finish: () => (state = exportOf('done', 40)) };
}

describe('Data exchange card (Settings, admins)', () => {
  it('shows the switch off and no export while data exchange is off', async () => {
    renderCard(false);
    expect(await screen.findByRole('switch', { name: 'Data exchange' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Start export' })).toBeNull();
  });

  it('starts a whole-clinic export, shows its progress, then offers its files', async () => {
    const { sent, finish } = renderCard(true);
    expect(await screen.findByRole('switch', { name: 'Data exchange' })).toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start export' }));
    expect(sent).toContain('POST /api/fhir-exports');
    expect(await screen.findByText('Exporting… 10 of 40 patients')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Start export' })).toBeDisabled();
    finish();
    expect(await screen.findByText('Export done: 40 patients.', undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Patient (40)' })).toBeEnabled();
    expect(screen.getByText(/^Files kept until .+, then deleted\.$/)).toBeVisible();
  });
});
