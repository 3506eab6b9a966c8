import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BILLING_POLICY } from '../../../shared/billing';
import type { GeneralDashboard, PractitionerDashboard } from '../../../shared/dashboard';
import type { Role } from '../../../shared/vocabulary/roles';
import { fakeBillingServer } from '../../test/fake-billing-server';
import {
  dashboardAppointment,
  dashboardServer,
  patientDashboard,
  patientId,
} from '../../test/fake-dashboard';
import { userWithRole } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** The dashboards' appointment cards: a patient's next one, a practitioner's today, the clinic's day. */
const FIRST = dashboardAppointment();
const SECOND = dashboardAppointment({
  id: '00000000-0000-4000-8000-00000000a002',
  startsAt: '2026-03-16T14:00:00.000Z',
  endsAt: '2026-03-16T15:00:00.000Z',
  status: 'checked_in',
  patientId: '00000000-0000-4000-8000-0000000000d2',
  patientName: 'Bo Quill',
  serviceName: 'Sports massage',
  practitionerName: 'Maya Okafor',
});
const time = (iso: string) => format(new Date(iso), 'HH:mm');
const range = (appointment: { startsAt: string; endsAt: string }) =>
  `${time(appointment.startsAt)}–${time(appointment.endsAt)}`;

const practitionerBoard = (overrides: Partial<PractitionerDashboard> = {}): PractitionerDashboard => ({
  kind: 'practitioner',
  unreadMessages: 0,
  todaysSessions: { day: '2026-03-16', timeZone: 'Europe/London', appointments: [FIRST, SECOND] },
  pendingPublicBookings: 3,
  notesAwaitingSignature: { count: 0, newest: [] },
  myPatients: 2,
  patientsWithRecentNotes: { count: 0, newest: [] },
  ...overrides,
});

const generalBoard = (overrides: Partial<GeneralDashboard['clinicSchedule']> = {}): GeneralDashboard => ({
  kind: 'general',
  billing: { revenueThisMonthCents: 0, overdueInvoices: 0, overdueBalanceCents: 0 },
  unreadMessages: 0,
  clinicSchedule: {
    day: '2026-03-16',
    timeZone: 'Europe/London',
    appointments: [FIRST, SECOND],
    total: 3,
    byStatus: { scheduled: 0, confirmed: 1, checked_in: 1, completed: 0, cancelled: 1, no_show: 0 },
    ...overrides,
  },
  newPatients: { count: 0, newest: [] },
  activePatients: 10,
  notesSignedThisWeek: 0,
});

const render = (role: Role, body: Parameters<typeof dashboardServer>[0]) =>
  renderApp({ path: '/', role, handle: dashboardServer(body).handle });
