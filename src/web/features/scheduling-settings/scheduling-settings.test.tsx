import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/vocabulary/roles';
import { PRACTITIONERS } from '../../test/fake-patients-server';
import { RILEY_AVAILABILITY } from '../../test/fake-scheduling-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { fakeSettingsServer } from './testing';

const riley = PRACTITIONERS[0];
const other = PRACTITIONERS[1];

function open(path: string, role: Role, server = fakeSettingsServer()) {
  const view = renderApp({ path, role, handle: server.handle });
  return { ...view, server, user: userEvent.setup() };
}

describe('settings tabs by role', () => {
  it.each([
    ['patient', ['Calendar feed'], ['Availability', 'Services']],
    ['practitioner', ['Availability', 'Calendar feed'], ['Services']],
    ['staff', ['Availability', 'Services'], ['Calendar feed']],
    ['admin', ['Availability', 'Services'], ['Calendar feed']],
  ] as const)('%s sees %j and not %j', async (role, shown, hidden) => {
    open('/settings', role);
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    for (const name of shown) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    for (const name of hidden) expect(screen.queryByRole('tab', { name })).not.toBeInTheDocument();
  });

  it('opens the profile for a tab that is not the role’s', async () => {
    const { router } = open('/settings?tab=services', 'patient');
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Calendar feed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=calendar-feed'));
  });
});

