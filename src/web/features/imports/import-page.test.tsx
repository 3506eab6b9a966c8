import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportPreview, ImportRun } from '../../../shared/imports';
import { renderApp } from '../../test/render-app';

type Call = { method: string; url: string; body: unknown };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const run = (overrides: Partial<ImportRun> = {}): ImportRun => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'patients',
  fileName: 'jane.csv',
  status: 'done',
  total: 2,
  processed: 2,
  created: 1,
  matched: 0,
  skipped: 1,
  createdAt: '2026-11-28T07:00:00.000Z',
  finishedAt: '2026-11-28T07:00:05.000Z',
  undoneAt: null,
  canUndo: true,
  ...overrides,
});

/** The import routes as the server answers them: the email column is found only once mapped by hand. */
function fakeImportServer() {
  const calls: Call[] = [];
  let runs: ImportRun[] = [];
  const handle = ({ method, url, body }: Call): Response | undefined => {
    const path = new URL(url, 'http://localhost').pathname;
    if (!path.startsWith('/api/admin/imports')) return undefined;
    calls.push({ method, url: path, body });
    if (method === 'GET' && path === '/api/admin/imports') return json(runs);
    if (method === 'POST' && path === '/api/admin/imports/preview') {
      const chosen = (body as { mapping?: Record<string, string> }).mapping ?? {};
      const mapping: Record<string, string> = { firstName: 'First Name', lastName: 'Last Name' };
      if (chosen.email) mapping.email = chosen.email;
      const preview: ImportPreview = {
        kind: 'patients',
        headers: ['First Name', 'Last Name', 'E-post'],
        mapping,
        missingFields: mapping.email ? [] : ['email'],
        counts: { rows: 2, create: 1, match: 0, skip: 1 },
        rows: [
          {
            line: 2,
            values: { firstName: 'Ada', lastName: 'Lind', email: 'ada@example.test' },
            action: 'create',
            problems: [],
          },
          {
            line: 3,
            values: { firstName: 'Cleo', lastName: 'Marsh', email: 'ada@example.test' },
            action: 'skip',
            problems: [{ field: 'email', message: 'This email is already on line 2 of the file' }],
          },
        ],
      };
      return json(preview);
    }
    if (method === 'POST' && path === '/api/admin/imports') {
      runs = [run({ status: 'running', processed: 1, created: 0, canUndo: false })];
      return json(runs[0], 202);
    }
    if (method === 'POST' && path.endsWith('/undo')) {
      runs = [run({ status: 'undone', canUndo: false })];
      return json(runs[0]);
    }
    return json({ message: 'Not found' }, 404);
  };
  return { calls, handle, finish: () => (runs = [run()]) };
}

describe('/admin/import', { timeout: 20_000 }, () => {
  it('previews a file, asks for the unmapped column, shows each problem and starts the import', async () => {
    const server = fakeImportServer();
    renderApp({ path: '/admin/import', role: 'admin', handle: server.handle });
    expect(await screen.findByRole('heading', { name: 'Import' })).toBeInTheDocument();
    const sections = await screen.findByRole('navigation', { name: 'Admin panel sections' });
    expect(within(sections).getByRole('link', { name: 'Import' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Exported from')).toHaveValue('jane');
    const file = new File(['First Name,Last Name,E-post\nAda,Lind,ada@example.test\n'], 'jane.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(screen.getByLabelText('CSV file'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const email = await screen.findByLabelText('Email (required)');
    expect(email).toHaveAccessibleDescription('Choose the column for this field');
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(email, 'E-post');

    const table = await screen.findByRole('table');
    expect(within(table).getByText('Email: This email is already on line 2 of the file')).toBeInTheDocument();
    expect(
      screen.getByText(/2 rows: 1 to create, 0 already here \(matched\), 1 skipped/),
    ).toBeInTheDocument();
    const lastPreview = server.calls.filter((call) => call.url === '/api/admin/imports/preview').at(-1);
    expect(lastPreview?.body).toMatchObject({
      kind: 'patients',
      preset: 'jane',
      mapping: { email: 'E-post' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Import 1 rows' }));
    expect(await screen.findByRole('progressbar', { name: 'Progress of jane.csv' })).toBeInTheDocument();
    const started = server.calls.find((call) => call.method === 'POST' && call.url === '/api/admin/imports');
    expect(started?.body).toMatchObject({
      mapping: { firstName: 'First Name', lastName: 'Last Name', email: 'E-post' },
    });
  });

  it('undoes a finished import after a second confirmation', async () => {
    const server = fakeImportServer();
    server.finish();
    renderApp({ path: '/admin/import', role: 'admin', handle: server.handle });
    expect(await screen.findByText('2 of 2 rows: 1 created, 0 matched, 1 skipped')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, undo the import' }));
    expect(await screen.findByText(/Clients from jane.csv: Undone/)).toBeInTheDocument();
    expect(server.calls.some((call) => call.url.endsWith('/undo'))).toBe(true);
  });
});
