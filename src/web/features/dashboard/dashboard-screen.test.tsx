import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Dashboard, GeneralDashboard, PractitionerDashboard } from '../../../shared/dashboard';
import type { Role } from '../../../shared/vocabulary/roles';
import {
  dashboardAppointment,
  dashboardServer,
  patientDashboard,
  patientId,
} from '../../test/fake-dashboard';
import { renderApp } from '../../test/render-app';
import { WebSocketStub } from '../../test/setup';

const SECOND_ID = '00000000-0000-4000-8000-00000000a002';

const practitionerDashboard: PractitionerDashboard = {
  kind: 'practitioner',
  unreadMessages: 0,
  todaysSessions: {
    day: '2026-03-16',
    timeZone: 'Europe/London',
    appointments: [
      dashboardAppointment(),
      dashboardAppointment({
        id: SECOND_ID,
        startsAt: '2026-03-16T14:00:00.000Z',
        endsAt: '2026-03-16T15:00:00.000Z',
        status: 'checked_in',
        patientName: 'Bo Quill',
        serviceName: 'Sports massage',
      }),
    ],
  },
  pendingPublicBookings: 3,
  notesAwaitingSignature: {
    count: 7,
    newest: [
      {
        id: '00000000-0000-4000-8000-00000000c001',
        patientId,
        patientName: 'Pat Morgan',
        updatedAt: '2026-03-10T08:00:00.000Z',
      },
    ],
  },
  myPatients: 12,
  patientsWithRecentNotes: {
    count: 4,
    newest: [
      {
        patientId,
        patientName: 'Pat Morgan',
        latestNoteId: '00000000-0000-4000-8000-00000000c001',
        latestNoteAt: '2026-03-10T08:00:00.000Z',
      },
    ],
  },
};

const generalDashboard: GeneralDashboard = {
  kind: 'general',
  billing: { revenueThisMonthCents: 0, overdueInvoices: 0, overdueBalanceCents: 0 },
  unreadMessages: 1,
  clinicSchedule: {
    day: '2026-03-16',
    timeZone: 'Europe/London',
    appointments: [
      dashboardAppointment(),
      dashboardAppointment({ id: SECOND_ID, practitionerName: 'Maya Okafor', status: 'cancelled' }),
    ],
    total: 2,
    byStatus: { scheduled: 0, confirmed: 1, checked_in: 0, completed: 0, cancelled: 1, no_show: 0 },
  },
  newPatients: {
    count: 9,
    newest: [{ id: patientId, firstName: 'Pat', lastName: 'Morgan', createdAt: '2026-03-08T08:00:00.000Z' }],
  },
  activePatients: 48,
  notesSignedThisWeek: 5,
};

