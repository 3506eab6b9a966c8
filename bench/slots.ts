// Free slots for one practitioner 90 days ahead with 5,000 existing appointments in that window: the whole
// call behind GET /api/practitioners/{id}/slots (access check, service type, settings, hours, overrides, time
// off and the active appointments read from the database, then the computation), on an in-memory embedded
// database and, when TEST_DATABASE_URL is set, on PostgreSQL (the bench makes and drops a database of its
// own there). Calls go one at a time: p50, p95 and p99 over BENCH_REQUESTS calls after BENCH_WARMUP.
// Run with `npm run bench:slots`.
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client';
import { DEMO_ACCOUNTS } from '../src/server/db/demo-accounts';
import {
  appointments,
  practitionerSchedules,
  serviceTypes,
  users,
  weeklyHours,
} from '../src/server/db/schema';
import { seedDemo } from '../src/server/db/seed';
import { slotsFor } from '../src/server/features/availability/service';
import { freeSlots } from '../src/server/features/availability/slots';
import { percentile } from './support/processes';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 5000);
const DAYS = 90;
const GOAL_MS = 50;
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const QUARTER = 15 * 60_000;

type Row = {
  target: string;
  what: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  slots: number;
};

const emailOf = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The demo practitioner works round the clock every day, so all 90 days have 96 quarter hours to consider,
 * and 5,000 quarter-hour appointments are spread evenly over the window's 8,640 quarters: every day is a mix
 * of booked and free times, and the answer holds some 3,600 slots.
 */
async function prepare(database: Database) {
  const { db } = database;
  await seedDemo(db, { clinic: false });
  const ids = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users)).map((row) => [row.email, row.id]),
  );
  const practitionerId = ids.get(emailOf('practitioner'))!;
  const patientId = ids.get(emailOf('patient'))!;
  const staffId = ids.get(emailOf('staff'))!;
  const [service] = await db
    .insert(serviceTypes)
    .values({ name: 'Bench quarter hour', durationMinutes: 15, priceCents: 0, colour: '#000000' })
    .returning({ id: serviceTypes.id });
  await db.insert(practitionerSchedules).values({
    practitionerId,
    timeZone: 'Europe/London',
    minNoticeMinutes: 0,
    bufferMinutes: 0,
    horizonDays: 365,
  });
  await db.insert(weeklyHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      practitionerId,
      weekday,
      startTime: '00:00',
      endTime: '24:00',
    })),
  );

  const firstDay = Date.parse(`${dayOf(Date.now() + 86_400_000)}T00:00:00Z`);
  const quarters = DAYS * 96;
  const rows = Array.from({ length: APPOINTMENTS }, (_, i) => {
    const startsAt = new Date(firstDay + Math.floor((i * quarters) / APPOINTMENTS) * QUARTER);
    return {
      patientId,
      practitionerId,
      serviceTypeId: service!.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + QUARTER),
      status: 'confirmed' as const,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(appointments).values(rows.slice(i, i + 1000));
  return {
    practitionerId,
    staff: { id: staffId, role: 'staff' as const },
    query: {
      serviceTypeId: service!.id,
      from: dayOf(firstDay),
      to: dayOf(firstDay + (DAYS - 1) * 86_400_000),
    },
  };
}

function summary(target: string, what: string, times: number[], slots: number): Row {
  times.sort((a, b) => a - b);
  return {
    target,
    what,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
    slots,
  };
}

async function measure(target: string, database: Database): Promise<Row[]> {
  const { practitionerId, staff, query } = await prepare(database);
  const call = () => slotsFor(database.db, staff, { practitionerId, query });
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    slots = (await call()).slots.length;
    times.push(performance.now() - started);
  }

  // The computation alone, on the same rows the call reads, to show where the time goes.
  const spans = (await database.db.select().from(appointments)).map((row) => ({
    startsAt: row.startsAt,
    endsAt: row.endsAt,
  }));
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
  const compute = () =>
    freeSlots({
      timeZone: 'Europe/London',
      weeklyHours: hours,
      overrides: [],
      timeOff: [],
      appointments: spans,
      durationMinutes: 15,
      bufferMinutes: 0,
      minimumNoticeMinutes: 0,
      horizonDays: 365,
      from: query.from,
      to: query.to,
      now: new Date(),
    });
  for (let i = 0; i < WARMUP; i++) compute();
  const computeTimes: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    compute();
    computeTimes.push(performance.now() - started);
  }
  return [
    summary(target, 'whole call (database reads + computation)', times, slots),
    summary(target, 'computation only', computeTimes, slots),
  ];
}

const rows: Row[] = [];
const embedded = await openDatabase({ dataDir: 'memory://' });
try {
  await embedded.migrate();
  rows.push(...(await measure('PGlite', embedded)));
} finally {
  await embedded.close();
}

if (POSTGRES_URL) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const name = `clinic_bench_slots_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
    rows.push(...(await measure('PostgreSQL', database)));
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL run was left out.');
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(
  `\nFree slots, ${DAYS} days, ${APPOINTMENTS} appointments, ${REQUESTS} calls one at a time after ${WARMUP} of warm-up\n`,
);
console.log(`| database | measured | slots | p50 | p95 | p99 | max | p99 < ${GOAL_MS} ms |`);
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.target} | ${row.what} | ${row.slots} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.p99 < GOAL_MS ? 'met' : 'NOT met'} |`,
  );
if (rows.some((row) => row.p99 >= GOAL_MS)) process.exitCode = 1;
