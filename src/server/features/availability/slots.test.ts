import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { type FreeSlot, freeSlots, type SlotQuery } from './slots';

const weekdays9to12 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '12:00' }));

function query(overrides: Partial<SlotQuery> = {}): SlotQuery {
  return {
    timeZone: 'Europe/London',
    weeklyHours: weekdays9to12,
    overrides: [],
    timeOff: [],
    appointments: [],
    durationMinutes: 60,
    bufferMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 3650,
    from: '2024-06-03',
    to: '2024-06-09',
    now: new Date('2024-01-01T00:00:00Z'),
    ...overrides,
  };
}

/** 'YYYY-MM-DD HH:MM' of each slot's start on the practitioner's wall clock. */
function localStarts(slots: FreeSlot[], timeZone: string): string[] {
  return slots.map((slot) => {
    const local = new TZDate(new Date(slot.startsAt).getTime(), timeZone);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
  });
}

function onDay(slots: FreeSlot[], date: string): FreeSlot[] {
  return slots.filter((slot) => slot.date === date);
}

function times(slots: FreeSlot[], timeZone = 'Europe/London'): string[] {
  return localStarts(slots, timeZone).map((label) => label.slice(11));
}

describe('freeSlots', () => {
  it('offers every quarter hour a service fits in on each working day of a plain week', () => {
    const slots = freeSlots(query());
    expect(slots).toHaveLength(5 * 9);
    expect(times(onDay(slots, '2024-06-03'))).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
    ]);
    // British Summer Time: 09:00 in London is 08:00 UTC, and a slot lasts the service's length.
    expect(slots[0]).toEqual({
      date: '2024-06-03',
      startsAt: '2024-06-03T08:00:00.000Z',
      endsAt: '2024-06-03T09:00:00.000Z',
    });
    expect(onDay(slots, '2024-06-08')).toEqual([]);
    expect(onDay(slots, '2024-06-09')).toEqual([]);
  });

  it('gives nothing on a day an override closes, and the weekly hours on the others', () => {
    const slots = freeSlots(query({ overrides: [{ date: '2024-06-05', hours: [] }] }));
    expect(onDay(slots, '2024-06-05')).toEqual([]);
    expect(onDay(slots, '2024-06-04')).toHaveLength(9);
    expect(onDay(slots, '2024-06-06')).toHaveLength(9);
  });

  it('uses an override’s hours instead of the weekly ones, on a working day or a day off', () => {
    const slots = freeSlots(
      query({
        overrides: [
          { date: '2024-06-04', hours: [{ start: '14:00', end: '15:30' }] },
          { date: '2024-06-08', hours: [{ start: '10:00', end: '11:00' }] },
        ],
      }),
    );
    expect(times(onDay(slots, '2024-06-04'))).toEqual(['14:00', '14:15', '14:30']);
    expect(times(onDay(slots, '2024-06-08'))).toEqual(['10:00']);
    expect(onDay(slots, '2024-06-03')).toHaveLength(9);
  });

  it('keeps time off free of any slot', () => {
    const slots = freeSlots(
      query({ timeOff: [{ startsAt: '2024-06-04T08:30:00Z', endsAt: '2024-06-04T10:00:00Z' }] }),
    );
    // Off from 09:30 to 11:00 local: an hour-long slot only fits from 11:00.
    expect(times(onDay(slots, '2024-06-04'))).toEqual(['11:00']);
    expect(onDay(slots, '2024-06-03')).toHaveLength(9);
  });

  it('leaves out a booked appointment and keeps the buffer either side of it', () => {
    const appointments = [{ startsAt: '2024-06-03T09:00:00Z', endsAt: '2024-06-03T09:30:00Z' }];
    const withoutBuffer = freeSlots(query({ appointments, durationMinutes: 30 }));
    expect(times(onDay(withoutBuffer, '2024-06-03'))).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
    ]);
    const withBuffer = freeSlots(query({ appointments, durationMinutes: 30, bufferMinutes: 15 }));
    expect(times(onDay(withBuffer, '2024-06-03'))).toEqual([
      '09:00',
      '09:15',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
    ]);
    expect(onDay(withBuffer, '2024-06-04')).toHaveLength(11);
  });

  it('starts no slot sooner than the minimum notice', () => {
    const slots = freeSlots(
      query({ durationMinutes: 30, now: new Date('2024-06-03T08:10:00Z'), minimumNoticeMinutes: 120 }),
    );
    // Now is 09:10 local; two hours' notice means 11:10 at the earliest.
    expect(times(onDay(slots, '2024-06-03'))).toEqual(['11:15', '11:30']);
    expect(onDay(slots, '2024-06-04')).toHaveLength(11);
  });

  it('offers nothing past the booking horizon', () => {
    const slots = freeSlots(query({ now: new Date('2024-06-03T07:00:00Z'), horizonDays: 2 }));
    expect(new Set(slots.map((slot) => slot.date))).toEqual(new Set(['2024-06-03', '2024-06-04']));
  });

  describe.each([
    {
      timeZone: 'Europe/London',
      beforeSpring: { date: '2024-03-29', startsAt: '2024-03-29T09:00:00.000Z' },
      afterSpring: { date: '2024-04-01', startsAt: '2024-04-01T08:00:00.000Z' },
      springDay: '2024-03-31',
      missingHour: '01',
      beforeAutumn: { date: '2024-10-25', startsAt: '2024-10-25T08:00:00.000Z' },
      afterAutumn: { date: '2024-10-28', startsAt: '2024-10-28T09:00:00.000Z' },
      autumnDay: '2024-10-27',
      repeatedHour: '01',
    },
    {
      timeZone: 'America/New_York',
      beforeSpring: { date: '2024-03-08', startsAt: '2024-03-08T14:00:00.000Z' },
      afterSpring: { date: '2024-03-11', startsAt: '2024-03-11T13:00:00.000Z' },
      springDay: '2024-03-10',
      missingHour: '02',
      beforeAutumn: { date: '2024-11-01', startsAt: '2024-11-01T13:00:00.000Z' },
      afterAutumn: { date: '2024-11-04', startsAt: '2024-11-04T14:00:00.000Z' },
      autumnDay: '2024-11-03',
      repeatedHour: '01',
    },
  ])('across daylight-saving changes in $timeZone', (zone) => {
    const nightHours = (date: string) => [{ date, hours: [{ start: '00:00', end: '05:00' }] }];

    it('keeps 09:00 at 09:00 local on either side of the spring change', () => {
      const slots = freeSlots(
        query({ timeZone: zone.timeZone, from: zone.beforeSpring.date, to: zone.afterSpring.date }),
      );
      expect(onDay(slots, zone.beforeSpring.date)[0]!.startsAt).toBe(zone.beforeSpring.startsAt);
      expect(onDay(slots, zone.afterSpring.date)[0]!.startsAt).toBe(zone.afterSpring.startsAt);
      expect(times(slots, zone.timeZone).every((time) => time >= '09:00' && time <= '11:00')).toBe(true);
    });

    it('keeps 09:00 at 09:00 local on either side of the autumn change', () => {
      const slots = freeSlots(
        query({ timeZone: zone.timeZone, from: zone.beforeAutumn.date, to: zone.afterAutumn.date }),
      );
      expect(onDay(slots, zone.beforeAutumn.date)[0]!.startsAt).toBe(zone.beforeAutumn.startsAt);
      expect(onDay(slots, zone.afterAutumn.date)[0]!.startsAt).toBe(zone.afterAutumn.startsAt);
    });

    it('offers no slot in the hour the clocks skip', () => {
      const slots = freeSlots(
        query({
          timeZone: zone.timeZone,
          from: zone.springDay,
          to: zone.springDay,
          overrides: nightHours(zone.springDay),
        }),
      );
      const labels = times(slots, zone.timeZone);
      expect(labels.some((time) => time.startsWith(`${zone.missingHour}:`))).toBe(false);
      // Five hours on the wall clock are four real hours: quarter-hour starts that fit an hour-long
      // service, less the skipped hour's four.
      expect(labels).toHaveLength(17 - 4);
      expect(new Set(labels).size).toBe(labels.length);
      for (const slot of slots) {
        expect(new Date(slot.endsAt).getTime() - new Date(slot.startsAt).getTime()).toBe(3_600_000);
      }
    });

    it('offers the hour the clocks repeat once, not twice', () => {
      const slots = freeSlots(
        query({
          timeZone: zone.timeZone,
          from: zone.autumnDay,
          to: zone.autumnDay,
          overrides: nightHours(zone.autumnDay),
        }),
      );
      const labels = times(slots, zone.timeZone);
      expect(labels.filter((time) => time.startsWith(`${zone.repeatedHour}:`))).toEqual([
        `${zone.repeatedHour}:00`,
        `${zone.repeatedHour}:15`,
        `${zone.repeatedHour}:30`,
        `${zone.repeatedHour}:45`,
      ]);
      expect(new Set(labels).size).toBe(labels.length);
      const starts = slots.map((slot) => new Date(slot.startsAt).getTime());
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      // The last hour-long slot still ends by 05:00 local.
      expect(labels.at(-1)).toBe('04:00');
    });
  });

  it('never offers a slot that touches a booking or its buffer, over 90 days of 5,000 appointments', () => {
    const appointments: { startsAt: string; endsAt: string }[] = [];
    const start = Date.UTC(2024, 5, 3, 8, 0);
    // Deterministic spread: 5,000 half-hour bookings across the 90 days at varying times.
    for (let i = 0; i < 5000; i++) {
      const at = start + ((i * 7919) % (90 * 24 * 4)) * 15 * 60_000;
      appointments.push({
        startsAt: new Date(at).toISOString(),
        endsAt: new Date(at + 30 * 60_000).toISOString(),
      });
    }
    const weeklyHours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '07:00', end: '20:00' }));
    const began = performance.now();
    const slots = freeSlots(
      query({
        weeklyHours,
        appointments,
        bufferMinutes: 10,
        durationMinutes: 45,
        from: '2024-06-03',
        to: '2024-08-31',
      }),
    );
    const took = performance.now() - began;
    expect(slots.length).toBeGreaterThan(0);
    // Written exactly as Date#toISOString writes them.
    for (const slot of slots) {
      expect(new Date(slot.startsAt).toISOString()).toBe(slot.startsAt);
      expect(new Date(slot.endsAt).toISOString()).toBe(slot.endsAt);
    }
    const buffer = 10 * 60_000;
    const busy = appointments.map((a) => [Date.parse(a.startsAt) - buffer, Date.parse(a.endsAt) + buffer]);
    for (const slot of slots) {
      const s = Date.parse(slot.startsAt);
      const e = Date.parse(slot.endsAt);
      expect(busy.some(([bs, be]) => bs! < e && s < be!)).toBe(false);
    }
    // Same answer as checking each candidate against every booking: nothing free was dropped either.
    const everyCandidate = freeSlots(
      query({ weeklyHours, durationMinutes: 45, from: '2024-06-03', to: '2024-08-31' }),
    );
    const expected = everyCandidate.filter((slot) => {
      const s = Date.parse(slot.startsAt);
      const e = Date.parse(slot.endsAt);
      return !busy.some(([bs, be]) => bs! < e && s < be!);
    });
    expect(slots).toEqual(expected);
    // The goal is 50 ms (bench/slots.ts measures it); this bound only catches a slide back to quadratic.
    expect(took).toBeLessThan(500);
  });
});
