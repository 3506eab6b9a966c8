import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { startServer } from '../test/process';
import type { Database } from './client';
import { DEMO_PASSWORD } from './demo-accounts';
import { rowsOf } from './rows';

/**
 * For the kill -9 tests: staff and the practitioner send the demo patient messages from several clients at once,
 * the server is SIGKILLed with requests in flight once enough were answered 201, started again on the same
 * data, and every answered message must be there, whole (with its activity-log row, written in one statement).
 */
const SENDERS = ['staff', 'priya.nair', 'marcus.bell', 'practitioner', 'admin'].map(
  (name) => `${name}@demo.clinic`,
);
const LOOPS_PER_SENDER = 2;
const KILL_AFTER = 300;
const CONTENT_PREFIX = 'durability check';

async function login(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status, email).toBe(200);
  return (await response.json()) as { token: string; user: { id: string } };
}

export async function killMidWrites(env: Record<string, string>, openData: () => Promise<Database>) {
  const server = await startServer({ SEED: 'demo', ...env, AUTH_RATE_LIMIT: '1000' });
  const acknowledged = new Map<string, string>();
  let inFlight = 0;
  let inFlightAtKill = 0;
  let killed = false;
  try {
    const patient = await login(server.url, 'patient@demo.clinic');
    const senders = await Promise.all(SENDERS.map((email) => login(server.url, email)));
    const send = async (token: string, loop: string) => {
      for (let n = 0; !killed; n++) {
        const content = `${CONTENT_PREFIX} ${loop}-${n} Zoë 🩺`;
        inFlight++;
        try {
          const response = await fetch(`${server.url}/api/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ recipientId: patient.user.id, content }),
          });
          if (response.status !== 201) throw new Error(`send answered ${response.status}`);
          const { id } = (await response.json()) as { id: string };
          acknowledged.set(id, content);
          if (acknowledged.size >= KILL_AFTER && !killed) {
            killed = true;
            inFlightAtKill = inFlight - 1;
            server.child.kill('SIGKILL');
          }
        } catch (error) {
          if (!killed) throw error;
        } finally {
          inFlight--;
        }
      }
    };
    await Promise.all(
      senders.flatMap((sender, index) =>
        Array.from({ length: LOOPS_PER_SENDER }, (_, loop) => send(sender.token, `${index}.${loop}`)),
      ),
    );
    expect(await server.exited).toBe(null);
  } finally {
    server.child.kill('SIGKILL');
  }

  // Started again on the same data: a lock left by the killed process must not stop it.
  const again = await startServer({ SEED: 'demo', ...env });
  const health = await fetch(`${again.url}/api/health`);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);

  const database = await openData();
  try {
    const rows = await rowsOf<{ id: string; content: string; audited: number }>(
      database.db,
      sql`
      select m.id, m.content, count(a.id)::int as audited
      from messages m left join activity_log a on a.entity_type = 'message' and a.entity_id = m.id::text
      where m.content like ${`${CONTENT_PREFIX} %`}
      group by m.id, m.content`,
    );
    const orphans = await rowsOf<{ count: number }>(
      database.db,
      sql`
      select count(*)::int as count from activity_log a
      where a.action = 'message.sent' and not exists (select 1 from messages m where m.id::text = a.entity_id)`,
    );
    const stored = new Map(rows.map((row) => [row.id, row.content]));
    const lost = [...acknowledged].filter(([id, content]) => stored.get(id) !== content);
    expect(lost, `${lost.length} of ${acknowledged.size} acknowledged messages lost`).toEqual([]);
    expect(rows.filter((row) => row.audited !== 1)).toEqual([]);
    expect(orphans[0].count).toBe(0);
    return { acknowledged: acknowledged.size, stored: stored.size, inFlightAtKill };
  } finally {
    await database.close();
  }
}
