import type { QueryClient } from '@tanstack/react-query';
import { eventOfType } from '../../../shared/realtime';
import type { AppointmentsChangedEvent } from '../../../shared/scheduling';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this: the
 * contract's event by type, with no schemas behind it.
 */
const APPOINTMENTS_CHANGED: AppointmentsChangedEvent['type'] = 'appointments_changed';
const APPOINTMENT_QUERIES = ['/api/appointments'] as const;

/** The server's push that an appointment changed somewhere this person can see it. */
export const isAppointmentsChanged = eventOfType<AppointmentsChangedEvent>(APPOINTMENTS_CHANGED);

/** Open calendars and appointment lists ask again; closed ones when next shown. */
export const invalidateAppointments = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: APPOINTMENT_QUERIES });
