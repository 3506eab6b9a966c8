import type { z } from 'zod';
import {
  CreatePublicBookingInputSchema,
  DeclinePublicBookingInputSchema,
  PUBLIC_BOOKING_ERRORS,
  PUBLIC_BOOKING_PAGE_SIZE,
  type PublicBookingPage,
  type PublicBookingRequest,
  type VisitorBooking,
} from '../../../shared/public-booking';
import type { Slot } from '../../../shared/scheduling';
import { userWithRole } from '../../test/fixtures';
import { nextId } from '../../test/live-fixtures';
import { dayIn } from './times';

export type Call = { method: string; url: string; body: unknown };

const riley = userWithRole('practitioner');

/** Riley's page in a zone no test machine is likely to be in, so both zones are named. */
export const RILEY_PAGE: PublicBookingPage = {
  bookingLink: 'riley-chen',
  practitionerName: 'Riley Chen',
  timeZone: 'Pacific/Chatham',
  horizonDays: 60,
  minNoticeMinutes: 120,
  autoConfirm: false,
  services: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      name: 'Initial assessment',
      description: 'A first session with a plan of care.',
      durationMinutes: 60,
      priceCents: 9500,
      colour: '#2563eb',
    },
    {
      id: '00000000-0000-4000-8000-0000000000c2',
      name: 'Follow-up (30 min)',
      description: '',
      durationMinutes: 30,
      priceCents: 5500,
      colour: '#16a34a',
    },
  ],
};

/** A whole hour this many hours from now. */
export const hoursFromNow = (hours: number) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setMinutes(0, 0, 0);
  return at;
};

export const slotAt = (hours: number, minutes = 30): Slot => {
  const start = hoursFromNow(hours);
  return {
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
  };
};