const render = (role: Role, ...bodies: Array<Dashboard | 'error'>) => {
  const server = dashboardServer(...bodies);
  return { server, ...renderApp({ path: '/', role, handle: server.handle }) };
};
const card = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe('the dashboards', () => {
  it('shows a patient their counts, onboarding and shared notes with links', async () => {
    render('patient', patientDashboard());
    expect(await card('Messages')).toHaveTextContent('2unread messages');
    expect(within(await card('Messages')).getByRole('link', { name: 'Open messages' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(await card('Notifications')).toHaveTextContent('1unread notification');
    const onboarding = await card('Onboarding');
    expect(onboarding).toHaveTextContent('3 of 9 steps done');
    expect(within(onboarding).getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'value',
      '3',
    );
    expect(within(onboarding).getByRole('link', { name: 'Complete Onboarding' })).toHaveAttribute(
      'href',
      '/patient-onboarding',
    );
    const notes = within(await card('Recent notes from your care team')).getAllByRole('link');
    expect(
      notes.map((link) => [link.getAttribute('aria-label') ?? link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Note of 9 Mar 2026 by Riley Chen', '/recovery-notes/00000000-0000-4000-8000-00000000b002'],
      ['Note of 2 Mar 2026 by Riley Chen', '/recovery-notes/00000000-0000-4000-8000-00000000b001'],
      ['All my notes', '/recovery-notes'],
    ]);
  });

  it('draws the patient’s progress with the same figures as a table, shown on request', async () => {
    render('patient', patientDashboard());
    const progress = await card('Recovery progress');
    expect(within(progress).getByRole('img')).toHaveAccessibleName(
      'Recovery progress chart. Pain score from 6 to 3 out of 10 over 2 signed notes.',
    );
    const table = within(progress).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Date', 'Pain score', 'Goal progress', 'Goals'],
      ['2 Mar 2026', '6/10', '30%', 'Climb stairs: 20%; Walk 2 km: 40%'],
      ['9 Mar 2026', '3/10', '70%', 'Climb stairs: 70%'],
    ]);
    const toggle = within(progress).getByRole('button', { name: 'Show the figures as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(progress).getByRole('button', { name: 'Hide the figures' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(table.parentElement).not.toHaveClass('sr-only');
  });

  it('says so when onboarding is complete and no notes are shared yet', async () => {
    render(
      'patient',
      patientDashboard({
        onboarding: { completedSteps: 9, totalSteps: 9, complete: true, nextStep: null },
        recentSharedNotes: [],
        progress: { patientId, points: [] },
      }),
    );
    expect(await card('Onboarding')).toHaveTextContent('Your onboarding is complete.');
    expect(await card('Recent notes from your care team')).toHaveTextContent(
      'No notes have been shared with you yet.',
    );
    expect(await card('Recovery progress')).toHaveTextContent('No signed notes with scores yet.');
  });

  it('shows a practitioner their drafts, patients and recent notes with links', async () => {
    render('practitioner', practitionerDashboard);
    const drafts = await card('Notes waiting for signature');
    expect(drafts).toHaveTextContent('7drafts to sign');
    expect(within(drafts).getByRole('link', { name: 'Draft for Pat Morgan' })).toHaveAttribute(
      'href',
      '/recovery-notes/00000000-0000-4000-8000-00000000c001',
    );
    expect(await card('My patients')).toHaveTextContent('12patients in your care');
    const recent = await card('Patients with recent notes');
    expect(recent).toHaveTextContent('4patients with notes in the last 30 days');
    expect(within(recent).getByRole('link', { name: 'Pat Morgan' })).toHaveAttribute(
      'href',
      `/clients?patient=${patientId}`,
    );
    expect(await card('Messages')).toHaveTextContent('0unread messages');
  });

  it.each(['staff', 'admin'] as const)('shows %s the clinic figures', async (role) => {
    render(role, generalDashboard);
    const newPatients = await card('New patients');
    expect(newPatients).toHaveTextContent('9new patients in the last 30 days');
    expect(within(newPatients).getByRole('link', { name: 'Pat Morgan' })).toHaveAttribute(
      'href',
      `/clients?patient=${patientId}`,
    );
    expect(await card('Active patients')).toHaveTextContent('48active patients');
    expect(await card('Notes signed this week')).toHaveTextContent('5notes signed since Monday');
    expect(await card('Messages')).toHaveTextContent('1unread message');
  });

  it('shows a member their messages, their donations and the Donate button', async () => {
    render('member', {
      kind: 'member',
      unreadMessages: 3,
      onboarding: { completed: false, nextStep: 'support' },
      donations: {
        count: 2,
        totalCents: 3550,
        recent: [
          { id: 'd3', amountCents: 1000, status: 'refunded', paidAt: '2026-11-20T10:00:00.000Z' },
          { id: 'd2', amountCents: 1050, status: 'paid', paidAt: '2026-11-12T10:00:00.000Z' },
          { id: 'd1', amountCents: 2500, status: 'paid', paidAt: '2026-10-01T10:00:00.000Z' },
        ],
      },
      events: {
        count: 2,
        next: [
          { eventId: 'e1', title: 'Garden tour', startsAt: '2026-12-05T10:00:00.000Z', status: 'registered' },
          { eventId: 'e2', title: 'Winter talk', startsAt: '2026-12-12T18:00:00.000Z', status: 'waitlisted' },
        ],
      },
      orders: {
        count: 4,
        recent: [{ id: 'o2', number: 'ORD-000012', status: 'paid', totalCents: 64500 }],
      },
      quotes: {
        count: 2,
        recent: [
          { id: 'q2', title: 'Sponsor the walking group', status: 'answered' },
          { id: 'q1', title: 'Fifty tees', status: 'requested' },
        ],
      },
    });
    const welcome = await card('Your onboarding');
    expect(welcome).toHaveTextContent('Tell us what you care about');
    // /messages shows a member their dashboard; their conversations are at /member/messages.
    expect(within(await card('Messages')).getByRole('link', { name: 'Open messages' })).toHaveAttribute(
      'href',
      '/member/messages',
    );
    expect(within(welcome).getByRole('link', { name: 'Continue your onboarding' })).toHaveAttribute(
      'href',
      '/member/onboarding',
    );
    const upcoming = await card('Your events');
    expect(upcoming).toHaveTextContent('2upcoming events');
    expect(
      within(within(upcoming).getByRole('list', { name: 'Next events' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5 Dec 2026: Garden tour', '12 Dec 2026: Winter talk (waitlisted)']);
    expect(within(upcoming).getByRole('link', { name: 'All events' })).toHaveAttribute(
      'href',
      '/member/events',
    );
    expect(await card('Messages')).toHaveTextContent('3unread messages');
    const gifts = await card('Your donations');
    expect(gifts).toHaveTextContent('2donations');
    expect(gifts).toHaveTextContent('$35.50 given in all');
    const latest = within(gifts).getByRole('list', { name: 'Latest donations' });
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['20 Nov 2026: $10.00 (refunded)', '12 Nov 2026: $10.50', '1 Oct 2026: $25.00']);
    expect(within(gifts).getByRole('link', { name: 'All your donations' })).toHaveAttribute(
      'href',
      '/member/donate',
    );
    const bought = await card('Your orders');
    expect(bought).toHaveTextContent('4orders');
    expect(
      within(within(bought).getByRole('list', { name: 'Latest orders' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ORD-000012: $645.00 (paid)']);
    expect(within(bought).getByRole('link', { name: 'All your orders' })).toHaveAttribute(
      'href',
      '/member/orders',
    );
    const asked = await card('Your quotes');
    expect(asked).toHaveTextContent('2open quotes');
    expect(
      within(within(asked).getByRole('list', { name: 'Open quotes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sponsor the walking group (answered)', 'Fifty tees (requested)']);
    const support = await card('Support the clinic');
    await userEvent.click(within(support).getByRole('button', { name: 'Donate' }));
    expect(await screen.findByRole('dialog', { name: 'Donate' })).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the dashboard', async () => {
    // The first ask goes out beside the session check (lazy-pages.ts); when it fails the screen asks once more
    // as it mounts, and only that second failure is shown.
    const { server } = render('staff', 'error', 'error', generalDashboard);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The dashboard is unavailable');
    expect(server.calls()).toBe(2);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('Active patients')).toHaveTextContent('48active patients');
    expect(server.calls()).toBe(3);
  });

  it('asks again when the server pushes dashboard_changed, and shows the new figures', async () => {
    const { server } = render('staff', generalDashboard, { ...generalDashboard, activePatients: 49 });
    expect(await card('Active patients')).toHaveTextContent('48active patients');
    const socket = WebSocketStub.instances.find((s) => s.url.includes('channel=notifications'));
    expect(socket).toBeDefined();
    socket!.accept();
    socket!.receive({ type: 'dashboard_changed' });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Active patients' })).toHaveTextContent('49active patients'),
    );
    expect(server.calls()).toBe(2);
  });
});
