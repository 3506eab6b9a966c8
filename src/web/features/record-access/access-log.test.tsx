import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccessLogPage } from '../../../shared/record-access';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse } from '../../test/fixtures';
import { AccessLog } from './access-log';

const patientId = '00000000-0000-4000-8000-00000000d001';

function renderLog(answers: Array<AccessLogPage | 'error'>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      const answer = answers[Math.min(urls.length - 1, answers.length - 1)];
      return answer === 'error'
        ? jsonResponse({ message: 'Service unavailable' }, 503)
        : jsonResponse(answer);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccessLog patientId={patientId} />
    </QueryClientProvider>,
  );
  return urls;
}

describe('AccessLog for a patient staff opened', () => {
  it('reads that patient’s log, naming people by role and the reader as You', async () => {
    const urls = renderLog([
      {
        items: [
          {
            id: '12',
            at: '2026-03-10T09:30:00.000Z',
            action: 'record-access.viewed',
            description: 'Viewed who opened the record',
            actor: { id: 'staff-id', name: 'Sam Ortiz', role: 'staff', isYou: true },
            noteId: null,
          },
          {
            id: '11',
            at: '2026-03-10T09:00:00.000Z',
            action: 'patient.updated',
            description: 'Updated the record',
            actor: { id: null, name: 'The clinic system', role: null, isYou: false },
            noteId: null,
          },
        ],
        nextCursor: null,
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Who opened this record: 2 shown, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['You', 'Viewed who opened the record'],
      ['The clinic system', 'Updated the record'],
    ]);
    expect(urls).toEqual([`/api/patients/${patientId}/access-log`]);
  });

  it('shows an error with a retry', async () => {
    renderLog(['error', { items: [], nextCursor: null }]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nobody has opened this record yet.')).toBeInTheDocument();
  });
});
