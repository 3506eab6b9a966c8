import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { Preferences } from '../../../shared/preferences';
import type { Appointment } from '../../../shared/scheduling';
import type { Role } from '../../../shared/vocabulary/roles';
import { NEW_APPOINTMENT_EVENT } from '../../app/shell/new-menu';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import {
  appointment,
  fakeSchedulingServer,
  RILEY_AVAILABILITY,
  SERVICE_TYPES,
} from '../../test/fake-scheduling-server';
import { userWithRole } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { WebSocketStub } from '../../test/setup';

const riley = PRACTITIONERS[0];
const dana = PRACTITIONERS[1];
const pat = userWithRole('patient');

/** Local wall times on Monday 2 March 2026, the week the tests look at. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);
const span = (start: Date, minutes: number) => ({
  startsAt: start.toISOString(),
  endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
});

const knee = appointment({ ...span(at(2, 10), 30), notes: 'Knee review' });
const danas = appointment({
  ...span(at(3, 11), 60),
  practitionerId: dana.id,
  practitionerName: 'Dana Wells',
  serviceTypeId: SERVICE_TYPES[0].id,
  serviceName: SERVICE_TYPES[0].name,
  colour: SERVICE_TYPES[0].colour,
});
const cancelled = appointment({ ...span(at(4, 9), 30), status: 'cancelled', cancellationReason: 'Ill' });

function render(
  role: Role,
  path: string,
  options: { preferences?: Partial<Preferences>; extra?: Appointment[] } = {},
) {
  const scheduling = fakeSchedulingServer({
    now: '2026-02-20T00:00:00.000Z',
    appointments: [knee, danas, cancelled, ...(options.extra ?? [])],
    availability: { [riley.id]: RILEY_AVAILABILITY },
  });
  const patients = fakePatientsServer({
    patients: [patientRecord({ id: pat.id, firstName: 'Pat', lastName: 'Morgan' })],
  });
  const view = renderApp({
    path,
    role,
    preferences: options.preferences,
    handle: (call) => scheduling.handle(call) ?? patients.handle(call),
  });
  return { scheduling, ...view };
}

const rangeCalls = (server: ReturnType<typeof fakeSchedulingServer>) =>
  server.calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/appointments?'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);

const findGrid = () => screen.findByRole('region', { name: 'Calendar grid' }, { timeout: 10_000 });
const slotButton = (label: string) => screen.getByRole('button', { name: label });

describe('the calendar', { timeout: 20_000 }, () => {
  it("is 'Treatment Calendar' for a practitioner: their week by preference, working hours shaded, cancelled ones left out", async () => {
    const { scheduling } = render('practitioner', '/calendar?date=2026-03-04');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Treatment Calendar' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const grid = await findGrid();
    expect(screen.getByRole('heading', { level: 2, name: '2 – 8 March 2026' })).toBeInTheDocument();
    expect(
      await within(grid).findByRole('button', { name: /^10:00–10:30 Pat Morgan, Follow-up$/ }),
    ).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /09:00–09:30/ })).toBeNull();
    await waitFor(() => expect(within(grid).getAllByTestId('working-hours')).toHaveLength(5));
    expect(slotButton('Book at 09:00 on Sunday 8 March')).toBeInTheDocument();
    const [range] = rangeCalls(scheduling);
    expect(range.get('from')).toBe(at(2, 0).toISOString());
    expect(range.get('to')).toBe(at(9, 0).toISOString());
    expect(range.get('practitionerId')).toBe(riley.id);
    expect(screen.getByText(/Shaded: working hours/)).toBeInTheDocument();
  });

  it('opens in the preferred view, leaves weekends out when asked, and keeps the chosen view in the address', async () => {
    const { router } = render('staff', '/calendar?date=2026-03-04', {
      preferences: { calendarView: 'month', showWeekends: false },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'March 2026' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const grid = await findGrid();
    expect(await within(grid).findByRole('button', { name: /^10:00 Pat Morgan/ })).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /Saturday|Sunday/ })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    expect(router.state.location.search).toBe('?date=2026-03-04&view=week');
    expect(
      await screen.findByRole('button', { name: 'Book at 09:00 on Friday 6 March' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book at 09:00 on Saturday 7 March' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(router.state.location.search).toBe('?date=2026-03-11&view=week');
    expect(screen.getByRole('heading', { level: 2, name: '9 – 13 March 2026' })).toBeInTheDocument();
  });

  it('lets staff narrow to one practitioner, kept in the address, with that practitioner’s hours shaded', async () => {
    const { router, scheduling } = render('staff', '/calendar?date=2026-03-02&view=week');
    const grid = await findGrid();
    expect(await within(grid).findByRole('button', { name: /Dana|11:00–12:00/ })).toBeInTheDocument();
    expect(within(grid).queryByTestId('working-hours')).toBeNull();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Practitioner' }), riley.id);
    await waitFor(() => expect(rangeCalls(scheduling).at(-1)?.get('practitionerId')).toBe(riley.id));
    expect(router.state.location.search).toContain(`practitioner=${riley.id}`);
    await waitFor(() => expect(within(grid).queryByRole('button', { name: /11:00–12:00/ })).toBeNull());
    await waitFor(() => expect(within(grid).getAllByTestId('working-hours')).toHaveLength(5));
  });

  it('books a clicked free time with the day and time filled in', async () => {
    render('practitioner', '/calendar?date=2026-03-02&view=day');
    await findGrid();
    await userEvent.click(slotButton('Book at 14:30 on Monday 2 March'));
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' });
    expect(within(dialog).getByLabelText('Day')).toHaveValue('03/02/2026');
    expect(within(dialog).getByLabelText('Time')).toHaveValue('14:30');
  });

  it('opens the new-appointment dialog from ?action=appointment and from the header’s New menu', async () => {
    const { router } = render('admin', '/calendar?action=appointment&date=2026-03-02');
    expect(await screen.findByRole('dialog', { name: 'New appointment' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?action=appointment&date=2026-03-02');
    await userEvent.click(screen.getByRole('button', { name: 'Close new appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?date=2026-03-02');
    act(() => {
      window.dispatchEvent(new CustomEvent(NEW_APPOINTMENT_EVENT));
    });
    expect(await screen.findByRole('dialog', { name: 'New appointment' })).toBeInTheDocument();
  });

  it('moves a dragged appointment to the time it is dropped on', async () => {
    const { scheduling } = render('practitioner', '/calendar?date=2026-03-02&view=week');
    const grid = await findGrid();
    const card = await within(grid).findByRole('button', { name: /^10:00–10:30 Pat Morgan/ });
    fireEvent.dragStart(card, { dataTransfer: { setData: () => {}, effectAllowed: 'move' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const target = slotButton('Book at 15:00 on Tuesday 3 March');
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    await screen.findByText('Moved Pat Morgan to Tuesday 3 March, 15:00.');
    expect(scheduling.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      startsAt: at(3, 15).toISOString(),
    });
    expect(await within(grid).findByRole('button', { name: /^15:00–15:30 Pat Morgan/ })).toBeInTheDocument();
  });

  it('snaps a dragged appointment back and says why when the new time clashes', async () => {
    const { scheduling } = render('practitioner', '/calendar?date=2026-03-02&view=week', {
      extra: [appointment({ ...span(at(2, 13), 60), patientName: 'Ada Lovelace' })],
    });
    const grid = await findGrid();
    const card = await within(grid).findByRole('button', { name: /^10:00–10:30 Pat Morgan/ });
    fireEvent.dragStart(card, { dataTransfer: { setData: () => {}, effectAllowed: 'move' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const target = slotButton('Book at 13:30 on Monday 2 March');
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pat Morgan was not moved: That time overlaps another appointment.',
    );
    expect(within(grid).getByRole('button', { name: /^10:00–10:30 Pat Morgan/ })).toBeInTheDocument();
    expect(scheduling.state.appointments.find((item) => item.id === knee.id)?.startsAt).toBe(knee.startsAt);
  });

  it('reschedules from the appointment’s details without a mouse', async () => {
    const { scheduling } = render('practitioner', '/calendar?date=2026-03-02&view=week');
    const grid = await findGrid();
    await userEvent.click(await within(grid).findByRole('button', { name: /^10:00–10:30 Pat Morgan/ }));
    const details = await screen.findByRole('dialog', { name: 'Follow-up' });
    expect(details).toHaveTextContent('Knee review');
    await userEvent.click(within(details).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    fireEvent.change(within(dialog).getByLabelText('New time'), { target: { value: '16:15' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move appointment' }));
    await waitFor(() => expect(scheduling.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(scheduling.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      startsAt: at(2, 16, 15).toISOString(),
    });
    expect(await within(details).findByText(/16:15–16:45$/)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(await within(grid).findByRole('button', { name: /^16:15–16:45 Pat Morgan/ })).toBeInTheDocument();
  });

  it('shows a change made elsewhere when the server pushes appointments_changed, without a reload', async () => {
    const { scheduling } = render('staff', '/calendar?date=2026-03-02&view=week');
    const grid = await findGrid();
    await within(grid).findByRole('button', { name: /^10:00–10:30 Pat Morgan/ });
    const socket = WebSocketStub.instances.find((candidate) =>
      candidate.url.includes('channel=notifications'),
    );
    expect(socket).toBeDefined();
    socket?.accept();
    // Someone else moves the appointment; the server tells this browser it changed.
    scheduling.state.appointments = scheduling.state.appointments.map((item) =>
      item.id === knee.id ? { ...item, ...span(at(5, 12), 30) } : item,
    );
    socket?.receive({ type: 'appointments_changed', appointmentId: knee.id });
    expect(await within(grid).findByRole('button', { name: /^12:00–12:30 Pat Morgan/ })).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /^10:00–10:30 Pat Morgan/ })).toBeNull();
  });

  it('gives staff looking at everyone a column a practitioner in the day view; a click there books with them', async () => {
    const { router } = render('staff', '/calendar?date=2026-03-03&view=day');
    const grid = await findGrid();
    expect(await within(grid).findByText('Dana Wells')).toBeInTheDocument();
    expect(within(grid).getByText('Riley Chen')).toBeInTheDocument();
    const danaColumn = grid.querySelector(`[data-practitioner="${dana.id}"]`) as HTMLElement;
    expect(within(danaColumn).getByRole('button', { name: /^11:00–12:00 Pat Morgan, / })).toBeInTheDocument();
    const rileyColumn = grid.querySelector(`[data-practitioner="${riley.id}"]`) as HTMLElement;
    expect(within(rileyColumn).queryByRole('button', { name: /^11:00–12:00/ })).toBeNull();
    await waitFor(() => expect(within(rileyColumn).getAllByTestId('working-hours')).toHaveLength(1));
    expect(screen.getByRole('region', { name: 'Legend' })).toHaveTextContent(SERVICE_TYPES[0].name);
    await userEvent.click(slotButton('Book at 15:30 on Tuesday 3 March with Dana Wells'));
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' });
    expect(within(dialog).getByLabelText('Time')).toHaveValue('15:30');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Practitioner' })).toHaveValue('Dana Wells'),
    );
    expect(router.state.location.search).toBe('?date=2026-03-03&view=day');
  });

  it('opens the agenda on a phone when the address names no view, the day as a list in full words', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    render('staff', '/calendar?date=2026-03-03');
    const agenda = await screen.findByRole('region', { name: 'Calendar agenda' }, { timeout: 10_000 });
    expect(screen.getByRole('radio', { name: 'Agenda' })).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Calendar grid' })).toBeNull();
    const item = await within(agenda).findByRole('button', { name: /11:00–12:00 Pat Morgan/ });
    expect(item).toHaveTextContent(`${SERVICE_TYPES[0].name} · Dana Wells`);
    await userEvent.click(item);
    expect(await screen.findByRole('dialog', { name: SERVICE_TYPES[0].name })).toBeInTheDocument();
  });

  it("is 'My Calendar' for a patient, who requests a time rather than clicking one and cannot drag", async () => {
    render('patient', '/calendar?date=2026-03-02&view=week');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Calendar' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const grid = await findGrid();
    const card = await within(grid).findByRole('button', { name: /^10:00–10:30 Pat Morgan/ });
    expect(card).toHaveAttribute('draggable', 'false');
    expect(slotButton('Book at 09:00 on Monday 2 March')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request an appointment' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Practitioner' })).toBeNull();
    expect(format(new Date(knee.startsAt), 'HH:mm')).toBe('10:00');
  });
});
