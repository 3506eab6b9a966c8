/** What other features may use of events; everything else in this folder is its own. */
export { invalidateEvents, isEventsChanged } from './live';