describe('availability tab', () => {
  it('saves the booking settings and shows the public booking address', async () => {
    const { user, server } = open('/settings?tab=availability', 'practitioner');
    const notice = await screen.findByLabelText('Minimum notice (minutes)');
    expect(notice).toHaveValue(120);
    await user.clear(notice);
    await user.type(notice, '240');
    await user.clear(screen.getByLabelText('Buffer between sessions (minutes)'));
    await user.type(screen.getByLabelText('Buffer between sessions (minutes)'), '15');
    await user.click(screen.getByRole('switch', { name: 'Confirm public bookings automatically' }));
    await user.type(screen.getByLabelText('Booking link'), 'riley-chen');
    expect(screen.queryByLabelText('Public booking page')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save booking settings' }));
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'PATCH',
        url: `/api/practitioners/${riley.id}/schedule`,
        body: {
          timeZone: 'Europe/London',
          minNoticeMinutes: 240,
          bufferMinutes: 15,
          horizonDays: 60,
          autoConfirm: true,
          bookingLink: 'riley-chen',
        },
      }),
    );
    expect(await screen.findByLabelText('Public booking page')).toHaveValue(
      `${window.location.origin}/book/riley-chen`,
    );
    expect(screen.getByRole('button', { name: 'Copy public booking page' })).toBeInTheDocument();
  });

  it('shows the shared rules’ messages by their fields, and the server’s for a taken link', async () => {
    const server = fakeSettingsServer({ takenLinks: ['taken-link'] });
    const { user } = open('/settings?tab=availability', 'practitioner', server);
    const notice = await screen.findByLabelText('Minimum notice (minutes)');
    await user.clear(notice);
    await user.type(notice, '-5');
    await user.type(screen.getByLabelText('Booking link'), 'Not A Link');
    await user.click(screen.getByRole('button', { name: 'Save booking settings' }));
    expect(await screen.findByText('Minimum notice cannot be negative')).toBeInTheDocument();
    expect(
      screen.getByText('Booking link may use lower-case letters, digits and dashes, not at either end'),
    ).toBeInTheDocument();
    expect(notice).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toEqual([]);

    await user.clear(notice);
    await user.type(notice, '60');
    await user.clear(screen.getByLabelText('Booking link'));
    await user.type(screen.getByLabelText('Booking link'), 'taken-link');
    await user.click(screen.getByRole('button', { name: 'Save booking settings' }));
    expect(await screen.findByText('That booking link is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Booking link')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits the week: adds Saturday hours, removes a Friday range, refuses an end before the start', async () => {
    const { user, server } = open('/settings?tab=availability', 'practitioner');
    const saturday = await screen.findByRole('group', { name: 'Saturday' });
    expect(within(saturday).getByText('Not working')).toBeInTheDocument();
    await user.click(within(saturday).getByRole('button', { name: 'Add hours on Saturday' }));
    const from = within(saturday).getByLabelText('From');
    const to = within(saturday).getByLabelText('To');
    await user.selectOptions(to, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await within(saturday).findByText('End must be after start')).toBeInTheDocument();
    expect(server.calls).toEqual([]);

    await user.selectOptions(from, '10:00');
    await user.selectOptions(to, '13:00');
    const friday = screen.getByRole('group', { name: 'Friday' });
    await user.click(within(friday).getByRole('button', { name: 'Remove Friday 09:00–17:00' }));
    expect(within(friday).getByText('Not working')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toEqual({
      method: 'PUT',
      url: `/api/practitioners/${riley.id}/weekly-hours`,
      body: {
        hours: [
          ...[1, 2, 3, 4].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
          { weekday: 6, start: '10:00', end: '13:00' },
        ],
      },
    });
  });

  it('closes a day, adds time off in the practitioner’s zone and deletes it again', async () => {
    const { user, server } = open('/settings?tab=availability', 'practitioner');
    const overrides = await screen.findByRole('form', { name: 'Add a date override' });
    await user.click(within(overrides).getByRole('button', { name: 'Save day' }));
    expect(await within(overrides).findByText('Date is required')).toBeInTheDocument();
    await user.type(within(overrides).getByLabelText('Date'), '2026-12-24');
    await user.click(within(overrides).getByRole('button', { name: 'Save day' }));
    const table = await screen.findByRole('table', { name: 'Date overrides' });
    expect(within(table).getByRole('row', { name: /2026-12-24 Closed all day/ })).toBeInTheDocument();
    expect(server.calls).toContainEqual({
      method: 'PUT',
      url: `/api/practitioners/${riley.id}/date-overrides/2026-12-24`,
      body: { hours: [] },
    });

    const timeOff = screen.getByRole('form', { name: 'Add time off' });
    await user.type(within(timeOff).getByLabelText('From'), '2026-07-01T09:00');
    await user.type(within(timeOff).getByLabelText('To'), '2026-07-03T17:00');
    await user.type(within(timeOff).getByLabelText('Reason (optional)'), 'Conference');
    await user.click(within(timeOff).getByRole('button', { name: 'Add time off' }));
    // London is an hour ahead of UTC in July.
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'POST',
        url: `/api/practitioners/${riley.id}/time-off`,
        body: {
          startsAt: '2026-07-01T08:00:00.000Z',
          endsAt: '2026-07-03T16:00:00.000Z',
          reason: 'Conference',
        },
      }),
    );
    const list = await screen.findByRole('table', { name: 'Time off' });
    expect(within(list).getByText('Conference')).toBeInTheDocument();
    expect(within(list).getByText('Wed, 1 Jul 2026, 09:00')).toBeInTheDocument();
    await user.click(
      within(list).getByRole('button', { name: 'Delete time off from Wed, 1 Jul 2026, 09:00' }),
    );
    expect(await screen.findByText('No time off planned.')).toBeInTheDocument();
  });

  it('lets staff pick whose availability to keep', async () => {
    const server = fakeSettingsServer({
      availability: {
        [riley.id]: structuredClone(RILEY_AVAILABILITY),
        [other.id]: {
          ...structuredClone(RILEY_AVAILABILITY),
          settings: { ...RILEY_AVAILABILITY.settings, practitionerId: other.id, horizonDays: 90 },
        },
      },
    });
    const { user } = open('/settings?tab=availability', 'staff', server);
    const picker = await screen.findByLabelText('Practitioner');
    expect(await screen.findByLabelText('Booking horizon (days)')).toHaveValue(60);
    await user.selectOptions(picker, other.id);
    await waitFor(() => expect(screen.getByLabelText('Booking horizon (days)')).toHaveValue(90));
    await user.click(screen.getByRole('button', { name: 'Save booking settings' }));
    await waitFor(() =>
      expect(server.calls.map((call) => call.url)).toContain(`/api/practitioners/${other.id}/schedule`),
    );
  });
});