const card = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('appointments on the dashboards', () => {
  it('shows a patient their next appointment with links to it and to all of theirs', async () => {
    render('patient', patientDashboard());
    const next = await card('Next appointment');
    expect(next).toHaveTextContent('Follow-up session with Riley Chen');
    expect(next).toHaveTextContent('Confirmed');
    expect(next).toHaveTextContent(`${format(new Date(FIRST.startsAt), 'EEE, d MMM yyyy, HH:mm')}`);
    expect(within(next).getByRole('link', { name: /^Open your appointment of/ })).toHaveAttribute(
      'href',
      `/appointments?appointment=${FIRST.id}`,
    );
    expect(within(next).getByRole('link', { name: 'All my appointments' })).toHaveAttribute(
      'href',
      '/appointments',
    );
  });

  it('offers a patient with nothing booked a way to request a time', async () => {
    render('patient', patientDashboard({ nextAppointment: null }));
    const next = await card('Next appointment');
    expect(next).toHaveTextContent('You have no upcoming appointments.');
    expect(within(next).getByRole('link', { name: 'Request an appointment' })).toHaveAttribute(
      'href',
      '/calendar?action=appointment',
    );
  });

  it("shows a practitioner today's sessions with their patients, and the public bookings waiting", async () => {
    render('practitioner', practitionerBoard());
    const sessions = await card("Today's sessions");
    expect(sessions).toHaveTextContent('2sessions today');
    const table = within(sessions).getByRole('table', {
      name: 'Your sessions on Monday 16 March, earliest first',
    });
    expect(cells(table)).toEqual([
      ['Time', 'Patient', 'Service', 'Status'],
      [range(FIRST), 'Pat Morgan', 'Follow-up session', 'Confirmed'],
      [range(SECOND), 'Bo Quill', 'Sports massage', 'Checked in'],
    ]);
    expect(within(table).getByRole('link', { name: 'Pat Morgan' })).toHaveAttribute(
      'href',
      `/clients?patient=${patientId}`,
    );
    expect(
      within(table).getByRole('link', { name: `Session at ${range(SECOND)} with Bo Quill` }),
    ).toHaveAttribute('href', `/appointments?appointment=${SECOND.id}`);

    const bookings = await card('Public bookings');
    expect(bookings).toHaveTextContent('3requests waiting for you');
    expect(within(bookings).getByRole('link', { name: 'Review public bookings' })).toHaveAttribute(
      'href',
      '/practitioner/public-bookings',
    );
  });

  it('tells a practitioner with a free day so', async () => {
    render(
      'practitioner',
      practitionerBoard({
        todaysSessions: { day: '2026-03-16', timeZone: 'Europe/London', appointments: [] },
        pendingPublicBookings: 1,
      }),
    );
    const sessions = await card("Today's sessions");
    expect(sessions).toHaveTextContent('No sessions today.');
    expect(within(sessions).queryByRole('table')).not.toBeInTheDocument();
    expect(await card('Public bookings')).toHaveTextContent('1request waiting for you');
  });

  it.each(['staff', 'admin'] as const)("shows %s the clinic's day with counts by status", async (role) => {
    render(role, generalBoard());
    const schedule = await card("Today's clinic schedule");
    expect(schedule).toHaveTextContent('3appointments today');
    const byStatus = within(schedule).getByRole('list', { name: 'Appointments today by status' });
    expect(
      within(byStatus)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 confirmed', '1 checked in', '1 cancelled']);
    const table = within(schedule).getByRole('table', {
      name: "The clinic's appointments on Monday 16 March, earliest first: the first 2 of 3",
    });
    expect(cells(table)).toEqual([
      ['Time', 'Practitioner', 'Patient', 'Service', 'Status'],
      [range(FIRST), 'Riley Chen', 'Pat Morgan', 'Follow-up session', 'Confirmed'],
      [range(SECOND), 'Maya Okafor', 'Bo Quill', 'Sports massage', 'Checked in'],
    ]);
    expect(within(table).getByRole('link', { name: 'Bo Quill' })).toHaveAttribute(
      'href',
      `/clients?patient=${SECOND.patientId}`,
    );
  });

  it.each([
    ['practitioner', "Today's sessions"],
    ['staff', "Today's clinic schedule"],
  ] as const)(
    'offers %s Checkout on a completed session only while session billing is on',
    async (role, name) => {
      const done = {
        ...SECOND,
        status: 'completed' as const,
        practitionerId: userWithRole('practitioner').id,
      };
      const mine = { ...FIRST, practitionerId: userWithRole('practitioner').id };
      const board =
        role === 'practitioner'
          ? practitionerBoard({
              todaysSessions: { day: '2026-03-16', timeZone: 'Europe/London', appointments: [mine, done] },
            })
          : generalBoard({ appointments: [mine, done] });
      const billing = fakeBillingServer({ policy: { ...DEFAULT_BILLING_POLICY, sessionBilling: true } });
      const view = renderApp({
        path: '/',
        role,
        handle: (call) => dashboardServer(board).handle(call) ?? billing.handle(call),
      });
      const day = await card(name);
      const completedRow = await within(day).findByRole('row', { name: /Bo Quill/ });
      expect(
        await within(completedRow).findByRole('button', { name: /^Checkout: Bo Quill, \d{2}:\d{2}$/ }),
      ).toBeInTheDocument();
      expect(within(day).getAllByRole('button', { name: /^Checkout/ })).toHaveLength(1);
      await userEvent.click(within(completedRow).getByRole('button', { name: /^Checkout: / }));
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
      view.unmount();

      // With session billing off the list is the specification's: no Checkout anywhere.
      const off = fakeBillingServer({ policy: DEFAULT_BILLING_POLICY });
      renderApp({
        path: '/',
        role,
        handle: (call) => dashboardServer(board).handle(call) ?? off.handle(call),
      });
      const plain = await card(name);
      await waitFor(() => expect(off.calls.some((call) => call.url === '/api/billing/policy')).toBe(true));
      expect(within(plain).queryByRole('button', { name: /^Checkout/ })).not.toBeInTheDocument();
    },
  );

  it('tells staff when the clinic has no appointments today', async () => {
    render(
      'staff',
      generalBoard({
        appointments: [],
        total: 0,
        byStatus: { scheduled: 0, confirmed: 0, checked_in: 0, completed: 0, cancelled: 0, no_show: 0 },
      }),
    );
    const schedule = await card("Today's clinic schedule");
    expect(schedule).toHaveTextContent('0appointments today');
    expect(schedule).toHaveTextContent('No appointments today.');
    expect(within(schedule).queryByRole('list')).not.toBeInTheDocument();
  });
});
