import type { Attendee, CommunityEvent, MyRegistration } from '../../../shared/events';
import { CreateEventInputSchema } from '../../../shared/events';
import { nextId } from '../../test/live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function communityEvent(overrides: Partial<CommunityEvent> = {}): CommunityEvent {
  return {
    id: nextId(),
    title: 'Recovery walk',
    description: 'An easy walk',
    imageUrl: null,
    startsAt: '2026-12-05T10:00:00.000Z',
    endsAt: '2026-12-05T12:00:00.000Z',
    place: 'Riverside Park',
    onlineUrl: null,
    capacity: 2,
    priceCents: 0,
    currency: 'usd',
    status: 'scheduled',
    seatsTaken: 0,
    waitlistCount: 0,
    myRegistration: null,
    ...overrides,
  };
}

export function attendee(overrides: Partial<Attendee> = {}): Attendee {
  return {
    id: nextId(),
    userId: nextId(),
    name: 'Jordan Lee',
    email: 'member@demo.clinic',
    status: 'registered',
    waitlistPosition: null,
    registeredAt: '2026-11-20T10:00:00.000Z',
    offerExpiresAt: null,
    checkedInAt: null,
    paidCents: 0,
    refundedCents: 0,
    ...overrides,
  };
}

const registration = (status: MyRegistration['status'], position: number | null = null): MyRegistration => ({
  id: nextId(),
  status,
  waitlistPosition: position,
  offerExpiresAt: status === 'offered' ? '2026-11-25T10:00:00.000Z' : null,
  holdExpiresAt: null,
  checkedInAt: null,
  paidCents: 0,
});

/**
 * Answers the events calls like the server, over a list kept here: registering takes a seat while one is
 * free and the waitlist otherwise; cancel frees it; accept takes an offered seat; admins create (checked by
 * the contract's schema, 400 with fields), cancel, list attendees and check in.
 */
export function fakeEventsServer(initial: {
  events: CommunityEvent[];
  attendees?: Record<string, Attendee[]>;
}) {
  const state = {
    events: initial.events.map((event) => ({ ...event })),
    attendees: { ...(initial.attendees ?? {}) },
  };
  const calls: Call[] = [];
  const find = (id: string) => state.events.find((event) => event.id === id);
  const handle = ({ method, url, body }: Call) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (!path.startsWith('/api/events') && !path.startsWith('/api/admin/events')) return undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && path === '/api/events')
      return json({ events: state.events.filter((event) => event.status === 'scheduled') });
    if (method === 'GET' && path === '/api/admin/events') return json({ events: state.events });
    if (method === 'POST' && path === '/api/events') {
      const parsed = CreateEventInputSchema.safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
        return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
      }
      const created = communityEvent({
        ...parsed.data,
        imageUrl: parsed.data.imageUrl ?? null,
        place: parsed.data.place ?? null,
        onlineUrl: parsed.data.onlineUrl ?? null,
      });
      state.events.push(created);
      return json({ event: created }, 201);
    }
    const attendees = /^\/api\/admin\/events\/([^/]+)\/attendees$/.exec(path);
    if (attendees) {
      const event = find(attendees[1]);
      return event
        ? json({ event, attendees: state.attendees[event.id] ?? [] })
        : json({ message: 'Event not found' }, 404);
    }
    const checkIn = /^\/api\/admin\/events\/([^/]+)\/attendees\/([^/]+)\/check-in$/.exec(path);
    if (checkIn) {
      const found = (state.attendees[checkIn[1]] ?? []).find((item) => item.id === checkIn[2]);
      if (!found) return json({ message: 'Registration not found' }, 404);
      found.checkedInAt = '2026-12-05T09:55:00.000Z';
      return json({ attendee: found });
    }
    const action = /^\/api\/events\/([^/]+)\/(registration(?:\/cancel|\/accept)?|cancel)$/.exec(path);
    const event = action ? find(action[1]) : undefined;
    if (!action || !event) return json({ message: 'Event not found' }, 404);
    if (action[2] === 'cancel') {
      event.status = 'cancelled';
      return json({ event });
    }
    if (action[2] === 'registration') {
      if (event.myRegistration)
        return json({ message: 'You are already registered or on the waitlist for this event' }, 409);
      if (event.seatsTaken < event.capacity) {
        event.seatsTaken += 1;
        event.myRegistration = registration('registered');
      } else {
        event.waitlistCount += 1;
        event.myRegistration = registration('waitlisted', event.waitlistCount);
      }
    } else if (action[2] === 'registration/cancel') {
      if (!event.myRegistration) return json({ message: 'You have no registration for this event' }, 404);
      if (event.myRegistration.status === 'waitlisted') event.waitlistCount -= 1;
      else event.seatsTaken -= 1;
      event.myRegistration = null;
      return json({
        event,
        registration: registration('cancelled'),
        clientSecret: null,
        paymentIntentId: null,
      });
    } else {
      if (event.myRegistration?.status !== 'offered')
        return json({ message: 'There is no seat offered to you for this event' }, 409);
      event.myRegistration = registration('registered');
    }
    return json({ event, registration: event.myRegistration, clientSecret: null, paymentIntentId: null });
  };
  return { state, calls, handle };
}
