import type { QueryClient } from '@tanstack/react-query';
import type { EventsChangedEvent } from '../../../shared/events';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this: the
 * contract's event by type, with no schemas behind it.
 */
const EVENTS_CHANGED: EventsChangedEvent['type'] = 'events_changed';

/** The members' list and the admin's lists and attendees; each asks again under its own access rules. */
export const EVENT_QUERIES = [['/api/events'], ['/api/admin/events']] as const;

/** The server's push that an event or a registration within this person's reach changed. */
export const isEventsChanged = eventOfType<EventsChangedEvent>(EVENTS_CHANGED);

export const invalidateEvents = (queryClient: QueryClient) =>
  Promise.all(EVENT_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
