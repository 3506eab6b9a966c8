/**
 * The standard outcome measures a clinic may send as check-ins, with their published scoring. Each is data
 * shaped like a FHIR R4 Questionnaire (item.linkId, item.text, item.type, item.answerOption) so it maps to one
 * later; docs/features/outcome-measures.md names each measure's source, licence and minimal clinically
 * important difference (MCID). No zod here: the patient's form and the chart read these without the schemas.
 */

export const OUTCOME_MEASURE_CODES = ['nprs', 'psfs', 'lefs', 'spadi'] as const;
export type OutcomeMeasureCode = (typeof OUTCOME_MEASURE_CODES)[number];

/** An answer option: the value stored and scored (FHIR valueInteger) and the words shown beside it. */
export type AnswerOption = { value: number; label: string };

export type MeasureItem = {
  linkId: string;
  text: string;
  /** FHIR item types: a whole number picked from the options, or a short free text. */
  type: 'integer' | 'string';
  required: boolean;
  answerOption?: readonly AnswerOption[];
  /** The words at each end of a 0-10 scale, shown under the options. */
  anchors?: { low: string; high: string };
  /** Items shown together on one screen region (PSFS: an activity and its rating; SPADI: its two parts). */
  group?: string;
};

export type OutcomeMeasure = {
  code: OutcomeMeasureCode;
  title: string;
  shortTitle: string;
  /** What the patient reads before the first question. */
  instructions: string;
  /** The body region it is meant for, or 'any'. */
  region: 'any' | 'lower limb' | 'shoulder';
  items: readonly MeasureItem[];
  score: { min: number; max: number; unit: string; decimals: number };
  /** Whether a higher score means the patient is better (function) or worse (pain, disability). */
  higherIsBetter: boolean;
  mcid: { value: number; source: string };
  scoring: string;
  source: string;
};

const scale = (from: number, to: number, labels: Record<number, string> = {}): AnswerOption[] =>
  Array.from({ length: to - from + 1 }, (_, index) => {
    const value = from + index;
    return { value, label: labels[value] ?? String(value) };
  });

const NPRS: OutcomeMeasure = {
  code: 'nprs',
  title: 'Numeric Pain Rating Scale',
  shortTitle: 'NPRS',
  instructions: 'Think about your pain over the last 24 hours.',
  region: 'any',
  items: [
    {
      linkId: 'pain',
      text: 'How bad is your pain right now, from 0 (no pain) to 10 (worst pain imaginable)?',
      type: 'integer',
      required: true,
      answerOption: scale(0, 10),
      anchors: { low: 'No pain', high: 'Worst pain imaginable' },
    },
  ],
  score: { min: 0, max: 10, unit: 'points', decimals: 0 },
  higherIsBetter: false,
  mcid: {
    value: 2,
    source: 'Farrar et al. 2001, Pain 94:149-158; Childs, Piva and Fritz 2005, Spine 30:1331-1334',
  },
  scoring: 'The number chosen, 0 to 10.',
  source: 'McCaffery and Beebe 1989; Farrar et al. 2001',
};

const PSFS_ACTIVITIES = 3;
const psfsItems: MeasureItem[] = Array.from({ length: PSFS_ACTIVITIES }, (_, index) => {
  const n = index + 1;
  return [
    {
      linkId: `activity-${n}`,
      text: `Activity ${n}: an important activity you are unable to do or have difficulty with`,
      type: 'string' as const,
      required: n === 1,
      group: `activity-${n}`,
    },
    {
      linkId: `rating-${n}`,
      text: `How able are you to do activity ${n} today?`,
      type: 'integer' as const,
      required: n === 1,
      answerOption: scale(0, 10),
      anchors: { low: 'Unable to do it', high: 'Able to do it as before' },
      group: `activity-${n}`,
    },
  ];
}).flat();

const PSFS: OutcomeMeasure = {
  code: 'psfs',
  title: 'Patient-Specific Functional Scale',
  shortTitle: 'PSFS',
  instructions:
    'Name up to three important activities that your problem makes hard or impossible, and rate how able you are to do each today.',
  region: 'any',
  items: psfsItems,
  score: { min: 0, max: 10, unit: 'points', decimals: 1 },
  higherIsBetter: true,
  mcid: {
    value: 2,
    source:
      'Stratford et al. 1995, Physiotherapy Canada 47:258-263 (2 points on the mean score); Abbott and Schmitt 2014, JOSPT 44:560-564',
  },
  scoring: 'The mean of the activity ratings given (each 0 to 10), to one decimal.',
  source: 'Stratford, Gill, Westaway and Binkley 1995, Physiotherapy Canada 47:258-263',
};

