import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../../shared/display-format';
import type { Appointment } from '../../../shared/scheduling';
import type { Role } from '../../../shared/vocabulary/roles';
import { chooseFromCombobox } from '../../test/combobox';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { appointment, fakeSchedulingServer, SERVICE_TYPES } from '../../test/fake-scheduling-server';
import { jsonResponse, userWithRole } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const HOUR = 60 * 60 * 1000;
const pat = userWithRole('patient');
const ada = patientRecord({ firstName: 'Ada', lastName: 'Lovelace' });
const dana = PRACTITIONERS[1];

/** A whole hour this many hours from now, so the scopes and the 24-hour rule hold whenever the test runs. */
const hoursFromNow = (hours: number) => {
  const at = new Date(Date.now() + hours * HOUR);
  at.setMinutes(0, 0, 0);
  return at;
};
const slot = (hours: number, minutes = 30) => {
  const start = hoursFromNow(hours);
  return {
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
  };
};

function clinic(extra: Appointment[] = []) {
  const scheduling = fakeSchedulingServer({
    now: new Date().toISOString(),
    appointments: [
      appointment({ ...slot(72), notes: 'Knee review' }),
      appointment({ ...slot(6), patientId: ada.id, patientName: 'Ada Lovelace' }),
      appointment({ ...slot(-48), status: 'completed' }),
      appointment({ ...slot(-24), status: 'no_show', patientId: ada.id, patientName: 'Ada Lovelace' }),
      appointment({ ...slot(96), status: 'cancelled', cancellationReason: 'Feeling better' }),
      ...extra,
    ],
    slots: [slot(30), slot(31)],
  });
  const me = patientRecord({
    id: pat.id,
    firstName: 'Pat',
    lastName: 'Morgan',
    practitioners: [PRACTITIONERS[0]],
  });
  const patients = fakePatientsServer({ patients: [me, ada] });
  return {
    scheduling,
    handle: (call: { method: string; url: string; body: unknown }) =>
      call.url === '/api/patients/me' ? jsonResponse(me) : (scheduling.handle(call) ?? patients.handle(call)),
  };
}

const render = (role: Role, path = '/appointments', extra: Appointment[] = []) => {
  const server = clinic(extra);
  return { server, ...renderApp({ path, role, handle: server.handle }) };
};

const listCalls = (server: ReturnType<typeof fakeSchedulingServer>) =>
  server.calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/appointments?'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);

