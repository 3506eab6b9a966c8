import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/vocabulary/roles';
import { chooseFromCombobox } from '../../test/combobox';
import { findSocket } from '../../test/fake-messaging-server';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { renderApp } from '../../test/render-app';
import { bookingRequest, fakePublicBookingServer, slotAt } from './test-server';

const robin = bookingRequest({ ...slotAt(30), name: 'Robin Visitor' });
const sky = bookingRequest({ ...slotAt(54), name: 'Sky Walker', reason: '' });
const done = bookingRequest({
  ...slotAt(78),
  name: 'Casey Done',
  status: 'confirmed',
  patientId: '00000000-0000-4000-8000-00000000aaaa',
  appointmentId: '00000000-0000-4000-8000-00000000bbbb',
  decidedByName: 'Riley Chen',
});

const ada = patientRecord({ firstName: 'Ada', lastName: 'Lovelace' });

function render(role: Role, path = '/practitioner/public-bookings', accountEmails: string[] = []) {
  const bookings = fakePublicBookingServer({
    requests: [robin, sky, done].map((request) => ({ ...request })),
    accountEmails,
  });
  const patients = fakePatientsServer({ patients: [ada] });
  const view = renderApp({
    path,
    role,
    handle: (call) => bookings.handle(call) ?? patients.handle(call),
  });
  return { bookings, ...view };
}

const listCalls = (server: ReturnType<typeof fakePublicBookingServer>) =>
  server.calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/public-bookings?'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);
