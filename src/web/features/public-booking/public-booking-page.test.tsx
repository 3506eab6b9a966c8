import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLIC_BOOKING_ERRORS, type VisitorBooking } from '../../../shared/public-booking';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { fakePublicBookingServer, RILEY_PAGE, slotAt } from './test-server';
import { localTime, visitorZone } from './times';

const FREE = [slotAt(30), slotAt(31), slotAt(32)];

const render = (path: string, server = fakePublicBookingServer({ slots: [...FREE] })) => ({
  server,
  ...renderApp({ path, handle: server.handle }),
});

async function chooseFirstFreeTime() {
  await userEvent.click(
    await screen.findByRole('radio', { name: /Follow-up \(30 min\)/ }, { timeout: 10_000 }),
  );
  const times = await screen.findByRole('list', { name: /^Free times on / });
  const [first] = within(times).getAllByRole('button');
  await userEvent.click(first);
  return first;
}

async function fillDetails() {
  await userEvent.type(screen.getByLabelText('Name'), 'Robin Visitor');
  await userEvent.type(screen.getByLabelText('Email'), 'robin@example.com');
  await userEvent.type(screen.getByLabelText('Phone'), '+44 20 7946 0000');
  await userEvent.type(screen.getByLabelText('Reason for the visit'), 'Sore knee');
}

const posts = (server: ReturnType<typeof fakePublicBookingServer>) =>
  server.calls.filter((call) => call.method === 'POST');

