import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EVENT_ERRORS } from '../../../shared/events';
import { renderApp } from '../../test/render-app';
import { attendee, communityEvent, fakeEventsServer } from './test-server';

const table = () => screen.findByRole('table', { name: 'Events' }, { timeout: 10_000 });

describe('/admin/events', () => {
  it('lists events, and shows attendees with the waitlist and checks one in', async () => {
    const walk = communityEvent({ title: 'Recovery walk', capacity: 1, seatsTaken: 1, waitlistCount: 1 });
    const server = fakeEventsServer({
      events: [walk],
      attendees: {
        [walk.id]: [
          attendee({ name: 'Ada Seated' }),
          attendee({ name: 'Bo Waiting', status: 'waitlisted', waitlistPosition: 1 }),
        ],
      },
    });
    renderApp({ path: '/admin/events', role: 'admin', handle: server.handle });
    const events = await table();
    expect(within(events).getByRole('rowheader', { name: /Recovery walk/ })).toBeInTheDocument();
    expect(events).toHaveTextContent('1/1 (+1 waiting)');
    await userEvent.click(within(events).getByRole('button', { name: 'Attendees of Recovery walk' }));
    const list = await screen.findByRole('table', { name: 'Attendees and waitlist of Recovery walk' });
    expect(list).toHaveTextContent('Waitlisted #1');
    expect(within(list).queryByRole('button', { name: 'Check in Bo Waiting' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Check in Ada Seated' }));
    expect(await within(list).findByText(/Checked in/)).toBeInTheDocument();
    expect(server.calls.some((call) => call.url.endsWith('/check-in') && call.method === 'POST')).toBe(true);
  });

  it('creates an event and shows the server’s field messages', async () => {
    const server = fakeEventsServer({ events: [] });
    renderApp({ path: '/admin/events', role: 'admin', handle: server.handle });
    await userEvent.click(await screen.findByRole('button', { name: 'New event' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Garden day');
    await userEvent.type(within(dialog).getByLabelText('Starts (clinic time)'), '2026-12-10T10:00');
    await userEvent.type(within(dialog).getByLabelText('Ends (clinic time)'), '2026-12-10T12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findAllByText(EVENT_ERRORS.placeOrLink)).not.toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Online link (https)'), 'https://meet.example.test/g');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    const events = await table();
    expect(await within(events).findByRole('rowheader', { name: /Garden day/ })).toBeInTheDocument();
    expect(events).toHaveTextContent('Online');
  });

  it('cancels an event only after confirming', async () => {
    const server = fakeEventsServer({ events: [communityEvent({ title: 'Talk' })] });
    renderApp({ path: '/admin/events', role: 'admin', handle: server.handle });
    await userEvent.click(within(await table()).getByRole('button', { name: 'Cancel Talk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Talk?' });
    expect(server.calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the event' }));
    expect(await within(await table()).findByText('Cancelled')).toBeInTheDocument();
  });

  it('sends a non-admin home', async () => {
    const server = fakeEventsServer({ events: [] });
    const { router } = renderApp({ path: '/admin/events', role: 'member', handle: server.handle });
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });
});
