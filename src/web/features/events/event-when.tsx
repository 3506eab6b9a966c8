import type { CommunityEvent } from '../../../shared/events';
import { CLINIC_ZONE, formatterFor } from '../../lib/format';

/** "Sat, 5 Dec 2026, 10:00–13:00" in the clinic's zone; both days when it runs past midnight. */
export const whenOf = (event: Pick<CommunityEvent, 'startsAt' | 'endsAt'>) =>
  formatterFor(CLINIC_ZONE).fullRange(event.startsAt, event.endsAt);

export const shortDateTime = (iso: string) => formatterFor(CLINIC_ZONE).dateTime(iso);

/** Where: the place, or "Online". */
export function EventWhere({ event }: { event: Pick<CommunityEvent, 'place' | 'onlineUrl'> }) {
  if (event.place) return <>{event.place}</>;
  return <>Online</>;
}