describe('the public booking page', { timeout: 20_000 }, () => {
  it('shows the practitioner, their services with length and price, and free times in the visitor’s zone', async () => {
    render('/book/riley-chen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Book with Riley Chen' })).toBeInTheDocument();
    const service = screen.getByRole('radio', { name: /Initial assessment/ });
    expect(service.closest('label')).toHaveTextContent('1 h · $95.00');
    expect(screen.getByRole('radio', { name: /Follow-up \(30 min\)/ }).closest('label')).toHaveTextContent(
      '30 min · $55.00',
    );
    await userEvent.click(screen.getByRole('radio', { name: /Follow-up \(30 min\)/ }));
    expect(
      await screen.findByText(
        `Times are shown in your time zone (${visitorZone()}). Riley Chen works in Pacific/Chatham; each time shows theirs too.`,
      ),
    ).toBeInTheDocument();
    const times = await screen.findByRole('list', { name: /^Free times on / });
    expect(
      within(times)
        .getAllByRole('button')
        .map((button) => button.querySelector('time')?.textContent),
    ).toEqual(
      FREE.filter(
        (slot) => new Date(slot.startsAt).toDateString() === new Date(FREE[0].startsAt).toDateString(),
      ).map((slot) => localTime(slot.startsAt)),
    );
    const days = within(screen.getByRole('list', { name: 'Days' })).getAllByRole('button');
    expect(days).toHaveLength(7);
    expect(days.filter((day) => day.getAttribute('aria-pressed') === 'true')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Earlier days/ })).toBeDisabled();
  });

  it('marks a video service "Video visit" only where the answer says so (video visits on)', async () => {
    const page = {
      ...RILEY_PAGE,
      services: [RILEY_PAGE.services[0], { ...RILEY_PAGE.services[1], isVideo: true }],
    };
    render('/book/riley-chen', fakePublicBookingServer({ page, slots: [...FREE] }));
    const video = await screen.findByRole('radio', { name: /Follow-up \(30 min\)/ });
    expect(video.closest('label')).toHaveTextContent('Video visit');
    expect(screen.getByRole('radio', { name: /Initial assessment/ }).closest('label')).not.toHaveTextContent(
      'Video visit',
    );
  });

  it('checks the details with the contract’s messages, then books a pending request with a link to manage it', async () => {
    const { server } = render('/book/riley-chen');
    const chosen = await chooseFirstFreeTime();
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { name: '3. Your details' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    expect(
      await screen.findByRole('heading', { name: 'Request received — the practitioner will confirm' }),
    ).toBeInTheDocument();
    expect(posts(server)[0]).toMatchObject({
      url: '/api/public/booking/riley-chen/requests',
      body: {
        name: 'Robin Visitor',
        email: 'robin@example.com',
        phone: '+44 20 7946 0000',
        reason: 'Sore knee',
        serviceTypeId: RILEY_PAGE.services[1].id,
        startsAt: FREE[0].startsAt,
      },
    });
    expect(screen.getByText('BK-AAAAA1')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the practitioner to confirm')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel or reschedule this booking' })).toHaveAttribute(
      'href',
      '/book/riley-chen?manage=signed-token-1',
    );
  });

  it('says Booked when the practitioner confirms at once', async () => {
    render(
      '/book/riley-chen',
      fakePublicBookingServer({ slots: [...FREE], page: { ...RILEY_PAGE, autoConfirm: true } }),
    );
    await chooseFirstFreeTime();
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('heading', { name: 'Booked' })).toBeInTheDocument();
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
  });

  it('puts the server’s field messages on the fields', async () => {
    const server = fakePublicBookingServer({ slots: [...FREE] });
    const { handle } = server;
    server.handle = (call) =>
      call.method === 'POST'
        ? jsonResponse(
            {
              message: 'Invalid request: That number cannot take calls',
              fields: { phone: 'That number cannot take calls' },
            },
            400,
          )
        : handle(call);
    renderApp({ path: '/book/riley-chen', handle: (call) => server.handle(call) });
    await chooseFirstFreeTime();
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('That number cannot take calls');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid request: That number cannot take calls');
  });

  it('returns the visitor to the free times, asked again, when the time was taken meanwhile', async () => {
    const server = fakePublicBookingServer({ slots: [...FREE], takenByOthers: [FREE[0].startsAt] });
    render('/book/riley-chen', server);
    await chooseFirstFreeTime();
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    expect(await screen.findByText(PUBLIC_BOOKING_ERRORS.slotTaken)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '3. Your details' })).toBeNull();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: new RegExp(`^${localTime(FREE[0].startsAt)}`) }),
      ).toBeNull(),
    );
    const slotCalls = server.calls.filter((call) => call.url.includes('/slots?'));
    expect(slotCalls.length).toBeGreaterThanOrEqual(2);
  });

  it('names one zone when the visitor shares it, and stops at the practitioner’s horizon', async () => {
    const page = { ...RILEY_PAGE, timeZone: visitorZone(), horizonDays: 3 };
    render('/book/riley-chen', fakePublicBookingServer({ slots: [...FREE], page }));
    await chooseFirstFreeTime();
    expect(
      screen.getByText(`Times are shown in ${visitorZone()}, the time zone you and Riley Chen share.`),
    ).toBeInTheDocument();
    const times = screen.getByRole('list', { name: /^Free times on / });
    expect(within(times).getAllByRole('button')[0]).toHaveAccessibleName(localTime(FREE[0].startsAt));
    expect(screen.getByRole('button', { name: /Later days/ })).toBeDisabled();
  });

  it('shows the server’s refusal when an address sends too many requests', async () => {
    const server = fakePublicBookingServer({ slots: [...FREE] });
    const { handle } = server;
    renderApp({
      path: '/book/riley-chen',
      handle: (call) =>
        call.method === 'POST'
          ? jsonResponse({ message: PUBLIC_BOOKING_ERRORS.tooManyRequests }, 429)
          : handle(call),
    });
    await chooseFirstFreeTime();
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUBLIC_BOOKING_ERRORS.tooManyRequests);
    expect(screen.getByLabelText('Name')).toHaveValue('Robin Visitor');
  });

  it('says plainly when a booking page does not exist', async () => {
    render('/book/nobody-here');
    expect(
      await screen.findByRole('heading', { name: PUBLIC_BOOKING_ERRORS.pageNotFound }),
    ).toBeInTheDocument();
  });

  it('runs /dummy-booking as a rehearsal: the rehearsal call, nothing stored, no link to manage', async () => {
    const { server } = render('/dummy-booking');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Rehearsal' })).toBeInTheDocument();
    expect(await screen.findByText(/nothing you enter is stored or sent/)).toBeInTheDocument();
    await chooseFirstFreeTime();
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Rehearse booking' }));
    expect(
      await screen.findByRole('heading', { name: 'Rehearsal complete — nothing was stored' }),
    ).toBeInTheDocument();
    expect(posts(server).map((call) => call.url)).toEqual(['/api/public/booking/riley-chen/rehearsal']);
    expect(server.state.requests).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /Cancel or reschedule/ })).toBeNull();
    expect(screen.getByText('waiting for the practitioner to confirm')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book for real on the demo booking page' })).toHaveAttribute(
      'href',
      '/booking-demo',
    );
  });

  it('shows the demo practitioner’s real page on /booking-demo', async () => {
    const { server } = render('/booking-demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Demo' })).toBeInTheDocument();
    await chooseFirstFreeTime();
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    await screen.findByRole('heading', { name: 'Request received — the practitioner will confirm' });
    expect(posts(server).map((call) => call.url)).toEqual(['/api/public/booking/riley-chen/requests']);
  });
});

