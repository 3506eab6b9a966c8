import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { WebSocketStub } from '../../test/setup';
import { communityEvent, fakeEventsServer } from './test-server';

const eventCard = (title: string) => screen.findByRole('article', { name: title }, { timeout: 10_000 });

describe('/member/events', () => {
  it('lists upcoming events with their seats, and a member registers for one', async () => {
    const server = fakeEventsServer({ events: [communityEvent({ title: 'Recovery walk', capacity: 2 })] });
    renderApp({ path: '/member/events', role: 'member', handle: server.handle });
    const card = await eventCard('Recovery walk');
    expect(card).toHaveTextContent('Riverside Park');
    expect(card).toHaveTextContent('Free');
    expect(card).toHaveTextContent('2 of 2 seats left');
    await userEvent.click(within(card).getByRole('button', { name: 'Register for Recovery walk' }));
    expect(await within(card).findByText('Registered')).toBeInTheDocument();
    expect(card).toHaveTextContent('1 of 2 seats left');
    expect(within(card).getByRole('button', { name: 'Cancel my registration' })).toBeInTheDocument();
  });

  it('offers the waitlist when full, shows the place in line, and leaves it', async () => {
    const server = fakeEventsServer({
      events: [communityEvent({ title: 'Workshop', capacity: 1, seatsTaken: 1, priceCents: 2500 })],
    });
    renderApp({ path: '/member/events', role: 'member', handle: server.handle });
    const card = await eventCard('Workshop');
    expect(card).toHaveTextContent('$25.00');
    expect(card).toHaveTextContent('Full');
    await userEvent.click(within(card).getByRole('button', { name: 'Join the waitlist for Workshop' }));
    expect(await within(card).findByText('Waitlisted')).toBeInTheDocument();
    expect(card).toHaveTextContent('number 1 in line');
    await userEvent.click(within(card).getByRole('button', { name: 'Leave the waitlist' }));
    expect(
      await within(card).findByRole('button', { name: 'Join the waitlist for Workshop' }),
    ).toBeInTheDocument();
  });

  it('shows an offered seat with its deadline and accepts it; a pushed change is picked up', async () => {
    const offered = communityEvent({
      title: 'Talk',
      capacity: 1,
      seatsTaken: 1,
      myRegistration: {
        id: 'r1',
        status: 'offered',
        waitlistPosition: null,
        offerExpiresAt: '2026-11-25T10:00:00.000Z',
        holdExpiresAt: null,
        checkedInAt: null,
        paidCents: 0,
      },
    });
    const server = fakeEventsServer({ events: [offered] });
    renderApp({ path: '/member/events', role: 'member', handle: server.handle });
    const card = await eventCard('Talk');
    expect(card).toHaveTextContent('Seat offered');
    expect(card).toHaveTextContent('accept by');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept the seat' }));
    expect(await within(card).findByText('Registered')).toBeInTheDocument();

    // The live channel loads on demand: on a busy machine its socket may open after the seat is accepted.
    const socket = await vi.waitFor(
      () => {
        const open = WebSocketStub.instances.find((candidate) =>
          candidate.url.includes('channel=notifications'),
        );
        if (!open) throw new Error('the notifications socket is not open yet');
        return open;
      },
      { timeout: 10_000 },
    );
    socket.accept();
    server.state.events.push(communityEvent({ title: 'Brand new event' }));
    socket.receive({ type: 'events_changed', eventId: 'x' });
    expect(await eventCard('Brand new event')).toBeInTheDocument();
  });

  it('sends a non-member home', async () => {
    const server = fakeEventsServer({ events: [] });
    const { router } = renderApp({ path: '/member/events', role: 'patient', handle: server.handle });
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });
});
