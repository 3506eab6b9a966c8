import { CLINIC_ZONE, formatterFor } from '../../lib/format';

/** A log time in the clinic's time zone. */
export const formatWhen = (iso: string) => formatterFor(CLINIC_ZONE).dateTime(iso);

/** 'account.deactivated' reads 'account deactivated'. */
export const actionLabel = (action: string) => action.replaceAll(/[._-]/g, ' ');
