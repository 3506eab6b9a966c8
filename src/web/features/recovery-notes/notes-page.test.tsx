import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/vocabulary/roles';
import { chooseFromCombobox } from '../../test/combobox';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { fakeRecoveryNotesServer, recoveryNote } from '../../test/fake-recovery-notes-server';
import { userWithRole } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const pat = userWithRole('patient');
const ada = patientRecord({ firstName: 'Ada', lastName: 'Lovelace' });

function clinic(pageSize?: number) {
  const notes = fakeRecoveryNotesServer({
    pageSize,
    notes: [
      recoveryNote({ createdAt: '2026-02-03T09:00:00.000Z', status: 'signed', painScore: 6 }),
      recoveryNote({ createdAt: '2026-02-10T09:00:00.000Z', status: 'draft' }),
      recoveryNote({
        createdAt: '2026-02-05T09:00:00.000Z',
        patientId: ada.id,
        patientName: 'Ada Lovelace',
        status: 'signed',
        painScore: 2,
      }),
    ],
  });
  const patients = fakePatientsServer({
    patients: [patientRecord({ id: pat.id, firstName: 'Pat', lastName: 'Morgan' }), ada],
  });
  return {
    notes,
    patients,
    handle: (call: { method: string; url: string; body: unknown }) =>
      notes.handle(call) ?? patients.handle(call),
  };
}

const listCalls = (server: ReturnType<typeof fakeRecoveryNotesServer>) =>
  server.calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/recovery-notes?'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);

const findTable = (name: RegExp) => screen.findByRole('table', { name }, { timeout: 10_000 });
const render = (role: Role, path = '/recovery-notes') => {
  const server = clinic();
  return { server, ...renderApp({ path, role, handle: server.handle }) };
};

describe('the recovery notes list', () => {
  it('lists the notes newest first with their patient, practitioner, pain score, status and sharing', async () => {
    render('practitioner');
    const table = await findTable(/^Recovery notes/);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Patient', 'Practitioner', 'Pain score', 'Status', 'Shared']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      '10 Feb 2026',
      '5 Feb 2026',
      '3 Feb 2026',
    ]);
    expect(rows[1]).toHaveTextContent('Ada Lovelace');
    expect(rows[1]).toHaveTextContent('2/10');
    expect(rows[0]).toHaveTextContent('Draft');
  });

  it('sends status and dates in the query and keeps them in the address', async () => {
    const { server, router } = render('staff');
    await findTable(/^Recovery notes/);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'signed');
    await waitFor(() => expect(listCalls(server.notes).at(-1)?.get('status')).toBe('signed'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-04' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-28' } });
    await waitFor(() =>
      expect(listCalls(server.notes).at(-1)?.toString()).toBe('status=signed&from=2026-02-04&to=2026-02-28'),
    );
    expect(router.state.location.search).toBe('?status=signed&from=2026-02-04&to=2026-02-28');
    const table = await findTable(/^Recovery notes/);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(table).toHaveTextContent('Ada Lovelace');
  });

  it('finds a patient by name and narrows the list to them', async () => {
    const { server, router } = render('practitioner');
    await findTable(/^Recovery notes/);
    await chooseFromCombobox(document.body, { label: 'Patient', search: 'Ada', option: 'Ada Lovelace' });
    await waitFor(() =>
      expect(
        server.patients.calls.some(
          (call) => new URL(call.url, 'http://localhost').searchParams.get('search') === 'Ada',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(listCalls(server.notes).at(-1)?.get('patientId')).toBe(ada.id));
    expect(router.state.location.search).toBe(`?patient=${ada.id}`);
  });

  it('reads the filters from the address on load', async () => {
    const { server } = render('admin', `/recovery-notes?patient=${ada.id}&status=draft&from=2026-01-01`);
    await screen.findByText('No notes match your filters.', undefined, { timeout: 10_000 });
    expect(listCalls(server.notes)[0].toString()).toBe(`patientId=${ada.id}&status=draft&from=2026-01-01`);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
  });

  it('loads the next page by cursor', async () => {
    const server = clinic(2);
    renderApp({ path: '/recovery-notes', role: 'staff', handle: server.handle });
    const table = await findTable(/^Recovery notes/);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const cursor = listCalls(server.notes).at(-1)?.get('cursor');
    expect(cursor).toBe(server.notes.state.notes.find((note) => note.patientId === ada.id)?.id);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows a patient 'My Notes' with dates as the only filters and no way to write", async () => {
    render('patient');
    const table = await findTable(/^My Notes/);
    expect(screen.getByRole('heading', { name: 'My Notes' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Practitioner', 'Pain score']);
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Patient' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('From')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New note' })).not.toBeInTheDocument();
  });

  it('lets a practitioner start a note from a template and opens the draft', async () => {
    const { server, router } = render('practitioner');
    await findTable(/^Recovery notes/);
    await userEvent.click(screen.getByRole('button', { name: 'New note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start note' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a patient');
    await chooseFromCombobox(dialog, { label: 'Patient', search: 'Pat', option: 'Pat Morgan' });
    const template = within(dialog).getByRole('combobox', { name: 'Template' });
    await within(template).findByRole('option', { name: 'Initial assessment' });
    await userEvent.selectOptions(template, 'Initial assessment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start note' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/recovery-notes\/[0-9a-f-]{36}$/));
    const post = server.notes.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ patientId: pat.id, templateId: '00000000-0000-4000-8000-0000000000f1' });
    expect(await screen.findByLabelText('Subjective', undefined, { timeout: 10_000 })).toHaveValue(
      'Presenting complaint:',
    );
  });

  it('lets staff narrow the list to one practitioner’s notes, kept in the address', async () => {
    const server = clinic();
    const dana = PRACTITIONERS[1];
    server.notes.state.notes.push(
      recoveryNote({
        createdAt: '2026-02-07T09:00:00.000Z',
        practitionerId: dana.id,
        practitionerName: 'Dana Wells',
        status: 'signed',
        painScore: 5,
      }),
    );
    const { router } = renderApp({ path: '/recovery-notes', role: 'admin', handle: server.handle });
    const table = await findTable(/^Recovery notes/);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    const picker = screen.getByRole('combobox', { name: 'Practitioner' });
    await within(picker).findByRole('option', { name: 'Dana Wells' });
    await userEvent.selectOptions(picker, dana.id);
    await waitFor(() => expect(listCalls(server.notes).at(-1)?.get('practitionerId')).toBe(dana.id));
    expect(router.state.location.search).toBe(`?practitioner=${dana.id}`);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('table')).toHaveTextContent('Dana Wells');

    await userEvent.selectOptions(picker, '');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5));
  });

  it('reads the practitioner from a pasted address for staff', async () => {
    const dana = PRACTITIONERS[1];
    const { server } = render('staff', `/recovery-notes?practitioner=${dana.id}`);
    // Dana Wells wrote none of these notes.
    expect(
      await screen.findByText('No notes match your filters.', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(listCalls(server.notes).map((params) => params.get('practitionerId'))).toEqual([dana.id]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Practitioner' })).toHaveValue(dana.id));
  });

  it('ignores a practitioner in the address of a practitioner’s list, which has no such filter', async () => {
    const { server } = render('practitioner', `/recovery-notes?practitioner=${PRACTITIONERS[1].id}`);
    await findTable(/^Recovery notes/);
    expect(screen.queryByRole('combobox', { name: 'Practitioner' })).not.toBeInTheDocument();
    expect(listCalls(server.notes).every((params) => !params.has('practitionerId'))).toBe(true);
  });
});
