import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PatientRecord } from '../../../shared/patients';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { renderApp } from '../../test/render-app';

const findPanel = (name: string) => screen.findByRole('dialog', { name }, { timeout: 10_000 });

function withPat(
  overrides: Partial<PatientRecord> = {},
  refuseUpdate?: { message: string; fields: Record<string, string> },
) {
  const pat = patientRecord({
    firstName: 'Pat',
    lastName: 'Morgan',
    email: 'patient@demo.clinic',
    dateOfBirth: '1988-04-12',
    medications: '<b>Ibuprofen</b> 200 mg\nTwice daily',
    allergies: 'Penicillin',
    emergencyContactName: 'Sam Morgan',
    insuranceProvider: 'Harbor Health',
    practitioners: [PRACTITIONERS[0]],
    ...overrides,
  });
  const server = fakePatientsServer({ patients: [pat], refuseUpdate });
  return { pat, server };
}

const calls = (server: ReturnType<typeof fakePatientsServer>, method: string) =>
  server.calls.filter((call) => call.method === method);

describe('the patient record panel', () => {
  it('opens from the address with every section, clinical text as plain text with its line breaks', async () => {
    const { pat, server } = withPat();
    renderApp({ path: `/clients?patient=${pat.id}`, role: 'staff', handle: server.handle });
    const panel = await findPanel('Pat Morgan');
    for (const section of [
      'Demographics',
      'Contact',
      'Emergency contact',
      'Insurance',
      'Medical history',
      'Allergies',
      'Medications',
      'Assigned practitioners',
    ]) {
      expect(within(panel).getByRole('region', { name: section })).toBeInTheDocument();
    }
    const medications = within(panel).getByRole('region', { name: 'Medications' });
    const text = within(medications).getByText(/Ibuprofen/);
    expect(text.textContent).toBe('<b>Ibuprofen</b> 200 mg\nTwice daily');
    expect(text).toHaveClass('whitespace-pre-wrap');
    expect(medications.querySelector('b')).toBeNull();
    expect(within(panel).getByText('Harbor Health')).toBeInTheDocument();
    // Appointments and invoices have their own tabs.
    expect(within(panel).getByRole('tab', { name: 'Appointments' })).toBeInTheDocument();
    expect(within(panel).getByRole('tab', { name: 'Invoices' })).toBeInTheDocument();
  });

  it('opens from a row, and Escape closes it, clears the address and puts focus back on the row', async () => {
    const { server } = withPat();
    const { router } = renderApp({ path: '/clients?status=active', role: 'staff', handle: server.handle });
    const row = await screen.findByRole('button', { name: 'Pat Morgan' }, { timeout: 10_000 });
    await userEvent.click(row);
    await findPanel('Pat Morgan');
    expect(new URLSearchParams(router.state.location.search).get('patient')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?status=active');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pat Morgan' })).toHaveFocus());
  });

  it('says the patient is not in the list when the server answers 404', async () => {
    const { server } = withPat();
    renderApp({
      path: '/clients?patient=00000000-0000-4000-8000-0000000000ff',
      role: 'practitioner',
      handle: server.handle,
    });
    const panel = await findPanel('Patient not found');
    expect(panel).toHaveTextContent('This patient is not in your list.');
  });

  it('saves an edit, updating the panel and the list row', async () => {
    const { pat, server } = withPat();
    renderApp({ path: `/clients?patient=${pat.id}`, role: 'staff', handle: server.handle });
    const panel = await findPanel('Pat Morgan');
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit record' }));
    const phone = within(panel).getByRole('textbox', { name: 'Phone' });
    await userEvent.type(phone, '+1 555 0199');
    const allergies = within(panel).getByRole('textbox', { name: 'Allergies' });
    await userEvent.clear(allergies);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));

    await within(panel).findByRole('button', { name: 'Edit record' });
    const [patch] = calls(server, 'PATCH');
    expect(patch.url).toBe(`/api/patients/${pat.id}`);
    expect(patch.body).toMatchObject({
      phone: '+1 555 0199',
      allergies: null,
      firstName: 'Pat',
      status: 'active',
    });
    expect(within(panel).getByRole('region', { name: 'Contact' })).toHaveTextContent('+1 555 0199');
    const row = screen.getByRole('button', { name: 'Pat Morgan', hidden: true }).closest('tr');
    expect(row).toHaveTextContent('+1 555 0199');
  });

  it('shows the server’s field messages on the fields they name', async () => {
    const { pat, server } = withPat(
      {},
      {
        message: 'Some fields are not valid',
        fields: { emergencyContactPhone: 'Phone may contain digits, spaces and + ( ) - . only' },
      },
    );
    renderApp({ path: `/clients?patient=${pat.id}`, role: 'admin', handle: server.handle });
    const panel = await findPanel('Pat Morgan');
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit record' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Some fields are not valid');
    const field = within(panel).getByRole('textbox', { name: 'Emergency contact phone' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Phone may contain digits, spaces and + ( ) - . only');
  });

  it('checks the form by the shared schema before sending', async () => {
    const { pat, server } = withPat();
    renderApp({ path: `/clients?patient=${pat.id}`, role: 'staff', handle: server.handle });
    const panel = await findPanel('Pat Morgan');
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit record' }));
    await userEvent.clear(within(panel).getByRole('textbox', { name: 'First name' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await within(panel).findByText('First name is required')).toBeInTheDocument();
    expect(calls(server, 'PATCH')).toHaveLength(0);
  });

  it('creates a patient, opens their record and says a password email was sent', async () => {
    const { server } = withPat();
    const { router } = renderApp({ path: '/clients', role: 'staff', handle: server.handle });
    await userEvent.click(await screen.findByRole('button', { name: 'New patient' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New patient' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Jordan');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Okafor');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jordan@example.test');
    await userEvent.click(within(dialog).getByText('More details (optional)'));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Leeds');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add patient' }));

    const panel = await findPanel('Jordan Okafor');
    const [post] = calls(server, 'POST');
    expect(post).toMatchObject({
      url: '/api/patients',
      body: { firstName: 'Jordan', lastName: 'Okafor', email: 'jordan@example.test', city: 'Leeds' },
    });
    const created = server.state.patients.at(-1);
    expect(new URLSearchParams(router.state.location.search).get('patient')).toBe(created?.id);
    expect(within(panel).getByRole('region', { name: 'Contact' })).toHaveTextContent('Leeds');
    expect(
      await screen.findByText('We emailed jordan@example.test a link to set their password.'),
    ).toBeInTheDocument();
  });

  it('deactivates a patient after confirmation', async () => {
    const { pat, server } = withPat();
    renderApp({ path: `/clients?patient=${pat.id}`, role: 'staff', handle: server.handle });
    const panel = await findPanel('Pat Morgan');
    await userEvent.click(within(panel).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Pat Morgan?' });
    expect(calls(server, 'POST')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate patient' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Deactivate Pat Morgan?' })).not.toBeInTheDocument(),
    );
    expect(calls(server, 'POST').map((call) => call.url)).toEqual([`/api/patients/${pat.id}/deactivate`]);
    expect(within(panel).getByRole('region', { name: 'Demographics' })).toHaveTextContent('Inactive');
    expect(within(panel).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('assigns and unassigns practitioners', async () => {
    const { pat, server } = withPat();
    renderApp({ path: `/clients?patient=${pat.id}`, role: 'admin', handle: server.handle });
    const panel = await findPanel('Pat Morgan');
    const team = within(panel).getByRole('region', { name: 'Assigned practitioners' });
    const picker = within(team).getByRole('combobox', { name: 'Assign a practitioner' });
    await within(picker).findByRole('option', { name: 'Dana Wells' });
    // Someone already on the team is not offered again.
    expect(within(picker).queryByRole('option', { name: 'Riley Chen' })).not.toBeInTheDocument();
    await userEvent.selectOptions(picker, PRACTITIONERS[1].id);
    await userEvent.click(within(team).getByRole('button', { name: 'Assign' }));
    await within(team).findByRole('button', { name: 'Unassign Dana Wells' });
    expect(calls(server, 'POST').at(-1)?.url).toBe(
      `/api/patients/${pat.id}/practitioners/${PRACTITIONERS[1].id}`,
    );

    await userEvent.click(within(team).getByRole('button', { name: 'Unassign Riley Chen' }));
    await waitFor(() =>
      expect(within(team).queryByRole('button', { name: 'Unassign Riley Chen' })).not.toBeInTheDocument(),
    );
    // Back among those who can be assigned.
    expect(within(picker).getByRole('option', { name: 'Riley Chen' })).toBeInTheDocument();
    expect(calls(server, 'DELETE').map((call) => call.url)).toEqual([
      `/api/patients/${pat.id}/practitioners/${PRACTITIONERS[0].id}`,
    ]);
  });

  it('lets an assigned practitioner edit, with no deactivate or care team controls', async () => {
    const { pat, server } = withPat();
    renderApp({ path: `/clients?patient=${pat.id}`, role: 'practitioner', handle: server.handle });
    const panel = await findPanel('Pat Morgan');
    expect(within(panel).getByRole('button', { name: 'Edit record' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Assign a practitioner' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Unassign/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Assigned practitioners' })).toHaveTextContent(
      'Riley Chen',
    );
  });

  it('gives a practitioner who is not on the care team a read-only record', async () => {
    const { pat, server } = withPat({ practitioners: [PRACTITIONERS[1]] });
    renderApp({ path: `/clients?patient=${pat.id}`, role: 'practitioner', handle: server.handle });
    const panel = await findPanel('Pat Morgan');
    expect(within(panel).queryByRole('button', { name: 'Edit record' })).not.toBeInTheDocument();
  });
});