const LEFS_ACTIVITIES = [
  'Any of your usual work, housework or school activities',
  'Your usual hobbies, recreational or sporting activities',
  'Getting into or out of the bath',
  'Walking between rooms',
  'Putting on your shoes or socks',
  'Squatting',
  'Lifting an object, like a bag of groceries, from the floor',
  'Performing light activities around your home',
  'Performing heavy activities around your home',
  'Getting into or out of a car',
  'Walking 2 blocks',
  'Walking a mile',
  'Going up or down 10 stairs (about 1 flight of stairs)',
  'Standing for 1 hour',
  'Sitting for 1 hour',
  'Running on even ground',
  'Running on uneven ground',
  'Making sharp turns while running fast',
  'Hopping',
  'Rolling over in bed',
] as const;

const LEFS_OPTIONS = scale(0, 4, {
  0: 'Extreme difficulty or unable to do',
  1: 'Quite a bit of difficulty',
  2: 'Moderate difficulty',
  3: 'A little bit of difficulty',
  4: 'No difficulty',
});

const LEFS: OutcomeMeasure = {
  code: 'lefs',
  title: 'Lower Extremity Functional Scale',
  shortTitle: 'LEFS',
  instructions:
    'Because of your leg, hip, knee, ankle or foot problem, today do you, or would you, have any difficulty with these activities?',
  region: 'lower limb',
  items: LEFS_ACTIVITIES.map((text, index) => ({
    linkId: `lefs-${index + 1}`,
    text,
    type: 'integer',
    required: true,
    answerOption: LEFS_OPTIONS,
  })),
  score: { min: 0, max: 80, unit: 'points', decimals: 0 },
  higherIsBetter: true,
  mcid: { value: 9, source: 'Binkley et al. 1999, Physical Therapy 79:371-383' },
  scoring: 'The sum of the 20 answers (each 0 to 4), 0 to 80.',
  source: 'Binkley, Stratford, Lott and Riddle 1999, Physical Therapy 79:371-383',
};

const SPADI_PAIN = [
  'At its worst?',
  'When lying on the painful side?',
  'Reaching for something on a high shelf?',
  'Touching the back of your neck?',
  'Pushing with the painful arm?',
] as const;
const SPADI_DISABILITY = [
  'Washing your hair?',
  'Washing your back?',
  'Putting on an undershirt or jumper?',
  'Putting on a shirt that buttons down the front?',
  'Putting on your trousers?',
  'Placing an object on a high shelf?',
  'Carrying a heavy object of 10 pounds (4.5 kilograms)?',
  'Removing something from your back pocket?',
] as const;
/** Items a patient may leave unanswered (not applicable) before the index is not scored (Roach et al. 1991). */
export const SPADI_MAX_UNANSWERED = 2;

const SPADI: OutcomeMeasure = {
  code: 'spadi',
  title: 'Shoulder Pain and Disability Index',
  shortTitle: 'SPADI',
  instructions:
    'Think about your shoulder over the last week. Leave out a question only if it does not apply to you.',
  region: 'shoulder',
  items: [
    ...SPADI_PAIN.map((text, index) => ({
      linkId: `pain-${index + 1}`,
      text: `How severe is your pain: ${text.charAt(0).toLowerCase()}${text.slice(1)}`,
      type: 'integer' as const,
      required: false,
      answerOption: scale(0, 10),
      anchors: { low: 'No pain', high: 'Worst pain imaginable' },
      group: 'pain',
    })),
    ...SPADI_DISABILITY.map((text, index) => ({
      linkId: `disability-${index + 1}`,
      text: `How much difficulty do you have: ${text.charAt(0).toLowerCase()}${text.slice(1)}`,
      type: 'integer' as const,
      required: false,
      answerOption: scale(0, 10),
      anchors: { low: 'No difficulty', high: 'So difficult it needs help' },
      group: 'disability',
    })),
  ],
  score: { min: 0, max: 100, unit: '%', decimals: 1 },
  higherIsBetter: false,
  mcid: {
    value: 13,
    source:
      'Roy, MacDermid and Woodhouse 2009, Arthritis and Rheumatism 61:623-632 (8 to 13 points; the larger taken)',
  },
  scoring:
    'The answers given (each 0 to 10) summed, divided by 10 times the number answered, times 100, to one decimal; not scored when more than two are left out.',
  source: 'Roach, Budiman-Mak, Songsiridej and Lertratanakul 1991, Arthritis Care and Research 4:143-149',
};

export const OUTCOME_MEASURES: Record<OutcomeMeasureCode, OutcomeMeasure> = {
  nprs: NPRS,
  psfs: PSFS,
  lefs: LEFS,
  spadi: SPADI,
};

export const isOutcomeMeasureCode = (code: string): code is OutcomeMeasureCode =>
  (OUTCOME_MEASURE_CODES as readonly string[]).includes(code);

