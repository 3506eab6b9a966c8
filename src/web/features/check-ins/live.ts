import type { QueryClient } from '@tanstack/react-query';
import type { CheckInsChangedEvent } from '../../../shared/check-ins';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this: the contract's
 * event by type, with no schemas or screens behind it.
 */
const CHECK_INS_CHANGED: CheckInsChangedEvent['type'] = 'check_ins_changed';

/** Every check-in query: lists, one check-in, a patient's outcome scores and schedules. */
export const CHECK_IN_QUERIES = ['/api/check-ins'] as const;

/** The server's push that a check-in of a patient in this person's reach was sent or answered. */
export const isCheckInsChanged = eventOfType<CheckInsChangedEvent>(CHECK_INS_CHANGED);

/** Open check-in lists and outcome charts ask again, each under its own access rules. */
export const invalidateCheckIns = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: CHECK_IN_QUERIES });
