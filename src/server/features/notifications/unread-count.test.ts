import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { countUnread } from './repository';
import { raise } from './service';

// The badge's count is read by every open tab at once, so reads of the same moment share one query
// (platform/batched-reads.ts, decision 0019). These hold the shared query to the answers each caller's own
// query would give, on the real database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/notifications/unread-count';
const countOf = (who: TestPerson) => t.app.inject({ method: 'GET', url: URL, headers: bearer(who.token) });

async function raiseFor(who: TestPerson, times: number) {
  for (let i = 0; i < times; i++) {
    await raise(t.ctx, who.id, {
      type: 'system_update',
      title: `Update ${i}`,
      message: 'Something changed',
      priority: 'low',
      actionUrl: null,
    });
  }
}

describe('the unread count asked by many at once', () => {
  it('answers each caller their own count when they ask together', async () => {
    const people = await Promise.all([0, 1, 2, 3].map(() => createPerson(t, 'patient')));
    for (const [i, person] of people.entries()) await raiseFor(person, i);
    const answers = await Promise.all(people.flatMap((person) => [countOf(person), countOf(person)]));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.map((answer) => answer.json())).toEqual(
      [0, 0, 1, 1, 2, 2, 3, 3].map((count) => ({ count })),
    );
  });

  it('counts the users of one moment in one query, leaving out read and archived ones', async () => {
    const [ann, bo, cy] = await Promise.all([0, 1, 2].map(() => createPerson(t, 'staff')));
    await raiseFor(ann, 2);
    await raiseFor(bo, 3);
    // One of bo's read and one archived: neither counts.
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(bo.token) })
    ).json<{ id: string }[]>();
    const headers = bearer(bo.token);
    await t.app.inject({ method: 'PATCH', url: `/api/notifications/${listed[0].id}/read`, headers });
    await t.app.inject({ method: 'PATCH', url: `/api/notifications/${listed[1].id}/archive`, headers });

    const db = t.database.db;
    const select = vi.spyOn(db, 'select');
    try {
      const counts = await Promise.all([
        countUnread(db, ann.id),
        countUnread(db, bo.id),
        countUnread(db, cy.id),
      ]);
      expect(counts).toEqual([2, 1, 0]);
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });

  it('includes a write answered before the count was asked, while the same user keeps asking', async () => {
    const me = await createPerson(t, 'patient');
    await raiseFor(me, 3);
    // A tab asking over and over while another marks everything read.
    const asking = Promise.all(Array.from({ length: 30 }, () => countOf(me)));
    const marked = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/mark-all-read',
      headers: bearer(me.token),
    });
    expect(marked.json()).toEqual({ count: 3 });
    const after = await Promise.all(Array.from({ length: 5 }, () => countOf(me)));
    expect(after.map((answer) => answer.json())).toEqual(Array(5).fill({ count: 0 }));
    // What was asked before the write answered saw it before or after, never anything else.
    for (const answer of await asking) {
      expect(answer.statusCode).toBe(200);
      expect([0, 3]).toContain(answer.json().count);
    }
  });

  it('still answers after a failed shared query, and the failure reaches only its own callers', async () => {
    const [me, ...others] = await Promise.all([0, 1, 2].map(() => createPerson(t, 'patient')));
    await raiseFor(me, 1);
    const db = t.database.db;
    // Three users at once take the shared query's path; make that one query fail.
    const select = vi.spyOn(db, 'select').mockImplementationOnce(() => {
      throw new Error('connection lost');
    });
    try {
      const failed = await Promise.allSettled([me, ...others].map((who) => countUnread(db, who.id)));
      expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      select.mockRestore();
    }
    expect((await countOf(me)).json()).toEqual({ count: 1 });
  });
});
