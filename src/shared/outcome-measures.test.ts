import { describe, expect, it } from 'vitest';
import {
  improvementOf,
  type MeasureAnswer,
  OUTCOME_MEASURE_CODES,
  OUTCOME_MEASURES,
  scoreMeasure,
} from './outcome-measures';

/**
 * Each measure's scoring against examples worked by hand with the rule its publication gives:
 * NPRS (Farrar et al. 2001, Pain 94:149): the number chosen.
 * PSFS (Stratford et al. 1995, Physiotherapy Canada 47:258): total of the activity ratings / number of activities.
 * LEFS (Binkley et al. 1999, Phys Ther 79:371): sum of 20 items scored 0-4, 0 (worst) to 80 (best).
 * SPADI (Roach et al. 1991, Arthritis Care Res 4:143): pain total / 50 x 100, disability / 80 x 100, total / 130
 * x 100; an item left out is left out of the divisor (one left out: divide by 120).
 */
const answers = (values: Record<string, number | string>): MeasureAnswer[] =>
  Object.entries(values).map(([linkId, value]) => ({ linkId, value }));

const scored = (code: Parameters<typeof scoreMeasure>[0], values: Record<string, number | string>) => {
  const result = scoreMeasure(code, answers(values));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.score;
};

describe('outcome measure scoring', () => {
  it('NPRS is the number chosen', () => {
    expect(scored('nprs', { pain: 7 })).toBe(7);
    expect(scored('nprs', { pain: 0 })).toBe(0);
  });

  it('PSFS is the mean of the activities rated (3, 5 and 7 give 5.0; 4 and 7 give 5.5)', () => {
    expect(
      scored('psfs', {
        'activity-1': 'Climbing stairs',
        'rating-1': 3,
        'activity-2': 'Lifting my grandchild',
        'rating-2': 5,
        'activity-3': 'Gardening',
        'rating-3': 7,
      }),
    ).toBe(5);
    expect(
      scored('psfs', { 'activity-1': 'Running', 'rating-1': 4, 'activity-2': 'Kneeling', 'rating-2': 7 }),
    ).toBe(5.5);
    expect(
      scored('psfs', {
        'activity-1': 'Golf',
        'rating-1': 2,
        'activity-2': 'Swim',
        'rating-2': 3,
        'activity-3': 'Walk',
        'rating-3': 3,
      }),
    ).toBe(2.7);
  });

  it('PSFS refuses an activity without a rating and a rating without an activity', () => {
    const result = scoreMeasure(
      'psfs',
      answers({ 'activity-1': 'Running', 'rating-1': 4, 'activity-2': 'Kneeling', 'rating-3': 5 }),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { linkId: 'rating-2', message: 'Rate this activity' },
        { linkId: 'activity-3', message: 'Name this activity' },
      ],
    });
  });

  it('LEFS sums its 20 items: all "no difficulty" is 80, all "extreme" is 0, a mixed form 47', () => {
    const all = (value: number) =>
      Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`lefs-${index + 1}`, value]));
    expect(scored('lefs', all(4))).toBe(80);
    expect(scored('lefs', all(0))).toBe(0);
    // Items 1-10 at 3 (30), items 11-15 at 2 (10), items 16-19 at 1 (4), item 20 at 3: 47.
    const mixed = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => {
        const n = index + 1;
        return [`lefs-${n}`, n <= 10 ? 3 : n <= 15 ? 2 : n <= 19 ? 1 : 3];
      }),
    );
    expect(scored('lefs', mixed)).toBe(47);
  });

  it('LEFS names each question left out', () => {
    const result = scoreMeasure('lefs', answers({ 'lefs-1': 4 }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toHaveLength(19);
  });

  it('SPADI is the total over 130 as a percentage, leaving unanswered items out of the divisor', () => {
    const pain = { 'pain-1': 5, 'pain-2': 6, 'pain-3': 4, 'pain-4': 3, 'pain-5': 2 };
    const disability = {
      'disability-1': 3,
      'disability-2': 4,
      'disability-3': 2,
      'disability-4': 5,
      'disability-5': 6,
      'disability-6': 1,
      'disability-7': 2,
      'disability-8': 3,
    };
    // 20 + 26 = 46 of 130: 35.4 %.
    expect(scored('spadi', { ...pain, ...disability })).toBe(35.4);
    // One left out (disability-8, 3): 43 of 120: 35.8 %.
    const { 'disability-8': _left, ...fewer } = disability;
    expect(scored('spadi', { ...pain, ...fewer })).toBe(35.8);
    // Three left out: not scored.
    const { 'disability-1': _a, 'disability-2': _b, ...tooFew } = fewer;
    expect(scoreMeasure('spadi', answers({ ...pain, ...tooFew })).ok).toBe(false);
  });

  it('refuses values outside the options and questions the measure does not have', () => {
    expect(scoreMeasure('nprs', answers({ pain: 11 }))).toEqual({
      ok: false,
      problems: [{ linkId: 'pain', message: 'Choose a whole number from 0 to 10' }],
    });
    expect(scoreMeasure('nprs', answers({ pain: 2.5 })).ok).toBe(false);
    expect(scoreMeasure('nprs', answers({ pain: '3' })).ok).toBe(false);
    expect(scoreMeasure('nprs', answers({ pain: 3, mood: 2 })).ok).toBe(false);
  });

  it("counts improvement in each measure's own direction against its MCID", () => {
    // Pain from 7 to 4: 3 points better, past the 2-point MCID.
    expect(improvementOf('nprs', { baseline: 7, latest: 4 })).toEqual({
      change: -3,
      improvement: 3,
      passesMcid: true,
    });
    // LEFS from 40 to 46: 6 points better, short of 9.
    expect(improvementOf('lefs', { baseline: 40, latest: 46 })).toEqual({
      change: 6,
      improvement: 6,
      passesMcid: false,
    });
    // SPADI from 60 to 40: 20 points better.
    expect(improvementOf('spadi', { baseline: 60, latest: 40 }).passesMcid).toBe(true);
    expect(improvementOf('psfs', { baseline: 3.3, latest: 5.3 })).toEqual({
      change: 2,
      improvement: 2,
      passesMcid: true,
    });
  });

  it('every measure is shaped for a FHIR Questionnaire: unique linkIds, options on every number', () => {
    for (const code of OUTCOME_MEASURE_CODES) {
      const measure = OUTCOME_MEASURES[code];
      const ids = measure.items.map((item) => item.linkId);
      expect(new Set(ids).size, code).toBe(ids.length);
      for (const item of measure.items)
        if (item.type === 'integer') expect(item.answerOption?.length, item.linkId).toBeGreaterThan(1);
      expect(measure.mcid.value).toBeGreaterThan(0);
    }
  });
});
