import { sql } from 'drizzle-orm';
import { quote, readSequences } from './backup-catalog';
import type { Db } from './client';
import { rowsOf } from './rows';

/**
 * For the backup tests: values that a careless dump loses (every byte, astral and right-to-left text, quotes
 * and backslashes, SQL null beside JSON null, numbers wider than a double, microseconds, array elements with
 * commas and nulls), written beside the demo clinic.
 */
export async function addTrickyValues(db: Db) {
  const idOf = async (email: string) =>
    (await rowsOf<{ id: string }>(db, sql`select id from users where email = ${email}`))[0];
  const admin = await idOf('admin@demo.clinic');
  const member = await idOf('member@demo.clinic');
  const everyByte = Buffer.from(Array.from({ length: 256 }, (_, index) => index)).toString('hex');
  const text = `Zoë 🩺 𝄞 שלום 日本語 "quoted" 'single' back\\slash \\x00 tab\tnewline\n\r e\u0301 \u200b`;
  await db.execute(sql`insert into user_photos (id, user_id, mime_type, data, created_at)
    values (gen_random_uuid(), ${admin.id}, 'image/png', decode(${everyByte}, 'hex'), '2024-02-29 23:59:59.123456+00'),
           (gen_random_uuid(), ${admin.id}, 'image/webp', ''::bytea, '1999-12-31 23:59:59.999999-05')`);
  await db.execute(sql`insert into messages (id, sender_id, recipient_id, content, created_at, read_at)
    values (gen_random_uuid(), ${admin.id}, ${member.id}, ${text}, '2024-06-01 12:00:00.000001+00', null)`);
  await db.execute(sql`insert into activity_log (actor_id, action, entity_type, entity_id, outcome, details, created_at)
    values (${admin.id}, 'backup.test', 'test', ${text}, 'success',
            ${'{"wide": 12345678901234567890.000000000001, "tiny": 1e-7, "text": "Zoë 🩺 \\"q\\" \\\\", "nested": {"a": [1, null, "x", true]}}'}::jsonb,
            '2030-01-01 00:00:00.5+00'),
           (null, 'backup.test', 'test', null, 'failure', 'null'::jsonb, '1970-01-01 00:00:00+00'),
           (null, 'backup.test', 'test', '', 'failure', null, '2024-01-01 00:00:00.000009+00')`);
  await db.execute(sql`insert into member_profiles (user_id, interests, support_ways, about, completed_at)
    values (${member.id}, ${'{"a,b","c\\"d",NULL,"","NULL"}'}::text[], '{}', ${text}, null)
    on conflict (user_id) do update set interests = excluded.interests, about = excluded.about`);
  await db.execute(sql`insert into passkeys
      (id, user_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at)
    values (gen_random_uuid(), ${member.id}, 'cred-Zm9v_bar-', 'pQECAyYgASFYIA', 9007199254740991,
            '["internal", "hybrid"]'::jsonb, 'multiDevice', true, 'Zoë’s 🩺 key', '2024-02-29 23:59:59.123456+00', null)`);
  await db.execute(sql`insert into passkey_challenges (id, user_id, purpose, challenge, expires_at)
    values (gen_random_uuid(), null, 'authentication', 'Y2hhbGxlbmdl', '2030-01-01 00:05:00+00')`);
}

/**
 * Every table's rows as PostgreSQL's own text, sorted, with the sequences: two databases whose snapshots are
 * equal hold the same data. Whole rows, generated columns too, so a restore that computes them wrongly shows.
 */
export async function snapshotRows(db: Db) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    await tx.execute(sql`set local bytea_output to 'hex'`);
    await tx.execute(sql`set local extra_float_digits to 1`);
    const tables = await rowsOf<{ name: string }>(
      tx,
      sql`select relname as name from pg_class
          where relnamespace = current_schema()::regnamespace and relkind = 'r' order by relname`,
    );
    const snapshot: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = await rowsOf<{ row: string }>(tx, sql.raw(`select t::text as row from ${quote(name)} t`));
      snapshot[name] = rows.map((row) => row.row).sort();
    }
    return { tables: snapshot, sequences: await readSequences(tx) };
  });
}
