import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EmailSchema, NameSchema, PasswordSchema } from '../shared/auth';
import { RoleSchema } from '../shared/roles';
import { loadConfig } from './config';
import { takeBackup } from './db/backup';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { restoreBackup } from './db/restore';
import { demoAccountsTable, seedDemo } from './db/seed';
import { createAccount, toUser } from './features/accounts/service';
import { createFileStore, type FileStore } from './platform/file-store';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                 apply pending database migrations
  seed                    add the demo clinic's accounts (skips those that exist)
  create-user --email E --password P --role R --first-name F --last-name L [--phone N]
                          create an account of any role and print it as JSON
  backup <file>           write one consistent snapshot of every table, with its migration level, and the
                          uploaded files they name, to <file> (gzipped JSON lines);
                          prints { file, migration, tables, rows, files }
  restore <file> [--force]
                          load a backup into a database with no rows, migrating it to the backup's level
                          first and to this version's after, and its files into the file store;
                          --force replaces every row already there.
                          Refuses a damaged file and a backup from a newer version of the clinic

The database is DATABASE_URL when set, otherwise the embedded one under DATA_DIR. Stop the servers on it
before a restore. A backup from the embedded database restores on PostgreSQL and back.`;

const CreateUserSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  role: RoleSchema,
  'first-name': NameSchema('First name'),
  'last-name': NameSchema('Last name'),
  phone: z.string().max(40).optional(),
});

/** Backup and restore keep the database at the level they find it; the other commands migrate it first. */
async function withDatabase<T>(
  run: (database: Awaited<ReturnType<typeof openDatabase>>, files: FileStore) => Promise<T>,
  options: { migrate?: boolean } = {},
) {
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (options.migrate ?? true) await database.exclusively(() => database.migrate());
    return await run(database, createFileStore(config));
  } finally {
    await database.close();
    release();
  }
}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      phone: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) return console.log(USAGE);

  if (command === 'migrate') {
    await withDatabase(async () => {});
    return console.log(JSON.stringify({ migrated: true }));
  }
  if (command === 'seed') {
    const created = await withDatabase((database, files) => seedDemo(database.db, { files }));
    console.log(JSON.stringify({ created }));
    return console.error(demoAccountsTable());
  }
  if (command === 'create-user') {
    const parsed = CreateUserSchema.safeParse(values);
    if (!parsed.success) {
      throw new Error(
        parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'),
      );
    }
    const input = parsed.data;
    const user = await withDatabase((database) =>
      database.db.transaction((tx) =>
        createAccount(
          tx,
          {
            email: input.email,
            password: input.password,
            role: input.role,
            firstName: input['first-name'],
            lastName: input['last-name'],
            phone: input.phone,
          },
          { actorId: null },
        ),
      ),
    );
    return console.log(JSON.stringify(toUser(user), null, 2));
  }
  if (command === 'backup' || command === 'restore') {
    const file = positionals[1];
    if (!file) throw new Error(`${command} needs a file: npm run cli -- ${command} <file>`);
    const summary = await withDatabase(
      (database, files) =>
        command === 'backup'
          ? takeBackup(database, file, { files })
          : restoreBackup(database, file, { force: values.force, files }),
      { migrate: false },
    );
    return console.log(JSON.stringify(summary));
  }
  throw new Error(`Unknown command '${command}'.\n\n${USAGE}`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
