import { CLINIC_TIME_ZONE } from '../../../shared/vocabulary/scheduling';

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: CLINIC_TIME_ZONE,
});

/** A log time in the clinic's time zone. */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** 'account.deactivated' reads 'account deactivated'. */
export const actionLabel = (action: string) => action.replaceAll(/[._-]/g, ' ');