const findTable = (name: RegExp) => screen.findByRole('table', { name }, { timeout: 10_000 });
const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the appointments page', { timeout: 20_000 }, () => {
  it("is 'Treatment Sessions' for a practitioner, listing upcoming appointments soonest first in the viewer's zone", async () => {
    render('practitioner');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Treatment Sessions' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const table = await findTable(/^Upcoming appointments/);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Patient', 'Practitioner', 'Service', 'Status', 'Actions']);
    const [first, second] = rows(table);
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent(
      createFormatter({ locale: 'en-GB', timeFormat: '24h' }).fullDateTime(hoursFromNow(6)),
    );
    expect(second).toHaveTextContent('Pat Morgan');
    expect(rows(table)).toHaveLength(2);
  });

  it('keeps the Past and Cancelled tabs in the address and shows what each holds', async () => {
    const { router, server } = render('staff');
    await findTable(/^Upcoming appointments/);
    await userEvent.click(screen.getByRole('tab', { name: 'Past' }));
    const past = await findTable(/^Past appointments/);
    expect(rows(past).map((row) => within(row).getAllByRole('cell')[3].textContent)).toEqual([
      'No-show',
      'Completed',
    ]);
    expect(router.state.location.search).toBe('?scope=past');
    await userEvent.click(screen.getByRole('tab', { name: 'Cancelled' }));
    const cancelled = await findTable(/^Cancelled appointments/);
    expect(rows(cancelled)[0]).toHaveTextContent('Reason: Feeling better');
    expect(within(cancelled).queryByRole('button')).toBeNull();
    expect(listCalls(server.scheduling).map((params) => params.get('scope'))).toEqual([
      'upcoming',
      'past',
      'cancelled',
    ]);
  });

  it('sends the filters as the server takes them and keeps them in the address', async () => {
    const { router, server } = render('staff');
    await findTable(/^Upcoming appointments/);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Practitioner' }), dana.id);
    await screen.findByText('No appointments match your filters.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'confirmed');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(listCalls(server.scheduling).at(-1)?.get('from')).toBeTruthy());
    const last = listCalls(server.scheduling).at(-1);
    expect(last?.get('practitionerId')).toBe(dana.id);
    expect(last?.get('status')).toBe('confirmed');
    expect(last?.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(router.state.location.search).toBe(`?practitioner=${dana.id}&status=confirmed&from=2026-03-01`);
  });

  it('confirms, checks a patient in and completes the session', async () => {
    const { server } = render('practitioner');
    const table = await findTable(/^Upcoming appointments/);
    await userEvent.click(within(rows(table)[0]).getByRole('button', { name: /^Confirm: Ada Lovelace/ }));
    await waitFor(() => expect(within(rows(table)[0]).getByText('Confirmed')).toBeInTheDocument());
    expect(within(rows(table)[0]).queryByRole('button', { name: /^Confirm/ })).toBeNull();
    await userEvent.click(within(rows(table)[0]).getByRole('button', { name: /^Check in: Ada Lovelace/ }));
    await waitFor(() => expect(within(rows(table)[0]).getByText('Checked in')).toBeInTheDocument());
    expect(within(rows(table)[0]).queryByRole('button', { name: /^Check in/ })).toBeNull();
    await userEvent.click(within(rows(table)[0]).getByRole('button', { name: /^Complete: Ada Lovelace/ }));
    await waitFor(() => expect(within(rows(table)[0]).getByText('Completed')).toBeInTheDocument());
    expect(
      server.scheduling.calls
        .filter((call) => call.method === 'POST')
        .map((call) => call.url.split('/').at(-1)),
    ).toEqual(['confirm', 'check-in', 'complete']);
  });

  it('lets staff take back a no-show with a reason, and says what became of its fee', async () => {
    const { server } = render('staff', '/appointments?scope=past');
    const past = await findTable(/^Past appointments/);
    const missed = rows(past)[0];
    await userEvent.click(within(missed).getByRole('button', { name: /^Undo no-show: Ada Lovelace/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Take back the no-show?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take back no-show' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Arrived late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take back no-show' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The $40.00 no-show fee was withdrawn.')).toBeInTheDocument();
    expect(server.scheduling.calls.find((call) => call.url.endsWith('/undo-no-show'))?.body).toEqual({
      reason: 'Arrived late',
    });
  });

  it('offers a practitioner no way to take back a no-show', async () => {
    render('practitioner', '/appointments?scope=past');
    const past = await findTable(/^Past appointments/);
    expect(within(past).queryByRole('button', { name: /^Undo no-show/ })).toBeNull();
  });

  it('asks for a reason before cancelling, and the appointment moves to Cancelled', async () => {
    const { server } = render('staff');
    const table = await findTable(/^Upcoming appointments/);
    await userEvent.click(
      within(rows(table)[1]).getByRole('button', { name: /^More actions for Pat Morgan on / }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: /^Cancel: Pat Morgan/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    expect(server.scheduling.calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Practitioner unwell');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows(table)).toHaveLength(1));
    expect(server.scheduling.calls.find((call) => call.url.endsWith('/cancel'))?.body).toEqual({
      reason: 'Practitioner unwell',
    });
  });

  it("is 'My Appointments' for a patient, who may cancel only more than 24 hours ahead", async () => {
    render('patient', '/appointments?patient=00000000-0000-4000-8000-0000000000ff', [
      appointment({ ...slot(3), serviceName: 'Initial assessment' }),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Appointments' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const table = await findTable(/^Upcoming appointments/);
    expect(within(table).queryByRole('columnheader', { name: 'Patient' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Patient' })).toBeNull();
    const [soon, , later] = rows(table);
    expect(within(soon).queryByRole('button')).toBeNull();
    expect(within(later).getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Check in|No-show|Complete/ })).toBeNull();
  });
});

describe('a linked appointment', { timeout: 20_000 }, () => {
  it('opens the details of the appointment a notification links to, and closing them clears the link', async () => {
    const linked = appointment({ ...slot(120), serviceName: 'Initial assessment', notes: 'Bring scans' });
    const { router } = render('practitioner', `/appointments?appointment=${linked.id}`, [linked]);
    const details = await screen.findByRole('dialog', { name: 'Initial assessment' }, { timeout: 10_000 });
    expect(details).toHaveTextContent('Bring scans');
    expect(within(details).getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('the new-appointment dialog', { timeout: 20_000 }, () => {
  it('books for a patient with a practitioner and service, and shows a clash as a form error', async () => {
    const taken = slot(50, 60);
    const { server } = render('staff', '/appointments', [appointment({ ...taken, practitionerId: dana.id })]);
    await findTable(/^Upcoming appointments/);
    await userEvent.click(screen.getByRole('button', { name: 'New appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(within(dialog).getByText('Choose a patient', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a service', { selector: 'p' })).toBeInTheDocument();

    await chooseFromCombobox(dialog, { label: 'Patient', search: 'Ada', option: 'Ada Lovelace' });
    await chooseFromCombobox(dialog, { label: 'Practitioner', option: `${dana.firstName} ${dana.lastName}` });
    await chooseFromCombobox(dialog, { label: 'Service', option: SERVICE_TYPES[0].name });
    const start = new Date(taken.startsAt);
    fireEvent.change(within(dialog).getByLabelText('Day'), {
      target: { value: format(start, 'yyyy-MM-dd') },
    });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: format(start, 'HH:mm') } });
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Bring scans');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That time overlaps another appointment',
    );

    const free = new Date(start.getTime() + 2 * HOUR);
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: format(free, 'HH:mm') } });
    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: format(free, 'yyyy-MM-dd') } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = server.scheduling.calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({
      patientId: ada.id,
      practitionerId: dana.id,
      serviceTypeId: SERVICE_TYPES[0].id,
      startsAt: free.toISOString(),
      notes: 'Bring scans',
    });
    const table = await findTable(/^Upcoming appointments/);
    await waitFor(() => expect(rows(table)).toHaveLength(4));
  });

  it("lets a patient request one of their practitioner's free times", async () => {
    const { server } = render('patient');
    await findTable(/^Upcoming appointments/);
    await userEvent.click(screen.getByRole('button', { name: 'Request an appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an appointment' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Practitioner' })).toHaveValue(
        `${PRACTITIONERS[0].firstName} ${PRACTITIONERS[0].lastName}`,
      ),
    );
    await chooseFromCombobox(dialog, { label: 'Service', option: SERVICE_TYPES[1].name });
    const wanted = slot(31);
    const time = within(dialog).getByRole('combobox', { name: 'Free time' });
    await within(dialog).findByRole('option', {
      name: new RegExp(`^${format(new Date(wanted.startsAt), 'HH:mm')}`),
    });
    await userEvent.selectOptions(time, wanted.startsAt);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const slotsCall = server.scheduling.calls.find((call) => call.url.includes('/slots?'));
    expect(slotsCall?.url).toContain(
      `/api/practitioners/${PRACTITIONERS[0].id}/slots?serviceTypeId=${SERVICE_TYPES[1].id}`,
    );
    expect(server.scheduling.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      practitionerId: PRACTITIONERS[0].id,
      serviceTypeId: SERVICE_TYPES[1].id,
      startsAt: wanted.startsAt,
    });
  });
});
