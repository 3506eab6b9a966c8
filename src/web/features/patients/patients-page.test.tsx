import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { renderApp } from '../../test/render-app';

/** The page loads on demand; the first test to open it waits for it to be compiled. */
const findTable = (name: RegExp = /^Clients/) => screen.findByRole('table', { name }, { timeout: 10_000 });

const listCalls = (server: ReturnType<typeof fakePatientsServer>) =>
  server.calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/patients?'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);

function clinic() {
  return fakePatientsServer({
    patients: [
      patientRecord({
        firstName: 'Pat',
        lastName: 'Morgan',
        email: 'patient@demo.clinic',
        phone: '+1 555 0101',
        dateOfBirth: '1988-04-12',
        practitioners: [PRACTITIONERS[0]],
      }),
      patientRecord({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.test',
        status: 'inactive',
      }),
    ],
  });
}

describe('the client list', () => {
  it('shows the patients in a table with a caption and column headers', async () => {
    const server = clinic();
    renderApp({ path: '/clients', role: 'staff', handle: server.handle });
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Phone', 'Date of birth', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual([
      'Ada Lovelace',
      'Pat Morgan',
    ]);
    expect(rows[1]).toHaveTextContent('patient@demo.clinic');
    expect(rows[1]).toHaveTextContent('+1 555 0101');
    expect(rows[1]).toHaveTextContent('1988-04-12');
    expect(rows[0]).toHaveTextContent('Inactive');
    expect(listCalls(server)[0].toString()).toBe('sort=name&direction=asc');
  });

  it('sends the search once typing pauses, and keeps it in the address', async () => {
    const server = clinic();
    const { router } = renderApp({ path: '/clients', role: 'staff', handle: server.handle });
    await findTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'morgan');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('search')).toBe('morgan'));
    // One request for the settled text, not one per key.
    expect(listCalls(server).filter((params) => params.has('search'))).toHaveLength(1);
    expect(router.state.location.search).toBe('?search=morgan');
    const table = await findTable();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('button', { name: 'Pat Morgan' })).toBeInTheDocument();
  });

  it('filters by status and practitioner and sorts by date added, all in the query and the address', async () => {
    const server = clinic();
    const { router } = renderApp({ path: '/clients', role: 'admin', handle: server.handle });
    await findTable();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('status')).toBe('inactive'));

    const practitioner = screen.getByRole('combobox', { name: 'Practitioner' });
    await within(practitioner).findByRole('option', { name: 'Dana Wells' });
    await userEvent.selectOptions(practitioner, PRACTITIONERS[0].id);
    await waitFor(() => expect(listCalls(server).at(-1)?.get('practitionerId')).toBe(PRACTITIONERS[0].id));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'created');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('sort')).toBe('created'));
    expect(listCalls(server).at(-1)?.get('direction')).toBe('desc');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('direction')).toBe('asc'));

    const address = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(address)).toEqual({
      status: 'inactive',
      practitioner: PRACTITIONERS[0].id,
      sort: 'created',
      direction: 'asc',
    });
    expect(await screen.findByText('No clients match your search and filters.')).toBeInTheDocument();
  });

  it('restores the search and filters from the address after a reload', async () => {
    const server = clinic();
    renderApp({
      path: '/clients?search=ada&status=inactive&sort=created',
      role: 'staff',
      handle: server.handle,
    });
    const table = await findTable();
    expect(within(table).getByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ada');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('inactive');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('desc');
    expect(listCalls(server)[0].toString()).toBe('search=ada&status=inactive&sort=created&direction=desc');
  });

  it('loads the next page by its cursor', async () => {
    const patients = ['Avery', 'Blake', 'Casey'].map((lastName) =>
      patientRecord({ firstName: 'Jo', lastName }),
    );
    const server = fakePatientsServer({ patients, pageSize: 2 });
    renderApp({ path: '/clients', role: 'staff', handle: server.handle });
    const table = await findTable();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(listCalls(server).at(-1)?.get('cursor')).toBe(patients[1].id);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when there are no patients, and when the list cannot be loaded', async () => {
    const empty = fakePatientsServer({ patients: [] });
    const view = renderApp({ path: '/clients', role: 'staff', handle: empty.handle });
    expect(await screen.findByText('No clients yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    view.unmount();

    renderApp({
      path: '/clients',
      role: 'staff',
      handle: ({ url }) =>
        url.startsWith('/api/patients')
          ? new Response(JSON.stringify({ message: 'The list is resting' }), { status: 503 })
          : undefined,
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The list is resting');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('gives a practitioner no practitioner filter, even from the address, and no New patient button, on /patients too', async () => {
    const server = clinic();
    renderApp({
      path: `/patients?practitioner=${PRACTITIONERS[1].id}`,
      role: 'practitioner',
      handle: server.handle,
    });
    await findTable(/^Patients/);
    expect(listCalls(server)[0].has('practitionerId')).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Practitioner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New patient' })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.url === '/api/practitioners')).toBe(false);
  });
});
