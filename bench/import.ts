// A clinic moving in: BENCH_PATIENTS clients (10,000) and BENCH_APPOINTMENTS upcoming appointments (50,000,
// spread over ten practitioners open 08:00-18:00 every day) imported from CSV on the embedded database, through
// the import's own service and job (rows judged, batches of 1,000 written in a transaction each, invitations
// written to the outbox, reminders queued, activity logged). Goal: both files in under two minutes together.
// Run with `npm run bench:import`; exits non-zero when the goal is missed.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { runImport } from '../src/server/features/imports/run';
import { startImport } from '../src/server/features/imports/service';
import { localFileStore } from '../src/server/platform/file-store';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 50_000);
const PRACTITIONERS = 10;
const GOAL_MS = 120_000;

const patientsCsv = () => {
  const lines = [
    'First Name,Last Name,Email,Mobile Phone,Date of Birth,Sex,Address,City,Province,Postal Code,Country',
  ];
  for (let i = 0; i < PATIENTS; i += 1)
    lines.push(
      `Bench,Client ${i},bench-client-${i}@example.test,555-${String(i).padStart(4, '0')},1980-01-${String((i % 28) + 1).padStart(2, '0')},F,${i} Main St,Springfield,ON,A1A 1A1,Canada`,
    );
  return lines.join('\n');
};

/** Ten one-hour sessions a day per practitioner, from tomorrow on, in the clinic's zone. */
const appointmentsCsv = () => {
  const lines = ['Patient Email,Practitioner Email,Service,Start,Notes'];
  const first = Date.now() + 86_400_000;
  for (let i = 0; i < APPOINTMENTS; i += 1) {
    const practitioner = i % PRACTITIONERS;
    const slot = Math.floor(i / PRACTITIONERS);
    const day = new Date(first + Math.floor(slot / 10) * 86_400_000).toISOString().slice(0, 10);
    const hour = String(8 + (slot % 10)).padStart(2, '0');
    lines.push(
      `bench-client-${i % PATIENTS}@example.test,bench-practitioner-${practitioner}@example.test,Bench Session,${day} ${hour}:00,`,
    );
  }
  return lines.join('\n');
};

async function main() {
  const filesDir = await mkdtemp(join(tmpdir(), 'bench-import-'));
  const database = await openDatabase({});
  await database.migrate();
  const files = localFileStore(filesDir);
  await seedDemo(database.db, { files });
  const { app, ctx } = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, files });
  const { db } = database;
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role)
    select gen_random_uuid(), 'bench-practitioner-' || i || '@example.test', 'x', 'Bench', 'Practitioner ' || i, 'practitioner'
    from generate_series(0, ${PRACTITIONERS - 1}::int) i`);
  await db.execute(sql`insert into weekly_hours (practitioner_id, weekday, start_time, end_time)
    select u.id, d, '08:00', '18:00' from users u cross join generate_series(0, 6) d
    where u.email like 'bench-practitioner-%'`);
  await db.execute(sql`insert into service_types (name, duration_minutes, price_cents, colour, active)
    values ('Bench Session', 60, 8500, '#2563eb', true)`);
  const [admin] = (
    (await db.execute(sql`select id from users where role = 'admin' limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const caller = { id: admin.id, role: 'admin' as const };
  const meta = { ipAddress: '127.0.0.1' };
  const figures: Record<string, number> = {};
  try {
    for (const [kind, csv] of [
      ['patients', patientsCsv()],
      ['appointments', appointmentsCsv()],
    ] as const) {
      const started = performance.now();
      const run = await startImport(ctx, caller, {
        input: { kind, preset: 'jane', csv, fileName: `${kind}.csv` },
        meta,
      });
      await runImport(ctx, run.id);
      figures[kind] = performance.now() - started;
      const [done] = (
        (await db.execute(
          sql`select status, created, matched, skipped from import_runs where id = ${run.id}`,
        )) as unknown as {
          rows: unknown[];
        }
      ).rows;
      console.log(`${kind}: ${(figures[kind] / 1000).toFixed(1)} s`, done);
    }
  } finally {
    await app.close();
    await database.close();
    await rm(filesDir, { recursive: true, force: true });
  }
  const total = figures.patients + figures.appointments;
  console.log(
    `total ${(total / 1000).toFixed(1)} s for ${PATIENTS} patients and ${APPOINTMENTS} appointments (goal < ${GOAL_MS / 1000} s); ` +
      `host: ${cpus().length} cores, load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  if (total > GOAL_MS) process.exitCode = 1;
}

await main();
