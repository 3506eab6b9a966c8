const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/** '5 minutes ago', 'yesterday'; under a minute is 'just now'. */
export function relativeTime(iso: string, now: number = Date.now()) {
  let value = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(value) < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
