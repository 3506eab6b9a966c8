import type {
  CreateTimeOffInput,
  PutDateOverrideInput,
  ReplaceWeeklyHoursInput,
  ScheduleSettings,
  UpdateScheduleSettingsInput,
} from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { assertMayManage, type Caller } from './access';
import * as repository from './repository';
import { availabilityOf, toSettings, toTimeOff } from './service';

/*
 * Keeping a practitioner's availability: their booking settings, weekly hours, date overrides and time off.
 * Each change is checked, written and logged in one transaction.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const BOOKING_LINK_TAKEN = 'That booking link is already taken';
export const TIME_OFF_NOT_FOUND = 'Time off not found';
export const OVERRIDE_NOT_FOUND = 'No override on that day';

type Keeping = { practitionerId: string; meta: RequestMeta };

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

async function audited<T>(
  db: Db,
  caller: Caller,
  { practitionerId, action, meta, change }: Keeping & { action: string; change: (tx: Tx) => Promise<T> },
): Promise<T> {
  return db.transaction(async (tx) => {
    await assertMayManage(tx, caller, practitionerId);
    const result = await change(tx);
    await recordActivity(tx, {
      actorId: caller.id,
      action,
      entityType: 'practitioner_schedule',
      entityId: practitionerId,
      ipAddress: meta.ipAddress,
    });
    return result;
  });
}

export async function updateSettings(
  db: Db,
  caller: Caller,
  { practitionerId, input, meta }: Keeping & { input: UpdateScheduleSettingsInput },
): Promise<ScheduleSettings> {
  try {
    return await audited(db, caller, {
      practitionerId,
      action: 'schedule.settings_updated',
      meta,
      change: async (tx) =>
        toSettings(practitionerId, await repository.upsertSchedule(tx, practitionerId, input)),
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', BOOKING_LINK_TAKEN, { fields: { bookingLink: BOOKING_LINK_TAKEN } });
    throw error;
  }
}

/** Two ranges of one day may touch but not overlap: which of them would the slots follow? */
function assertNoOverlap(
  ranges: readonly { start: string; end: string }[],
  field: (index: number) => string,
) {
  const order = ranges
    .map((range, index) => ({ ...range, index }))
    .sort((a, b) => (a.start < b.start ? -1 : 1));
  for (let i = 1; i < order.length; i++) {
    if (order[i]!.start < order[i - 1]!.end) {
      const message = 'These hours overlap other hours on the same day';
      throw badRequest(message, { [field(order[i]!.index)]: message });
    }
  }
}

export function replaceWeeklyHours(
  db: Db,
  caller: Caller,
  { practitionerId, input, meta }: Keeping & { input: ReplaceWeeklyHoursInput },
) {
  for (let weekday = 0; weekday < 7; weekday++) {
    const ofDay = input.hours
      .map((range, index) => ({ ...range, index }))
      .filter((r) => r.weekday === weekday);
    try {
      assertNoOverlap(ofDay, (i) => `hours.${ofDay[i]!.index}.start`);
    } catch (error) {
      if (error instanceof AppError)
        throw badRequest(`${WEEKDAYS[weekday]}: ${error.message}`, error.extra.fields);
      throw error;
    }
  }
  return audited(db, caller, {
    practitionerId,
    action: 'schedule.weekly_hours_replaced',
    meta,
    change: async (tx) => {
      await repository.replaceWeeklyHours(tx, practitionerId, input.hours);
      return availabilityOf(tx, practitionerId);
    },
  });
}

export function putDateOverride(
  db: Db,
  caller: Caller,
  { practitionerId, date, input, meta }: Keeping & { date: string; input: PutDateOverrideInput },
) {
  assertNoOverlap(input.hours, (index) => `hours.${index}.start`);
  return audited(db, caller, {
    practitionerId,
    action: 'schedule.date_override_set',
    meta,
    change: async (tx) => {
      await repository.replaceDateOverride(tx, practitionerId, { date, hours: input.hours });
      return availabilityOf(tx, practitionerId);
    },
  });
}

export function deleteDateOverride(
  db: Db,
  caller: Caller,
  { practitionerId, date, meta }: Keeping & { date: string },
) {
  return audited(db, caller, {
    practitionerId,
    action: 'schedule.date_override_removed',
    meta,
    change: async (tx) => {
      if ((await repository.deleteDateOverride(tx, practitionerId, date)) === 0)
        throw notFound(OVERRIDE_NOT_FOUND);
    },
  });
}

export function addTimeOff(
  db: Db,
  caller: Caller,
  { practitionerId, input, meta }: Keeping & { input: CreateTimeOffInput },
) {
  return audited(db, caller, {
    practitionerId,
    action: 'schedule.time_off_added',
    meta,
    change: async (tx) =>
      toTimeOff(
        await repository.insertTimeOff(tx, {
          practitionerId,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
          reason: input.reason?.trim() ?? '',
        }),
      ),
  });
}

export function removeTimeOff(
  db: Db,
  caller: Caller,
  { practitionerId, id, meta }: Keeping & { id: string },
) {
  return audited(db, caller, {
    practitionerId,
    action: 'schedule.time_off_removed',
    meta,
    change: async (tx) => {
      if (!(await repository.deleteTimeOff(tx, practitionerId, id))) throw notFound(TIME_OFF_NOT_FOUND);
    },
  });
}
