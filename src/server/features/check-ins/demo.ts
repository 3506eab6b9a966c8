import {
  type MeasureAnswer,
  OUTCOME_MEASURES,
  type OutcomeMeasureCode,
  scoreMeasure,
} from '../../../shared/outcome-measures';
import type { Tx } from '../../db/client';
import * as accounts from '../accounts/service';
import * as careTeam from '../care-team/service';
import * as repository from './repository';

const DAY_MS = 86_400_000;
/** Check-ins every few weeks over four months, oldest first. */
const DAYS_AGO = [118, 96, 74, 52, 31, 10];
const PSFS_ACTIVITIES = ['Climbing stairs', 'Walking 30 minutes', 'Lifting shopping'];

/** A fixed sequence per patient, so the demo looks the same on every start. */
function wobble(seed: number, step: number) {
  const x = Math.sin(seed * 12.9898 + step * 78.233) * 43758.5453;
  return x - Math.floor(x) - 0.5;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(value)));

/** The answers of one check-in `progress` (0 at intake to 1 at the last) of the way through recovery. */
function answersFor(
  code: OutcomeMeasureCode,
  { progress, seed, step }: { progress: number; seed: number; step: number },
): MeasureAnswer[] {
  const noise = wobble(seed, step);
  const measure = OUTCOME_MEASURES[code];
  if (code === 'nprs') return [{ linkId: 'pain', value: clamp(7 - 4.5 * progress + noise * 1.5, 0, 10) }];
  if (code === 'psfs')
    return PSFS_ACTIVITIES.flatMap((activity, index) => [
      { linkId: `activity-${index + 1}`, value: activity },
      {
        linkId: `rating-${index + 1}`,
        value: clamp(2 + index * 0.5 + 5.5 * progress + wobble(seed + index, step) * 2, 0, 10),
      },
    ]);
  return measure.items.map((item, index) => {
    const top = item.answerOption!.at(-1)!.value;
    const better = code === 'lefs' ? 1.2 + 2.3 * progress : 6.5 - 4.5 * progress;
    return { linkId: item.linkId, value: clamp(better + wobble(seed + index, step) * 1.6, 0, top) };
  });
}

/**
 * Outcome measures for most of the demo clinic's patients over four months, improving as care goes on (some
 * by more than the MCID, some less), so the recovery charts show them. The demo patient also has a PSFS to
 * fill in now.
 */
export async function seedDemoCheckIns(tx: Tx, { demoPatientId }: { demoPatientId: string }) {
  const patients = await accounts.listActiveAccountsWithRole(tx, 'patient');
  const rows: Parameters<typeof repository.insertHistory>[1] = [];
  const now = Date.now();
  for (const [seed, patient] of patients.entries()) {
    // One patient in five has not been sent any measure.
    if (seed % 5 === 4 && patient.id !== demoPatientId) continue;
    const [practitionerId] = await careTeam.practitionersOf(tx, patient.id);
    const codes: OutcomeMeasureCode[] = ['nprs', seed % 2 === 0 ? 'psfs' : seed % 3 === 0 ? 'spadi' : 'lefs'];
    // Some recover faster than others.
    const pace = 0.55 + 0.45 * ((seed % 4) / 3);
    for (const code of codes)
      for (const [step, daysAgo] of DAYS_AGO.entries()) {
        const progress = (step / (DAYS_AGO.length - 1)) * pace;
        const answers = answersFor(code, { progress, seed, step });
        const scored = scoreMeasure(code, answers);
        if (!scored.ok) continue;
        rows.push({
          patientId: patient.id,
          measure: code,
          requestedBy: practitionerId ?? null,
          at: new Date(now - daysAgo * DAY_MS),
          answers,
          score: scored.score,
        });
      }
  }
  rows.push({
    patientId: demoPatientId,
    measure: 'psfs',
    requestedBy: null,
    at: new Date(now - DAY_MS),
    answers: null,
    score: null,
  });
  await repository.insertHistory(tx, rows);
}
