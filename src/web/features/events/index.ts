/** What other features may use of events; everything else in this folder is its own. */
export { instantInClinic } from './event-when';
export { invalidateEvents, isEventsChanged } from './live';
