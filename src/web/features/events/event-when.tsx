import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { CommunityEvent } from '../../../shared/events';
import { CLINIC_TIME_ZONE } from '../../../shared/vocabulary/scheduling';

const at = (iso: string, pattern: string) => format(new TZDate(iso, CLINIC_TIME_ZONE), pattern);

/** "Sat 5 Dec 2026, 10:00–13:00" in the clinic's zone. */
export const whenOf = (event: Pick<CommunityEvent, 'startsAt' | 'endsAt'>) => {
  const sameDay = at(event.startsAt, 'yyyy-MM-dd') === at(event.endsAt, 'yyyy-MM-dd');
  return `${at(event.startsAt, 'EEE d MMM yyyy, HH:mm')}–${at(event.endsAt, sameDay ? 'HH:mm' : 'EEE d MMM yyyy, HH:mm')}`;
};

export const shortDateTime = (iso: string) => at(iso, 'd MMM yyyy, HH:mm');

/** Where: the place, or "Online". */
export function EventWhere({ event }: { event: Pick<CommunityEvent, 'place' | 'onlineUrl'> }) {
  if (event.place) return <>{event.place}</>;
  return <>Online</>;
}
