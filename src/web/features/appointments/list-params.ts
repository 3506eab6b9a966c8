import { addDays, parseISO, startOfDay } from 'date-fns';
import { APPOINTMENT_SCOPES, type AppointmentScope } from '../../../shared/scheduling';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../../shared/vocabulary/scheduling';
import { isId } from '../../lib/ids';

/** What the appointments list shows, kept in the address so a reload or a shared link shows the same list. */
export type AppointmentFilters = {
  scope: AppointmentScope;
  patientId: string;
  /** Staff and admin only. */
  practitionerId: string;
  status: AppointmentStatus | '';
  /** Days ('YYYY-MM-DD') in the viewer's own zone. */
  from: string;
  to: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : '');

export function appointmentFiltersFrom(params: URLSearchParams): AppointmentFilters {
  const scope = params.get('scope');
  const status = params.get('status');
  const patientId = params.get('patient');
  const practitionerId = params.get('practitioner');
  return {
    scope: APPOINTMENT_SCOPES.find((candidate) => candidate === scope) ?? 'upcoming',
    patientId: isId(patientId) ? patientId.toLowerCase() : '',
    practitionerId: isId(practitionerId) ? practitionerId.toLowerCase() : '',
    status: APPOINTMENT_STATUSES.find((candidate) => candidate === status) ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** Writes the filters into the address; the default scope (upcoming) and empty filters are left out. */
export function withAppointmentFilters(
  params: URLSearchParams,
  filters: AppointmentFilters,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('scope', filters.scope === 'upcoming' ? '' : filters.scope);
  set('patient', filters.patientId);
  set('practitioner', filters.practitionerId);
  set('status', filters.status);
  set('from', filters.from);
  set('to', filters.to);
  return next;
}

/** The GET /api/appointments query: days become the instants of the viewer's midnights. */
export function appointmentQueryString(filters: AppointmentFilters, cursor?: string): string {
  const query = new URLSearchParams({ scope: filters.scope });
  if (filters.patientId) query.set('patientId', filters.patientId);
  if (filters.practitionerId) query.set('practitionerId', filters.practitionerId);
  if (filters.status) query.set('status', filters.status);
  if (filters.from) query.set('from', startOfDay(parseISO(filters.from)).toISOString());
  if (filters.to) query.set('to', addDays(startOfDay(parseISO(filters.to)), 1).toISOString());
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}