/** One answer as a QuestionnaireResponse item holds it: the question's linkId and a number or a text. */
export type MeasureAnswer = { linkId: string; value: number | string };

/** Why a set of answers cannot be scored, naming the question, for a 400 with `fields`. */
export type ScoringProblem = { linkId: string; message: string };
export type ScoringResult = { ok: true; score: number } | { ok: false; problems: ScoringProblem[] };

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Every answer names a question of the measure, once, with a value of the question's type and options. */
function checkAnswers(measure: OutcomeMeasure, answers: readonly MeasureAnswer[]) {
  const problems: ScoringProblem[] = [];
  const byLink = new Map<string, number | string>();
  for (const answer of answers) {
    const item = measure.items.find((candidate) => candidate.linkId === answer.linkId);
    if (!item) problems.push({ linkId: answer.linkId, message: 'This question is not part of the measure' });
    else if (byLink.has(answer.linkId))
      problems.push({ linkId: answer.linkId, message: 'Answer each question once' });
    else if (item.type === 'string') {
      const text = typeof answer.value === 'string' ? answer.value.trim() : '';
      if (!text || text.length > 200)
        problems.push({ linkId: item.linkId, message: 'Write the activity in at most 200 characters' });
      else byLink.set(item.linkId, text);
    } else if (
      typeof answer.value !== 'number' ||
      !item.answerOption?.some((option) => option.value === answer.value)
    ) {
      const values = item.answerOption?.map((option) => option.value) ?? [];
      problems.push({
        linkId: item.linkId,
        message: `Choose a whole number from ${Math.min(...values)} to ${Math.max(...values)}`,
      });
    } else byLink.set(item.linkId, answer.value);
  }
  for (const item of measure.items)
    if (item.required && !byLink.has(item.linkId) && !problems.some((p) => p.linkId === item.linkId))
      problems.push({ linkId: item.linkId, message: 'Answer this question' });
  return { problems, byLink };
}

/** The measure's published score for these answers, or the questions that stop it being scored. */
export function scoreMeasure(code: OutcomeMeasureCode, answers: readonly MeasureAnswer[]): ScoringResult {
  const measure = OUTCOME_MEASURES[code];
  const { problems, byLink } = checkAnswers(measure, answers);
  if (problems.length > 0) return { ok: false, problems };
  const numbers = (prefix: string) =>
    measure.items
      .filter((item) => item.type === 'integer' && item.linkId.startsWith(prefix))
      .map((item) => byLink.get(item.linkId))
      .filter((value): value is number => typeof value === 'number');
  switch (code) {
    case 'nprs':
      return { ok: true, score: byLink.get('pain') as number };
    case 'lefs':
      return { ok: true, score: numbers('lefs-').reduce((sum, value) => sum + value, 0) };
    case 'psfs': {
      for (let n = 1; n <= PSFS_ACTIVITIES; n += 1) {
        const named = byLink.has(`activity-${n}`);
        const rated = byLink.has(`rating-${n}`);
        if (named && !rated) problems.push({ linkId: `rating-${n}`, message: 'Rate this activity' });
        if (rated && !named) problems.push({ linkId: `activity-${n}`, message: 'Name this activity' });
      }
      if (problems.length > 0) return { ok: false, problems };
      const ratings = numbers('rating-');
      return { ok: true, score: round(ratings.reduce((sum, value) => sum + value, 0) / ratings.length, 1) };
    }
    case 'spadi': {
      const given = numbers('');
      if (measure.items.length - given.length > SPADI_MAX_UNANSWERED)
        return {
          ok: false,
          problems: measure.items
            .filter((item) => !byLink.has(item.linkId))
            .map((item) => ({
              linkId: item.linkId,
              message: `Answer all but at most ${SPADI_MAX_UNANSWERED} questions`,
            })),
        };
      const total = given.reduce((sum, value) => sum + value, 0);
      return { ok: true, score: round((total / (given.length * 10)) * 100, 1) };
    }
  }
}

/** How far a patient moved from their first score, in the better direction when positive. */
export function improvementOf(
  code: OutcomeMeasureCode,
  { baseline, latest }: { baseline: number; latest: number },
) {
  const measure = OUTCOME_MEASURES[code];
  const change = round(latest - baseline, measure.score.decimals);
  const improvement = round(measure.higherIsBetter ? change : -change, measure.score.decimals);
  return { change, improvement, passesMcid: improvement >= measure.mcid.value };
}

/** A score as the screens show it: "6.3/10", "54/80", "23.1%". */
export function formatScore(code: OutcomeMeasureCode, score: number) {
  const { max, unit } = OUTCOME_MEASURES[code].score;
  return unit === '%' ? `${score}%` : `${score}/${max}`;
}