/** A request as the clinic's list answers it. */
export function bookingRequest(overrides: Partial<PublicBookingRequest> = {}): PublicBookingRequest {
  const slot = slotAt(30);
  return {
    id: nextId(),
    reference: 'BK-7Q2M4X',
    status: 'pending',
    practitionerId: riley.id,
    practitionerName: 'Riley Chen',
    serviceTypeId: RILEY_PAGE.services[1].id,
    serviceName: 'Follow-up (30 min)',
    ...slot,
    name: 'Robin Visitor',
    email: 'robin@example.com',
    phone: '+44 20 7946 0000',
    reason: 'Sore knee after running',
    message: null,
    patientId: null,
    appointmentId: null,
    createdAt: new Date().toISOString(),
    decidedAt: null,
    decidedByName: null,
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

type State = {
  page: PublicBookingPage;
  /** Free times of every service (the fake does not tell services apart). */
  slots: Slot[];
  requests: PublicBookingRequest[];
  /** Bookings behind signed links, by token. */
  bookings: Record<string, VisitorBooking>;
  /** Times someone else takes just before the visitor asks for them. */
  takenByOthers?: string[];
  /** Emails of clinic accounts that are not patients': confirming needs a chosen patient. */
  accountEmails?: string[];
};

/**
 * Answers the public booking calls like the server does: the page and its free times by the practitioner's
 * days, requests checked by the contract's schema (400 with fields) and refused when the time is not free
 * (409), a rehearsal that stores nothing, the signed link's view, cancel and reschedule, and the clinic's
 * list with confirm and decline. Records every call.
 */
export function fakePublicBookingServer(initial: Partial<State> = {}) {
  const state: State = { page: RILEY_PAGE, slots: [], requests: [], bookings: {}, ...initial };
  const calls: Call[] = [];
  const isFree = (startsAt: string) =>
    state.slots.some((slot) => slot.startsAt === startsAt) && !state.takenByOthers?.includes(startsAt);
  const take = (startsAt: string) => {
    state.slots = state.slots.filter((slot) => slot.startsAt !== startsAt);
  };

  const create = (body: unknown, rehearsal: boolean) => {
    const parsed = CreatePublicBookingInputSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const input = parsed.data;
    const service = state.page.services.find((candidate) => candidate.id === input.serviceTypeId);
    if (!service) return json({ message: PUBLIC_BOOKING_ERRORS.serviceNotOffered }, 404);
    if (!isFree(input.startsAt)) {
      if (state.takenByOthers?.includes(input.startsAt)) take(input.startsAt);
      return json({ message: PUBLIC_BOOKING_ERRORS.slotTaken }, 409);
    }
    const endsAt = new Date(Date.parse(input.startsAt) + service.durationMinutes * 60_000).toISOString();
    const status = state.page.autoConfirm ? 'confirmed' : 'pending';
    const booking: VisitorBooking = {
      reference: rehearsal ? 'REHEARSAL' : `BK-${String(state.requests.length + 1).padStart(6, 'A')}`,
      status,
      bookingLink: state.page.bookingLink,
      practitionerName: state.page.practitionerName,
      serviceTypeId: service.id,
      serviceName: service.name,
      startsAt: input.startsAt,
      endsAt,
      timeZone: state.page.timeZone,
      name: input.name,
      message: null,
      changeable: true,
      manageToken: rehearsal ? null : `signed-token-${state.requests.length + 1}`,
    };
    if (rehearsal) return json(booking, 200);
    take(input.startsAt);
    state.bookings[booking.manageToken as string] = { ...booking, manageToken: null };
    state.requests.unshift(
      bookingRequest({
        reference: booking.reference,
        status,
        serviceTypeId: service.id,
        serviceName: service.name,
        startsAt: input.startsAt,
        endsAt,
        name: input.name,
        email: input.email,
        phone: input.phone,
        reason: input.reason,
      }),
    );
    return json(booking, 201);
  };

  const manage = (
    token: string,
    { action, method, body }: { action: string | undefined; method: string; body: unknown },
  ) => {
    const booking = state.bookings[token];
    if (!booking) return json({ message: PUBLIC_BOOKING_ERRORS.linkInvalid }, 404);
    if (method === 'GET' && !action) return json(booking);
    if (!booking.changeable) return json({ message: PUBLIC_BOOKING_ERRORS.notChangeable }, 409);
    if (action === 'cancel') {
      state.bookings[token] = { ...booking, status: 'cancelled', changeable: false };
      return json(state.bookings[token]);
    }
    if (action === 'reschedule') {
      const startsAt = (body as { startsAt?: string }).startsAt ?? '';
      if (!isFree(startsAt)) {
        if (state.takenByOthers?.includes(startsAt)) take(startsAt);
        return json({ message: PUBLIC_BOOKING_ERRORS.slotTaken }, 409);
      }
      take(startsAt);
      const length = Date.parse(booking.endsAt) - Date.parse(booking.startsAt);
      const endsAt = new Date(Date.parse(startsAt) + length).toISOString();
      state.bookings[token] = { ...booking, startsAt, endsAt };
      return json(state.bookings[token]);
    }
    return json({ message: 'Not found' }, 404);
  };

  const list = (params: URLSearchParams) => {
    const status = params.get('status') ?? 'pending';
    const practitionerId = params.get('practitionerId');
    const matches = state.requests
      .filter((request) => status === 'all' || request.status === status)
      .filter((request) => !practitionerId || request.practitionerId === practitionerId);
    const cursor = params.get('cursor');
    const start = cursor ? matches.findIndex((request) => request.id === cursor) + 1 : 0;
    const page = matches.slice(start, start + PUBLIC_BOOKING_PAGE_SIZE);
    return json({
      items: page,
      nextCursor: start + PUBLIC_BOOKING_PAGE_SIZE < matches.length ? (page.at(-1)?.id ?? null) : null,
      pendingCount: state.requests.filter((request) => request.status === 'pending').length,
    });
  };

  const decide = (id: string, action: string, body: unknown) => {
    const found = state.requests.find((request) => request.id === id);
    if (!found) return json({ message: 'Booking request not found' }, 404);
    if (found.status !== 'pending') return json({ message: PUBLIC_BOOKING_ERRORS.notPending }, 409);
    let next: PublicBookingRequest;
    if (action === 'confirm') {
      const patientId = (body as { patientId?: string } | undefined)?.patientId;
      if (!patientId && state.accountEmails?.includes(found.email))
        return json({ message: PUBLIC_BOOKING_ERRORS.emailNotPatient }, 409);
      next = {
        ...found,
        status: 'confirmed',
        patientId: patientId ?? nextId(),
        appointmentId: nextId(),
        decidedByName: 'Riley Chen',
      };
    } else {
      const parsed = DeclinePublicBookingInputSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      next = { ...found, status: 'declined', message: parsed.data.message, decidedByName: 'Riley Chen' };
    }
    state.requests = state.requests.map((request) => (request.id === id ? next : request));
    return json(next);
  };

  const handle = ({ method, url, body }: Call): Response | undefined => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (!pathname.startsWith('/api/public/') && !pathname.startsWith('/api/public-bookings'))
      return undefined;
    calls.push({ method, url, body });
    const parts = pathname.split('/').slice(1).map(decodeURIComponent);
    if (parts[1] === 'public' && parts[2] === 'booking') {
      const [, , , link, what] = parts;
      if (link !== state.page.bookingLink) return json({ message: PUBLIC_BOOKING_ERRORS.pageNotFound }, 404);
      if (!what && method === 'GET') return json(state.page);
      if (what === 'slots' && method === 'GET') {
        const from = searchParams.get('from') ?? '';
        const to = searchParams.get('to') ?? '';
        const slots = state.slots.filter((slot) => {
          const day = dayIn(slot.startsAt, state.page.timeZone);
          return day >= from && day <= to;
        });
        return json({ timeZone: state.page.timeZone, slots });
      }
      if ((what === 'requests' || what === 'rehearsal') && method === 'POST')
        return create(body, what === 'rehearsal');
    }
    if (parts[1] === 'public' && parts[2] === 'bookings')
      return manage(parts[3], { action: parts[4], method, body });
    if (parts[1] === 'public-bookings') {
      if (!parts[2] && method === 'GET') return list(searchParams);
      if (method === 'POST' && parts[3]) return decide(parts[2], parts[3], body);
    }
    return json({ message: 'Not found' }, 404);
  };

  return { handle, calls, state };
}