const held = (overrides: Partial<VisitorBooking> = {}): VisitorBooking => ({
  reference: 'BK-7Q2M4X',
  status: 'pending',
  bookingLink: 'riley-chen',
  practitionerName: 'Riley Chen',
  serviceTypeId: RILEY_PAGE.services[1].id,
  serviceName: 'Follow-up (30 min)',
  ...slotAt(50),
  timeZone: RILEY_PAGE.timeZone,
  name: 'Robin Visitor',
  message: null,
  changeable: true,
  manageToken: null,
  ...overrides,
});

describe('managing a booking through its signed link', { timeout: 20_000 }, () => {
  it('cancels with an optional reason after a confirm step', async () => {
    const server = fakePublicBookingServer({ slots: [...FREE], bookings: { 'token-abcdefgh': held() } });
    render('/book/riley-chen?manage=token-abcdefgh', server);
    expect(await screen.findByRole('heading', { name: 'Your booking with Riley Chen' })).toBeInTheDocument();
    expect(screen.getByText('BK-7Q2M4X')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Feeling better');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('This booking was cancelled.')).toBeInTheDocument();
    expect(posts(server)[0]).toMatchObject({
      url: '/api/public/bookings/token-abcdefgh/cancel',
      body: { reason: 'Feeling better' },
    });
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });

  it('reschedules to another free time of the same service', async () => {
    const server = fakePublicBookingServer({ slots: [...FREE], bookings: { 'token-abcdefgh': held() } });
    render('/book/riley-chen?manage=token-abcdefgh', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule' }, { timeout: 10_000 }));
    const times = await screen.findByRole('list', { name: /^Free times on / });
    await userEvent.click(within(times).getAllByRole('button')[0]);
    await userEvent.click(screen.getByRole('button', { name: /^Move to / }));
    await waitFor(() =>
      expect(posts(server)[0]).toMatchObject({
        url: '/api/public/bookings/token-abcdefgh/reschedule',
        body: { startsAt: FREE[0].startsAt },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: /^Choose a new time/ })).toBeNull());
    expect(server.calls.some((call) => call.url.includes(`serviceTypeId=${RILEY_PAGE.services[1].id}`))).toBe(
      true,
    );
  });

  it('offers the free times again, without the one that went, when a new time was taken meanwhile', async () => {
    const server = fakePublicBookingServer({
      slots: [...FREE],
      bookings: { 'token-abcdefgh': held() },
      takenByOthers: [FREE[0].startsAt],
    });
    render('/book/riley-chen?manage=token-abcdefgh', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule' }, { timeout: 10_000 }));
    const times = await screen.findByRole('list', { name: /^Free times on / });
    await userEvent.click(within(times).getAllByRole('button')[0]);
    await userEvent.click(screen.getByRole('button', { name: /^Move to / }));
    expect(await screen.findByText(PUBLIC_BOOKING_ERRORS.slotTaken)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: new RegExp(`^${localTime(FREE[0].startsAt)}`) }),
      ).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Move booking' })).toBeDisabled();
  });

  it('says why a declined request can no longer be changed', async () => {
    render(
      '/book/riley-chen?manage=token-abcdefgh',
      fakePublicBookingServer({
        bookings: {
          'token-abcdefgh': held({
            status: 'declined',
            changeable: false,
            message: 'Riley is away that week',
          }),
        },
      }),
    );
    expect(
      await screen.findByText('The practitioner declined this request: “Riley is away that week”'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('refuses a link that is not valid', async () => {
    render('/book/riley-chen?manage=forged-token-123');
    expect(await screen.findByText(PUBLIC_BOOKING_ERRORS.linkInvalid)).toBeInTheDocument();
  });
});
