import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { demoAccountsTable, isEmpty, seedDemo } from './db/seed';
import { appointmentJobHandlers } from './features/appointments/reminders';
import { scheduleMonthlyStatements, statementJobHandlers } from './features/billing/statements/monthly';
import { checkInJobHandlers } from './features/check-ins/triggers';
import { scheduleAdherenceWindows } from './features/exercise-programmes/adherence-windows';
import { exerciseJobHandlers, scheduleExerciseReminders } from './features/exercise-programmes/reminders';
import { recordCopyJobHandlers } from './features/fhir/copies';
import { fhirExportJobHandlers } from './features/fhir/exports';
import { importJobHandlers } from './features/imports/run';
import { printfulJobHandlers } from './features/printful/service';
import { JobWorker } from './platform/jobs';

async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const { app, ctx } = await buildApp({ config, database });

  await database.exclusively(async () => {
    await database.migrate();
    if (config.seed === 'demo' && (await isEmpty(database.db))) {
      await seedDemo(database.db, { files: ctx.files });
      app.log.info(`Seeded the demo clinic.\n${demoAccountsTable()}`);
    } else if (config.seed === 'demo') {
      app.log.info(`Demo clinic already present.\n${demoAccountsTable()}`);
    }
  });

  // Background jobs (appointment reminders, the Printful sync queued at connect, the monthly statements): every
  // instance runs a worker; each job runs on one of them.
  const jobs = new JobWorker(database.db, {
    log: app.log,
    handlers: {
      ...appointmentJobHandlers(ctx),
      ...printfulJobHandlers(ctx),
      ...statementJobHandlers(ctx),
      ...checkInJobHandlers(ctx),
      ...exerciseJobHandlers(ctx),
      ...recordCopyJobHandlers(ctx),
      ...fhirExportJobHandlers(ctx),
      ...importJobHandlers(ctx),
    },
  });
  await scheduleMonthlyStatements(database.db);
  await scheduleExerciseReminders(database.db);
  await scheduleAdherenceWindows(database.db);
  jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining and shutting down');
    try {
      await jobs.stop();
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, realtime: config.redisUrl ? 'redis' : 'in-process' },
    `Clinic portal ready on ${config.appUrl}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