const findTable = (name: RegExp) => screen.findByRole('table', { name }, { timeout: 10_000 });
const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the booking requests page', { timeout: 20_000 }, () => {
  it('shows a practitioner the pending requests first, with the count waiting', async () => {
    const { bookings } = render('practitioner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Public Bookings' })).toBeInTheDocument();
    const table = await findTable(/^Pending booking requests/);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Requested time', 'Name', 'Contact', 'Service', 'Reason', 'Status', 'Actions']);
    expect(rows(table)).toHaveLength(2);
    expect(rows(table)[0]).toHaveTextContent('Robin Visitor');
    expect(rows(table)[0]).toHaveTextContent('robin@example.com');
    expect(rows(table)[0]).toHaveTextContent('Sore knee after running');
    expect(screen.getByRole('tab', { name: 'Pending (2)', selected: true })).toBeInTheDocument();
    expect(screen.getByText('2 requests waiting')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Practitioner' })).toBeNull();
    expect(listCalls(bookings)[0].get('status')).toBe('pending');
    expect(listCalls(bookings)[0].has('practitionerId')).toBe(false);
  });

  it('confirms a request, which leaves the pending list and shows its patient and appointment', async () => {
    const { bookings, router } = render('practitioner');
    const table = await findTable(/^Pending booking requests/);
    await userEvent.click(within(table).getByRole('button', { name: /^Confirm: Robin Visitor/ }));
    await waitFor(() => expect(rows(table)).toHaveLength(1));
    expect(await screen.findByText(/^Confirmed: Robin Visitor is booked for/)).toBeInTheDocument();
    expect(bookings.calls.find((call) => call.method === 'POST')?.url).toBe(
      `/api/public-bookings/${robin.id}/confirm`,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Confirmed' }));
    const confirmed = await findTable(/^Confirmed booking requests/);
    expect(router.state.location.search).toBe('?status=confirmed');
    const row = rows(confirmed).find((candidate) => candidate.textContent?.includes('Robin Visitor'));
    const confirmedRobin = bookings.state.requests.find((request) => request.id === robin.id);
    expect(
      within(row as HTMLElement).getByRole('link', { name: 'Patient record of Robin Visitor' }),
    ).toHaveAttribute('href', `/clients?patient=${confirmedRobin?.patientId}`);
    expect(
      within(row as HTMLElement).getByRole('link', { name: /^Appointment of Robin Visitor/ }),
    ).toHaveAttribute('href', `/appointments?appointment=${confirmedRobin?.appointmentId}`);
  });

  it('asks which patient to book for when the visitor’s email is a clinic account that is not a patient’s', async () => {
    const { bookings } = render('staff', '/practitioner/public-bookings', [robin.email]);
    const table = await findTable(/^Pending booking requests/);
    await userEvent.click(within(table).getByRole('button', { name: /^Confirm: Robin Visitor/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the patient to book for' });
    await chooseFromCombobox(dialog, { label: 'Patient', search: 'Ada', option: 'Ada Lovelace' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm for this patient' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const confirms = bookings.calls.filter((call) => call.url.endsWith('/confirm'));
    expect(confirms.map((call) => call.body)).toEqual([{}, { patientId: ada.id }]);
    expect(bookings.state.requests.find((request) => request.id === robin.id)?.patientId).toBe(ada.id);
  });

  it('declines only with a message, which is sent', async () => {
    const { bookings } = render('practitioner');
    const table = await findTable(/^Pending booking requests/);
    await userEvent.click(within(table).getByRole('button', { name: /^Decline: Sky Walker/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await within(dialog).findByText('Message is required')).toBeInTheDocument();
    expect(bookings.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Message to the visitor'), 'Riley is away that week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // What happened is said once it has: declined, and the message emailed.
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast][data-visible="true"]')).toHaveTextContent(
        /Declined Sky Walker’s request.*Your message was emailed to them/,
      ),
    );
    expect(bookings.calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/public-bookings/${sky.id}/decline`,
      body: { message: 'Riley is away that week' },
    });
    await waitFor(() => expect(rows(table)).toHaveLength(1));
    await userEvent.click(screen.getByRole('tab', { name: 'Declined' }));
    expect(rows(await findTable(/^Declined booking requests/))[0]).toHaveTextContent(
      'Message: Riley is away that week',
    );
  });

  it('tells a visitor’s cancellation reason from a decline message under All', async () => {
    const { bookings } = render('practitioner', '/practitioner/public-bookings?status=all');
    bookings.state.requests.push(
      bookingRequest({ name: 'Lee Gone', status: 'cancelled', message: 'Feeling better' }),
      bookingRequest({ name: 'Kim Away', status: 'declined', message: 'Riley is away' }),
    );
    const table = await findTable(/^All booking requests/);
    expect(within(table).getByRole('row', { name: /Lee Gone/ })).toHaveTextContent(
      'Visitor’s reason: Feeling better',
    );
    expect(within(table).getByRole('row', { name: /Kim Away/ })).toHaveTextContent('Message: Riley is away');
    expect(rows(table)).toHaveLength(5);
  });

  it('lets staff narrow to one practitioner, kept in the address', async () => {
    const { bookings, router } = render('staff');
    const table = await findTable(/^Pending booking requests/);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Practitioner');
    const picker = await screen.findByRole('combobox', { name: 'Practitioner' });
    await within(picker).findByRole('option', { name: 'Dana Wells' });
    await userEvent.selectOptions(picker, PRACTITIONERS[1].id);
    await screen.findByText('No requests match your filters.');
    expect(listCalls(bookings).at(-1)?.get('practitionerId')).toBe(PRACTITIONERS[1].id);
    expect(router.state.location.search).toBe(`?practitioner=${PRACTITIONERS[1].id}`);
  });

  it('is the clinic-wide list for an admin at /admin/public-bookings', async () => {
    render('admin', '/admin/public-bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Public Bookings' })).toBeInTheDocument();
    expect(rows(await findTable(/^Pending booking requests/))).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Practitioner' })).toBeInTheDocument();
  });

  it('tells a patient it is not for their account, without asking the server', async () => {
    const { bookings } = render('patient');
    expect(await screen.findByRole('heading', { name: 'Not available to your account' })).toBeInTheDocument();
    expect(bookings.calls).toHaveLength(0);
  });

  it('asks again when the server pushes public_bookings_changed', async () => {
    const { bookings } = render('practitioner');
    const table = await findTable(/^Pending booking requests/);
    const socket = await findSocket('notifications');
    bookings.state.requests.unshift(bookingRequest({ name: 'Jamie New' }));
    socket.receive({ type: 'public_bookings_changed' });
    expect(await within(table).findByText('Jamie New')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending (3)' })).toBeInTheDocument();
  });
});
