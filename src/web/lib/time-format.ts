// Made on first use, not on load: building a formatter loads the locale's data, which on a phone is a long task
// the signed-in page would pay before anyone opens a list of messages or notifications.
let formats: Record<'time' | 'date' | 'full', Intl.DateTimeFormat> | undefined;
const formatsOf = () =>
  (formats ??= {
    time: new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
    date: new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }),
    full: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
  });

function isSameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** Today's times as a clock time, older ones as a date: what a conversation list shows. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return isSameDay(date, now) ? formatsOf().time.format(date) : formatsOf().date.format(date);
}

/** Delivery and read times: the clock time today, with the date on other days. */
export function receiptTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return isSameDay(date, now) ? formatsOf().time.format(date) : formatsOf().full.format(date);
}

export function fullTime(iso: string): string {
  return formatsOf().full.format(new Date(iso));
}

/** A day as the server stores it (UTC), so every reader sees the same date. */
export const dayOf = (iso: string) => iso.slice(0, 10);
