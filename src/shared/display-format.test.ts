import { describe, expect, it } from 'vitest';
import { clinicFormatter, createFormatter } from './display-format';

// Intl puts narrow and thin spaces around 'PM' and range dashes; the assertions read them as plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

const LONDON = 'Europe/London';
const afternoon = '2026-11-26T14:05:00Z';
const later = '2026-11-26T15:00:00Z';
const nextMorning = '2026-11-27T09:00:00Z';

describe('times by language and clock', () => {
  it('follows each language’s own clock when the preference is auto', () => {
    expect(plain(createFormatter({ locale: 'en-US', timeZone: LONDON }).time(afternoon))).toBe('2:05 PM');
    expect(createFormatter({ locale: 'en-GB', timeZone: LONDON }).time(afternoon)).toBe('14:05');
    expect(createFormatter({ locale: 'de-DE', timeZone: LONDON }).time(afternoon)).toBe('14:05');
  });

  it('holds the 12- or 24-hour clock the person chose, in every language', () => {
    const at = (locale: string, timeFormat: '12h' | '24h') =>
      plain(createFormatter({ locale, timeFormat, timeZone: LONDON }).time('2026-11-26T09:05:00Z'));
    expect(at('en-US', '24h')).toBe('09:05');
    expect(at('en-GB', '24h')).toBe('09:05');
    expect(at('de-DE', '24h')).toBe('09:05');
    expect(at('en-US', '12h')).toBe('9:05 AM');
    expect(at('en-GB', '12h')).toBe('9:05 am');
    expect(at('de-DE', '12h')).toBe('9:05 AM');
  });

  it('never writes midnight as 24:00 on a 24-hour clock', () => {
    const f = createFormatter({ locale: 'en-US', timeFormat: '24h', timeZone: 'UTC' });
    expect(f.time('2026-11-26T00:30:00Z')).toBe('00:30');
  });

  it('writes dates in the order and words of the language', () => {
    const at = (locale: string) => createFormatter({ locale, timeZone: LONDON });
    expect(at('en-US').date(afternoon)).toBe('Nov 26, 2026');
    expect(at('en-GB').date(afternoon)).toBe('26 Nov 2026');
    expect(at('de-DE').date(afternoon)).toBe('26. Nov. 2026');
    expect(plain(at('en-GB').dateTime(afternoon))).toBe('26 Nov 2026, 14:05');
    expect(plain(at('en-US').dateTime(afternoon))).toBe('Nov 26, 2026, 2:05 PM');
    expect(at('en-GB').longDay(afternoon)).toBe('Thursday 26 November');
  });

  it('shows a calendar day as that day whatever the zone', () => {
    for (const timeZone of ['Pacific/Auckland', 'America/Los_Angeles']) {
      const f = createFormatter({ locale: 'en-GB', timeZone });
      expect(f.day('2026-11-26')).toBe('26 Nov 2026');
      expect(f.day('2026-11-26', 'weekday')).toBe('Thu 26 Nov');
      expect(f.monthOfYear('2026-03')).toBe('Mar 2026');
    }
  });
});

describe('ranges', () => {
  it('writes a span within a day once, with both clock times', () => {
    expect(plain(createFormatter({ locale: 'en-GB', timeZone: LONDON }).range(afternoon, later))).toBe(
      'Thu 26 Nov, 14:05–15:00',
    );
    expect(plain(createFormatter({ locale: 'en-US', timeZone: LONDON }).range(afternoon, later))).toBe(
      'Thu, Nov 26, 2:05 – 3:00 PM',
    );
    expect(
      plain(
        createFormatter({ locale: 'en-GB', timeZone: LONDON, timeFormat: '12h' }).timeRange(afternoon, later),
      ),
    ).toBe('2:05 – 3:00 pm');
  });

  it('names both days of a span that crosses midnight', () => {
    expect(plain(createFormatter({ locale: 'en-GB', timeZone: LONDON }).range(afternoon, nextMorning))).toBe(
      'Thu 26 Nov, 14:05 – Fri 27 Nov, 09:00',
    );
    expect(plain(createFormatter({ locale: 'de-DE', timeZone: LONDON }).range(afternoon, nextMorning))).toBe(
      'Do., 26. Nov., 14:05 – Fr., 27. Nov., 09:00',
    );
  });
});

describe('relative times', () => {
  const now = '2026-11-26T12:00:00Z';
  const f = createFormatter({ locale: 'en-GB' });

  it('names the largest whole unit, before or after now', () => {
    expect(f.relative('2026-11-26T11:57:00Z', now)).toBe('3 minutes ago');
    expect(f.relative('2026-11-28T12:00:00Z', now)).toBe('in 2 days');
    expect(f.relative('2026-11-25T12:00:00Z', now)).toBe('yesterday');
    expect(f.relative('2026-11-26T09:00:00Z', now)).toBe('3 hours ago');
    expect(f.relative(now, now)).toBe('now');
  });

  it('speaks the reader’s language', () => {
    expect(createFormatter({ locale: 'de-DE' }).relative('2026-11-26T11:57:00Z', now)).toBe('vor 3 Minuten');
  });
});

describe('money', () => {
  it('writes dollars by their sign in the reader’s way of writing numbers', () => {
    expect(createFormatter({ locale: 'en-US' }).money(125000)).toBe('$1,250.00');
    expect(createFormatter({ locale: 'en-GB' }).money(125000)).toBe('$1,250.00');
    expect(plain(createFormatter({ locale: 'de-DE' }).money(125000))).toBe('1.250,00 $');
    expect(createFormatter({ locale: 'en-GB' }).money(-250)).toBe('-$2.50');
  });

  it('writes another currency by its code', () => {
    expect(createFormatter({ locale: 'en-GB' }).money(1999, 'eur')).toBe('EUR 19.99');
    expect(createFormatter({ locale: 'de-DE' }).money(1999, 'eur')).toBe('EUR 19,99');
  });
});

describe('the clinic’s zone across a change of the clocks', () => {
  // British Summer Time ends at 01:00 UTC on Sunday 25 October 2026.
  const clinic = clinicFormatter(LONDON);

  it('shows the same UTC hour an hour apart on either side of the change', () => {
    expect(clinic.weekdayTime('2026-10-24T09:00:00Z')).toBe('Sat 24 Oct, 10:00');
    expect(clinic.weekdayTime('2026-10-26T09:00:00Z')).toBe('Mon 26 Oct, 09:00');
  });

  it('writes the repeated hour of the change night as the clock showed it', () => {
    expect(clinic.time('2026-10-25T00:30:00Z')).toBe('01:30');
    expect(clinic.time('2026-10-25T01:30:00Z')).toBe('01:30');
    expect(plain(clinic.timeRange('2026-10-25T00:30:00Z', '2026-10-25T02:30:00Z'))).toBe('01:30–02:30');
  });
});
