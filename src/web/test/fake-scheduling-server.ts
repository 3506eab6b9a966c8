import {
  type Appointment,
  type Availability,
  SCHEDULING_ERRORS,
  type ServiceType,
  type Slot,
  transitionRefused,
} from '../../shared/scheduling';
import {
  APPOINTMENT_TRANSITIONS,
  type AppointmentAction,
  isActiveStatus,
} from '../../shared/vocabulary/scheduling';
import { PRACTITIONERS } from './fake-patients-server';
import { userWithRole } from './fixtures';
import { nextId } from './live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const patient = userWithRole('patient');
const riley = PRACTITIONERS[0];

export const SERVICE_TYPES: ServiceType[] = [
  {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Initial assessment',
    description: '',
    durationMinutes: 60,
    priceCents: 9000,
    colour: '#1d4ed8',
    isPublic: true,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-0000000000c2',
    name: 'Follow-up',
    description: '',
    durationMinutes: 30,
    priceCents: 5000,
    colour: '#fde68a',
    isPublic: true,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

/** Riley works 09:00-17:00 London time on weekdays. */
export const RILEY_AVAILABILITY: Availability = {
  settings: {
    practitionerId: riley.id,
    timeZone: 'Europe/London',
    minNoticeMinutes: 120,
    bufferMinutes: 0,
    horizonDays: 60,
    autoConfirm: false,
    bookingLink: null,
  },
  weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  dateOverrides: [],
  timeOff: [],
};

/** A scheduled follow-up of the demo patient with Riley, unless told otherwise. */
export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  const service = SERVICE_TYPES[1];
  return {
    id: nextId(),
    patientId: patient.id,
    patientName: `${patient.firstName} ${patient.lastName}`,
    practitionerId: riley.id,
    practitionerName: `${riley.firstName} ${riley.lastName}`,
    serviceTypeId: service.id,
    serviceName: service.name,
    colour: service.colour,
    startsAt: '2026-03-02T10:00:00.000Z',
    endsAt: '2026-03-02T10:30:00.000Z',
    status: 'scheduled',
    cancellationReason: null,
    notes: '',
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

const overlaps = (a: { startsAt: string; endsAt: string }, b: { startsAt: string; endsAt: string }) =>
  Date.parse(a.startsAt) < Date.parse(b.endsAt) && Date.parse(b.startsAt) < Date.parse(a.endsAt);

/**
 * Answers the scheduling calls like the server does (scopes, filters, windows, cursor paging, creating with
 * the service's length, moving that keeps the length, status actions, cancellation with a reason, 409 on an
 * overlap among active appointments of one practitioner, free slots) and records every call. `now` is the
 * instant the scopes are measured from.
 */
export function fakeSchedulingServer(state: {
  appointments: Appointment[];
  now: string;
  pageSize?: number;
  slots?: Slot[];
  availability?: Record<string, Availability>;
}) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const replace = (next: Appointment) => {
    state.appointments = state.appointments.map((existing) => (existing.id === next.id ? next : existing));
    return json(next);
  };
  const clashes = (candidate: Appointment) =>
    state.appointments.some(
      (other) =>
        other.id !== candidate.id &&
        other.practitionerId === candidate.practitionerId &&
        isActiveStatus(other.status) &&
        overlaps(other, candidate),
    );

  const list = (params: URLSearchParams) => {
    const now = Date.parse(state.now);
    const scope = params.get('scope');
    const from = params.get('from');
    const to = params.get('to');
    const matches = state.appointments
      .filter((item) => !params.get('patientId') || item.patientId === params.get('patientId'))
      .filter((item) => !params.get('practitionerId') || item.practitionerId === params.get('practitionerId'))
      .filter((item) => !params.get('status') || item.status === params.get('status'))
      .filter((item) => !from || Date.parse(item.endsAt) > Date.parse(from))
      .filter((item) => !to || Date.parse(item.startsAt) < Date.parse(to))
      .filter((item) => {
        if (scope === 'upcoming') return isActiveStatus(item.status) && Date.parse(item.endsAt) > now;
        if (scope === 'past')
          return item.status === 'no_show' || (isActiveStatus(item.status) && Date.parse(item.endsAt) <= now);
        if (scope === 'cancelled') return item.status === 'cancelled';
        return true;
      })
      .sort((a, b) =>
        scope === 'past' || scope === 'cancelled'
          ? b.startsAt.localeCompare(a.startsAt)
          : a.startsAt.localeCompare(b.startsAt),
      );
    const cursor = params.get('cursor');
    const start = cursor ? matches.findIndex((item) => item.id === cursor) + 1 : 0;
    const size = Number(params.get('limit')) || state.pageSize || 50;
    const page = matches.slice(start, start + size);
    const nextCursor = start + size < matches.length ? (page.at(-1)?.id ?? null) : null;
    return json({ items: page, nextCursor });
  };

  const create = (input: {
    patientId?: string;
    practitionerId: string;
    serviceTypeId: string;
    startsAt: string;
    notes?: string;
  }) => {
    const service = SERVICE_TYPES.find((candidate) => candidate.id === input.serviceTypeId);
    if (!service) return json({ message: SCHEDULING_ERRORS.serviceNotFound }, 404);
    const practitioner = PRACTITIONERS.find((candidate) => candidate.id === input.practitionerId);
    if (!practitioner) return json({ message: SCHEDULING_ERRORS.notPractitioner }, 404);
    const created = appointment({
      patientId: input.patientId ?? patient.id,
      patientName: input.patientId && input.patientId !== patient.id ? 'Ada Lovelace' : 'Pat Morgan',
      practitionerId: practitioner.id,
      practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
      serviceTypeId: service.id,
      serviceName: service.name,
      colour: service.colour,
      startsAt: input.startsAt,
      endsAt: new Date(Date.parse(input.startsAt) + service.durationMinutes * 60_000).toISOString(),
      notes: input.notes ?? '',
    });
    if (clashes(created)) return json({ message: SCHEDULING_ERRORS.overlap }, 409);
    state.appointments = [...state.appointments, created];
    return json(created, 201);
  };

  const handle = ({ method, url, body }: Call): Response | undefined => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const practitionerPath = /^\/api\/practitioners\/([^/]+)\/(availability|slots)$/.exec(pathname);
    if (!pathname.startsWith('/api/appointments') && pathname !== '/api/service-types' && !practitionerPath)
      return undefined;
    calls.push({ method, url, body });
    if (pathname === '/api/service-types' && method === 'GET') return json(SERVICE_TYPES);
    if (practitionerPath && method === 'GET') {
      const [, practitionerId, what] = practitionerPath;
      if (what === 'slots') {
        return json({
          practitionerId,
          serviceTypeId: searchParams.get('serviceTypeId'),
          timeZone: 'Europe/London',
          slots: state.slots ?? [],
        });
      }
      const availability = state.availability?.[practitionerId];
      return availability ? json(availability) : json({ message: SCHEDULING_ERRORS.notPractitioner }, 404);
    }
    if (pathname === '/api/appointments' && method === 'GET') return list(searchParams);
    if (pathname === '/api/appointments' && method === 'POST')
      return create(body as Parameters<typeof create>[0]);
    const [, , , id, action] = pathname.split('/');
    const found = state.appointments.find((item) => item.id === id);
    if (!found) return json({ message: 'Appointment not found' }, 404);
    if (!action && method === 'GET') return json(found);
    if (!action && method === 'PATCH') {
      const changes = body as { startsAt?: string; endsAt?: string; notes?: string };
      const length = Date.parse(found.endsAt) - Date.parse(found.startsAt);
      const startsAt = changes.startsAt ?? found.startsAt;
      const moved: Appointment = {
        ...found,
        ...changes,
        startsAt,
        endsAt: changes.endsAt ?? new Date(Date.parse(startsAt) + length).toISOString(),
      };
      if (clashes(moved)) return json({ message: SCHEDULING_ERRORS.overlap }, 409);
      return replace(moved);
    }
    if (method === 'POST' && action === 'undo-no-show') {
      if (found.status !== 'no_show') return json({ message: 'Only a no-show can be taken back' }, 409);
      const reason = (body as { reason?: string } | undefined)?.reason?.trim();
      if (!reason)
        return json({ message: 'Reason is required', fields: { reason: 'Reason is required' } }, 400);
      state.appointments = state.appointments.map((item) =>
        item.id === found.id ? { ...found, status: 'confirmed' } : item,
      );
      return json({
        appointment: { ...found, status: 'confirmed' },
        fee: {
          outcome: 'withdrawn',
          status: 'pending',
          amountCents: 4000,
          invoiceId: null,
          invoiceNumber: null,
        },
      });
    }
    if (method === 'POST' && action && action in APPOINTMENT_TRANSITIONS) {
      const transition = APPOINTMENT_TRANSITIONS[action as AppointmentAction];
      if (!(transition.from as readonly string[]).includes(found.status))
        return json({ message: transitionRefused(action as AppointmentAction, found.status) }, 409);
      if (action === 'cancel') {
        const reason = (body as { reason?: string } | undefined)?.reason?.trim();
        if (!reason)
          return json({ message: 'Reason is required', fields: { reason: 'Reason is required' } }, 400);
        return replace({ ...found, status: 'cancelled', cancellationReason: reason });
      }
      return replace({ ...found, status: transition.to });
    }
    return json({ message: 'Not found' }, 404);
  };

  return { handle, calls, state };
}
