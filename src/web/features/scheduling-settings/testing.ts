import {
  type Availability,
  CreateServiceTypeInputSchema,
  CreateTimeOffInputSchema,
  PutDateOverrideInputSchema,
  ReplaceWeeklyHoursInputSchema,
  type ServiceType,
  UpdateScheduleSettingsInputSchema,
  UpdateServiceTypeInputSchema,
} from '../../../shared/scheduling';
import { PRACTITIONERS } from '../../test/fake-patients-server';
import { RILEY_AVAILABILITY, SERVICE_TYPES } from '../../test/fake-scheduling-server';
import { jsonResponse } from '../../test/fixtures';

export type Call = { method: string; url: string; body: unknown };

/** A 400 as the server words it: the fields by dotted path, and a summary. */
function invalid(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return jsonResponse({ message: 'Invalid request', code: 'VALIDATION_FAILED', fields }, 400);
}

/**
 * The scheduling settings calls, answered from memory as the server would: availability per practitioner,
 * service types, and the caller's calendar feed. `calls` records every write.
 */
export function fakeSettingsServer(
  state: {
    availability?: Record<string, Availability>;
    services?: ServiceType[];
    feedActive?: boolean;
    takenLinks?: string[];
  } = {},
) {
  const availability: Record<string, Availability> = state.availability ?? {
    [PRACTITIONERS[0].id]: structuredClone(RILEY_AVAILABILITY),
  };
  const services = state.services ?? structuredClone(SERVICE_TYPES);
  let feedActive = state.feedActive ?? false;
  const calls: Call[] = [];

  const handle = ({ method, url, body }: Call): Response | undefined => {
    if (method !== 'GET') calls.push({ method, url, body });
    if (url === '/api/practitioners') return jsonResponse(PRACTITIONERS);
    const practitioner = /^\/api\/practitioners\/([^/]+)\/(.+)$/.exec(url);
    if (practitioner) {
      const current = availability[practitioner[1]];
      if (!current) return jsonResponse({ message: 'Practitioner not found' }, 404);
      const rest = practitioner[2];
      if (rest === 'availability' && method === 'GET') return jsonResponse(current);
      if (rest === 'schedule' && method === 'PATCH') {
        const parsed = UpdateScheduleSettingsInputSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error.issues);
        if (parsed.data.bookingLink && state.takenLinks?.includes(parsed.data.bookingLink))
          return jsonResponse(
            {
              message: 'That booking link is already taken',
              fields: { bookingLink: 'That booking link is already taken' },
            },
            400,
          );
        current.settings = { ...current.settings, ...parsed.data };
        return jsonResponse(current.settings);
      }
      if (rest === 'weekly-hours' && method === 'PUT') {
        const parsed = ReplaceWeeklyHoursInputSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error.issues);
        current.weeklyHours = parsed.data.hours;
        return jsonResponse(current);
      }
      const override = /^date-overrides\/(\d{4}-\d{2}-\d{2})$/.exec(rest);
      if (override && method === 'PUT') {
        const parsed = PutDateOverrideInputSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error.issues);
        current.dateOverrides = [
          ...current.dateOverrides.filter((item) => item.date !== override[1]),
          { date: override[1], hours: parsed.data.hours },
        ].sort((a, b) => a.date.localeCompare(b.date));
        return jsonResponse(current);
      }
      if (override && method === 'DELETE') {
        current.dateOverrides = current.dateOverrides.filter((item) => item.date !== override[1]);
        return new Response(null, { status: 204 });
      }
      if (rest === 'time-off' && method === 'POST') {
        const parsed = CreateTimeOffInputSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error.issues);
        const item = {
          id: `00000000-0000-4000-8000-${String(current.timeOff.length + 1).padStart(12, '0')}`,
          practitionerId: practitioner[1],
          reason: '',
          ...parsed.data,
        };
        current.timeOff = [...current.timeOff, item];
        return jsonResponse(item, 201);
      }
      const timeOff = /^time-off\/(.+)$/.exec(rest);
      if (timeOff && method === 'DELETE') {
        current.timeOff = current.timeOff.filter((item) => item.id !== timeOff[1]);
        return new Response(null, { status: 204 });
      }
    }
    if (url.startsWith('/api/service-types')) {
      if (method === 'GET') {
        const all = url.includes('include=all');
        return jsonResponse(all ? services : services.filter((service) => service.active));
      }
      if (method === 'POST') {
        const parsed = CreateServiceTypeInputSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error.issues);
        if (services.some((service) => service.name.toLowerCase() === parsed.data.name.toLowerCase()))
          return jsonResponse(
            {
              message: 'A service type with this name already exists',
              fields: { name: 'A service type with this name already exists' },
            },
            409,
          );
        const created: ServiceType = {
          id: `00000000-0000-4000-8000-0000000001${String(services.length).padStart(2, '0')}`,
          description: '',
          isPublic: false,
          active: true,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          ...parsed.data,
        };
        services.push(created);
        return jsonResponse(created, 201);
      }
      const one = /^\/api\/service-types\/([^/]+)$/.exec(url);
      if (one && method === 'PATCH') {
        const parsed = UpdateServiceTypeInputSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error.issues);
        const index = services.findIndex((service) => service.id === one[1]);
        if (index < 0) return jsonResponse({ message: 'Service type not found' }, 404);
        services[index] = { ...services[index], ...parsed.data };
        return jsonResponse(services[index]);
      }
    }
    if (url === '/api/calendar-feed') {
      if (method === 'GET')
        return jsonResponse({
          active: feedActive,
          createdAt: feedActive ? '2026-03-01T10:00:00.000Z' : null,
        });
      if (method === 'POST') {
        feedActive = true;
        return jsonResponse(
          {
            url: `http://localhost/api/calendar-feeds/token-${calls.length}.ics`,
            createdAt: '2026-03-02T10:00:00.000Z',
          },
          201,
        );
      }
      if (method === 'DELETE') {
        feedActive = false;
        return new Response(null, { status: 204 });
      }
    }
    return undefined;
  };
  return { handle, calls, availability, services };
}
