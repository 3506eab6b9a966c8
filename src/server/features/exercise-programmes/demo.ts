import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { careTeamAssignments, exerciseLogs, exercises } from '../../db/schema';
import { addDays, clinicToday } from '../../platform/clinic-time';
import * as repository from './repository';

/** A repeatable number in [0, 1) from a seed: the demo is the same on every install. */
function random(seed: number) {
  const x = Math.sin(seed * 9301 + 49297) * 233280;
  return x - Math.floor(x);
}

/**
 * Programmes and months of daily check-ins for most demo patients: most keep to them fairly well and feel
 * better, one in five slipped this last week with more pain, so the practitioners' worsening lists are not empty.
 */
export async function seedDemoExerciseProgrammes(tx: Tx, now = new Date()) {
  const library = await tx.select({ id: exercises.id }).from(exercises).orderBy(exercises.name).limit(12);
  const existing = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from exercise_programmes`);
  if (library.length < 3 || Number(existing[0]?.n ?? 0) > 0) return;
  const [demo] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from users where email = 'patient@demo.clinic'`,
  );
  const demoPatient = demo?.id;
  // In a fixed order (the demo patient first, then by email), so the demo is the same on every install and the
  // demo patient always has a programme to show.
  const teams = await rowsOf<{ patientId: string; practitionerId: string }>(
    tx,
    sql`select distinct on (u.email) c.patient_id as "patientId", c.practitioner_id as "practitionerId"
      from ${careTeamAssignments} c join users u on u.id = c.patient_id
      order by u.email, c.practitioner_id`,
  );
  teams.sort((a, b) => Number(b.patientId === demoPatient) - Number(a.patientId === demoPatient));
  const today = clinicToday(now);
  const logs: Array<typeof exerciseLogs.$inferInsert> = [];
  for (const [index, team] of teams.entries()) {
    if (index % 6 === 5) continue; // a few patients have no programme
    const length = 3 + (index % 2);
    const chosen = Array.from({ length }, (_, k) => library[(index + k * 3) % library.length].id);
    const items = [...new Set(chosen)].map((exerciseId, k) => ({
      exerciseId,
      sets: 3,
      reps: 10 + (k % 3) * 2,
      holdSeconds: null,
      timesPerDay: 1,
      daysPerWeek: k === 0 ? 7 : 5,
      notes: k === 0 ? 'Go gently at first.' : '',
    }));
    const days = 30 + Math.floor(random(index) * 90);
    const startDate = addDays(today, -days);
    const programmeId = await repository.insertProgramme(tx, {
      patientId: team.patientId,
      practitionerId: team.practitionerId,
      title: ['Knee strength', 'Back and hips', 'Mobility at home', 'Return to running'][index % 4],
      startDate,
      reviewDate: addDays(startDate, 42),
      weeklySessions: items.reduce((sum, item) => sum + item.daysPerWeek, 0),
      createdAt: new Date(`${startDate}T09:00:00Z`),
    });
    await repository.insertVersion(tx, {
      programmeId,
      version: 1,
      createdBy: team.practitionerId,
      items,
      createdAt: new Date(`${startDate}T09:00:00Z`),
    });
    const itemIds = await rowsOf<{ id: string; exercise_id: string }>(
      tx,
      sql`select i.id, i.exercise_id from exercise_programme_items i join exercise_programme_versions v on v.id = i.version_id where v.programme_id = ${programmeId}::uuid order by i.position`,
    );
    const keeps = 0.55 + random(index + 100) * 0.4;
    const slipping = index % 5 === 2;
    for (let d = 0; d < days; d++) {
      const day = addDays(startDate, d);
      const lastWeek = d >= days - 7;
      const chance = slipping && lastWeek ? 0.25 : keeps;
      const basePain = Math.max(1, 6 - Math.floor((d / days) * 4));
      for (const [k, item] of itemIds.entries()) {
        const roll = random(index * 1000 + d * 10 + k);
        // An exercise set for five days a week is done on about five days in seven, not every day.
        if (roll > (chance * items[k].daysPerWeek) / 7) continue;
        const pain = Math.min(10, basePain + (slipping && lastWeek ? 3 : 0) + (roll < 0.2 ? 1 : 0));
        logs.push({
          patientId: team.patientId,
          programmeId,
          itemId: item.id,
          exerciseId: item.exercise_id,
          clinicDay: day,
          done: true,
          difficulty: Math.min(10, 3 + Math.floor(roll * 5)),
          pain,
          note:
            slipping && lastWeek && k === 0
              ? 'Sore after this one'
              : d % 17 === 0 && k === 0
                ? 'Felt easier today'
                : '',
          loggedAt: new Date(`${day}T18:00:00Z`),
        });
      }
    }
  }
  for (let start = 0; start < logs.length; start += 1000)
    await tx.insert(exerciseLogs).values(logs.slice(start, start + 1000));
  await tx.execute(sql`
    insert into exercise_log_days (patient_id, clinic_day, done_count, pain_sum, pain_count)
    select patient_id, clinic_day, count(*) filter (where done), coalesce(sum(pain), 0), count(pain)
    from exercise_logs group by patient_id, clinic_day
    on conflict (patient_id, clinic_day) do nothing`);
}
