// The whole-clinic FHIR export (Bulk Data NDJSON) over BENCH_PATIENTS patients (100,000 by default) on
// PostgreSQL. Each patient has a care team of one of 50 practitioners, six appointments (four completed, one
// scheduled, one cancelled), a signed note with a pain score and a goal, two consents and an invoice with a
// line. The export job runs as the server runs it (the same function, a local file store in a temporary
// directory); reported: load time, export time, patients a second, the files' resource counts and sizes, and
// the process's peak resident memory. Needs TEST_DATABASE_URL (a database of its own there, dropped after).
// Run with `npm run bench:fhir-export`.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { testConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { fhirExports } from '../src/server/db/schema';
import { runExport } from '../src/server/features/fhir/exports';
import { localFileStore } from '../src/server/platform/file-store';
import { scratchDatabase } from './support/scratch-database';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const PRACTITIONERS = 50;
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

async function fill(database: Database) {
  const { db } = database;
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role)
    select gen_random_uuid(), 'bench-practitioner-' || i || '@example.test', 'x', 'Bench', 'Practitioner ' || i,
           'practitioner'
    from generate_series(1, ${PRACTITIONERS}) i`);
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role)
    select gen_random_uuid(), 'bench-patient-' || i || '@example.test', 'x', 'Bench', 'Patient ' || i, 'patient'
    from generate_series(1, ${PATIENTS}) i`);
  await db.execute(sql`update patients set date_of_birth = date '1960-01-01' + (hashtext(user_id::text) & 8191),
    sex = case when hashtext(user_id::text) % 2 = 0 then 'female' else 'male' end, city = 'Leeds',
    phone = '0113 496 0000'`);
  await db.execute(sql`insert into service_types (name, duration_minutes, price_cents, colour)
    values ('Bench session', 45, 8000, '#2563eb')`);
  await db.execute(sql`create temporary table bench_patients as
    select row_number() over (order by id) as n, id from users where email like 'bench-patient-%'`);
  await db.execute(sql`create temporary table bench_practitioners as
    select row_number() over (order by id) - 1 as n, id from users where email like 'bench-practitioner-%'`);
  await db.execute(sql`insert into care_team_assignments (practitioner_id, patient_id)
    select r.id, p.id from bench_patients p join bench_practitioners r on r.n = p.n % ${PRACTITIONERS}`);
  // Six sessions a patient, 100 days apart; a practitioner's patients an hour apart (no double booking).
  await db.execute(sql`insert into appointments
      (patient_id, practitioner_id, service_type_id, starts_at, ends_at, status, cancellation_reason)
    select p.id, r.id, (select id from service_types where name = 'Bench session'),
           timestamptz '2020-01-06 08:00Z' + (p.n / ${PRACTITIONERS}) * interval '1 hour' + k * interval '100 days',
           timestamptz '2020-01-06 08:45Z' + (p.n / ${PRACTITIONERS}) * interval '1 hour' + k * interval '100 days',
           case when k < 4 then 'completed' when k = 4 then 'scheduled' else 'cancelled' end,
           case when k = 5 then 'Bench' end
    from bench_patients p join bench_practitioners r on r.n = p.n % ${PRACTITIONERS}
    cross join generate_series(0, 5) k`);
  await db.execute(sql`insert into recovery_notes
      (patient_id, practitioner_id, subjective, objective, assessment, plan, pain_score, goals, status, signed_at,
       signed_by, shared_with_patient)
    select p.id, r.id, 'Knee pain on stairs', 'Range improved', 'Progressing', 'Continue exercises', p.n % 11,
           '[{"goal":"Climb stairs","progress":60}]'::jsonb, 'signed', now(), r.id, true
    from bench_patients p join bench_practitioners r on r.n = p.n % ${PRACTITIONERS}`);
  await db.execute(sql`insert into patient_consents (patient_id, kind, title, signed_name)
    select p.id, kind, initcap(kind) || ' consent', 'Bench Patient'
    from bench_patients p cross join (values ('treatment'), ('privacy')) as kinds(kind)`);
  await db.execute(sql`create temporary table bench_invoices as
    select gen_random_uuid() as id, p.id as patient_id from bench_patients p`);
  await db.execute(sql`insert into invoices (id, patient_id, status, due_date, subtotal_cents, total_cents)
    select id, patient_id, 'draft', current_date, 8000, 8000 from bench_invoices`);
  await db.execute(sql`insert into invoice_line_items (invoice_id, position, description, quantity,
      unit_price_cents, amount_cents)
    select id, 0, 'Bench session', 1, 8000, 8000 from bench_invoices`);
}

async function main() {
  if (!POSTGRES_URL) {
    console.log('TEST_DATABASE_URL is not set: the FHIR export bench needs PostgreSQL and was left out.');
    return;
  }
  const scratch = await scratchDatabase(POSTGRES_URL, 'fhir_export');
  if (!scratch) return;
  const database = await openDatabase({ url: scratch.url });
  const filesDir = await mkdtemp(join(tmpdir(), 'fhir-export-bench-'));
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 200);
  try {
    await database.migrate();
    let started = performance.now();
    await fill(database);
    console.log(`${PATIENTS} patients loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [row] = await database.db.insert(fhirExports).values({ requestedBy: null }).returning();
    const ctx = {
      db: database.db,
      files: localFileStore(filesDir),
      config: testConfig({ logLevel: 'silent' }),
    };
    started = performance.now();
    await runExport(ctx, row.id);
    const seconds = (performance.now() - started) / 1000;
    const [done] = await database.db.select().from(fhirExports);
    if (done.status !== 'done' || done.patientsDone !== PATIENTS)
      throw new Error(`export ended ${done.status} after ${done.patientsDone} patients`);
    console.log(
      `export of ${PATIENTS} patients: ${seconds.toFixed(1)} s, ${(PATIENTS / seconds).toFixed(0)} patients/s, peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`,
    );
    const dir = join(filesDir, 'fhir-exports', row.id);
    for (const name of (await readdir(dir)).sort()) {
      const file = done.files.find((candidate) => candidate.key.endsWith(`/${name}`));
      const size = (await stat(join(dir, name))).size;
      console.log(`  ${name}: ${file?.count ?? '?'} resources, ${(size / 2 ** 20).toFixed(1)} MiB`);
    }
  } finally {
    clearInterval(sampler);
    await database.close();
    await scratch.drop();
    await rm(filesDir, { recursive: true, force: true });
  }
}

await main();