describe('services tab', () => {
  it('adds a service type with its price in cents, and edits one', async () => {
    const { user, server } = open('/settings?tab=services', 'staff');
    const table = await screen.findByRole('table', { name: 'Service types' });
    expect(
      within(table).getByRole('row', { name: /Initial assessment 60 min \$90\.00 Public/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New service type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New service type' });
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price must be an amount such as 55 or 55.50')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Initial assessment');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '55.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(
      await within(dialog).findByText('A service type with this name already exists'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Pilates class');
    await user.clear(within(dialog).getByLabelText('Duration (minutes)'));
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), '50');
    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/service-types',
      body: {
        name: 'Pilates class',
        description: '',
        durationMinutes: 50,
        priceCents: 5550,
        colour: '#2563eb',
        isPublic: false,
        active: true,
      },
    });
    expect(
      await within(table).findByRole('row', { name: /Pilates class 50 min \$55\.50 Clinic only/ }),
    ).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Edit Follow-up' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Follow-up' });
    expect(within(edit).getByLabelText('Price (USD)')).toHaveValue('50.00');
    await user.click(within(edit).getByRole('switch', { name: 'Active' }));
    await user.click(within(edit).getByRole('button', { name: 'Save service' }));
    expect(await within(table).findByText('Retired')).toBeInTheDocument();
    expect(server.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/api/service-types/00000000-0000-4000-8000-0000000000c2',
      body: { active: false, priceCents: 5000 },
    });
  });
});

describe('services tab with video visits on', () => {
  it('offers "Offered as a video visit" and marks video services in the table', async () => {
    const server = fakeSettingsServer();
    const { handle } = server;
    const view = renderApp({
      path: '/settings?tab=services',
      role: 'admin',
      handle: (call) =>
        call.url === '/api/clinic/features'
          ? jsonResponse({ features: { careBetweenVisits: false, dataExchange: false, videoVisits: true } })
          : handle(call),
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Service types' });
    await user.click(within(table).getByRole('button', { name: 'Edit Follow-up' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Follow-up' });
    const video = await within(edit).findByRole('checkbox', { name: 'Offered as a video visit' });
    expect(video).not.toBeChecked();
    await user.click(video);
    await user.click(within(edit).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/api/service-types/00000000-0000-4000-8000-0000000000c2',
      body: { isVideo: true },
    });
    expect(
      within(within(table).getByRole('row', { name: /Follow-up/ })).getByText('Video visit'),
    ).toBeInTheDocument();
    view.unmount();
  });
});

describe('calendar feed tab', () => {
  it('makes a feed, shows its address once with a way to copy it, and turns it off after asking', async () => {
    const { user, server } = open('/settings?tab=calendar-feed', 'patient');
    expect(await screen.findByText('You have no calendar feed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create calendar feed' }));
    const address = await screen.findByLabelText('Calendar feed address');
    expect(address).toHaveValue('http://localhost/api/calendar-feeds/token-1.ics');
    expect(screen.getByRole('button', { name: 'Copy calendar feed address' })).toBeInTheDocument();
    expect(screen.getByText(/Paste this address into your calendar app/)).toBeInTheDocument();
    expect(await screen.findByText(/Your calendar feed is on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace feed address' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn off feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off your calendar feed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep feed' }));
    expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Turn off feed' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Turn off your calendar feed?' })).getByRole(
        'button',
        {
          name: 'Turn off feed',
        },
      ),
    );
    expect(await screen.findByText('You have no calendar feed.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Calendar feed address')).not.toBeInTheDocument();
    expect(server.calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });
});
