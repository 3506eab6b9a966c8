import type { ProgrammeItem } from '../../../shared/exercise-programmes';

/** '3 sets × 10 reps, hold 5 s, once a day, every day': how much of an exercise, in the patient's words. */
export function dosageText(
  item: Pick<ProgrammeItem, 'sets' | 'reps' | 'holdSeconds' | 'timesPerDay' | 'daysPerWeek'>,
) {
  const amount = [
    item.sets ? `${item.sets} ${item.sets === 1 ? 'set' : 'sets'}` : null,
    item.reps ? `${item.reps} reps` : null,
  ]
    .filter(Boolean)
    .join(' × ');
  const hold = item.holdSeconds ? `hold ${item.holdSeconds} s` : null;
  const often = `${item.timesPerDay === 1 ? 'once' : `${item.timesPerDay} times`} a day, ${
    item.daysPerWeek === 7 ? 'every day' : `${item.daysPerWeek} days a week`
  }`;
  return [amount || null, hold, often].filter(Boolean).join(', ');
}

export const percentText = (percent: number | null) => (percent === null ? '–' : `${percent}%`);
