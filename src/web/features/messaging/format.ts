const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function isSameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** Today's times as a clock time, older ones as a date: what a conversation list shows. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return isSameDay(date, now) ? timeFormat.format(date) : dateFormat.format(date);
}

/** Delivery and read times: the clock time today, with the date on other days. */
export function receiptTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return isSameDay(date, now) ? timeFormat.format(date) : fullFormat.format(date);
}

export function fullTime(iso: string): string {
  return fullFormat.format(new Date(iso));
}
