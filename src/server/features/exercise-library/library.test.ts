import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExercisePage } from '../../../shared/exercise-library';
import { activityLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { exerciseAs, turnOnCareBetweenVisits, uploadAs } from './testing';

/** The library's rules through the real app: search and pages, writing, archiving, the capability switch. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await turnOnCareBetweenVisits(t);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await t.injectAs('practitioner', { method: 'GET', url: `/api/exercises?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExercisePage>();
};

describe('the exercise library', () => {
  it('finds exercises by name, instructions and tag, filters by region and tag, and pages without repeats', async () => {
    const word = `zebra${Date.now().toString(36)}`;
    const made = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(
        await exerciseAs(t, 'practitioner', {
          name: `${word} lunge ${index}`,
          bodyRegion: index % 2 ? 'hip' : 'knee',
          tags: index === 0 ? ['Balance'] : ['strength'],
        }),
      );
    }
    await exerciseAs(t, 'staff', { name: 'Plain march', instructions: `March on the spot, ${word}` });

    expect((await list(`search=${word}`)).items).toHaveLength(6);
    expect((await list(`search=${word}&region=hip`)).items.map((item) => item.name)).toEqual([
      `${word} lunge 1`,
      `${word} lunge 3`,
    ]);
    expect((await list(`search=${word}&tag=balance`)).items.map((item) => item.id)).toEqual([made[0]!.id]);
    expect(made[0]!.tags).toEqual(['balance']);

    const first = await list(`search=${word}&limit=4`);
    expect(first.items).toHaveLength(4);
    expect(first.nextCursor).toBe(first.items[3]!.id);
    const second = await list(`search=${word}&limit=4&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const names = [...first.items, ...second.items].map((item) => item.name);
    expect(names).toHaveLength(6);
    expect(new Set(names).size).toBe(6);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const escaped = await list('search=%25');
    expect(escaped.items.every((item) => `${item.name}${item.instructions}${item.tags}`.includes('%'))).toBe(
      true,
    );
  });

  it('edits and archives with activity rows; archived exercises leave the list and can be restored', async () => {
    const exercise = await exerciseAs(t, 'practitioner', { defaultSets: 2, defaultReps: 10 });
    const edited = await t.injectAs('staff', {
      method: 'PATCH',
      url: `/api/exercises/${exercise.id}`,
      payload: { defaultReps: 15, instructions: 'Slowly.', mediaUrl: 'https://videos.example/knee' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ defaultSets: 2, defaultReps: 15, instructions: 'Slowly.' });

    const archived = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/exercises/${exercise.id}/archive`,
    });
    expect(archived.json().archived).toBe(true);
    expect((await list(`search=${encodeURIComponent(exercise.name)}`)).items).toEqual([]);
    expect((await list(`search=${encodeURIComponent(exercise.name)}&status=archived`)).items).toHaveLength(1);
    const restored = await t.injectAs('practitioner', {
      method: 'POST',
      url: `/api/exercises/${exercise.id}/restore`,
    });
    expect(restored.json().archived).toBe(false);

    const rows = await t.database.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'exercise'), eq(activityLog.entityId, exercise.id)));
    expect(rows.map((row) => row.action).sort()).toEqual([
      'exercise.archived',
      'exercise.created',
      'exercise.restored',
      'exercise.updated',
    ]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ bodyRegion: 'knee' }, 'name'],
      [{ name: 'Lunge', bodyRegion: 'tail' }, 'bodyRegion'],
      [{ name: 'Lunge\u202e', bodyRegion: 'knee' }, 'name'],
      [{ name: 'Lunge', bodyRegion: 'knee', defaultSets: 0 }, 'defaultSets'],
      [{ name: 'Lunge', bodyRegion: 'knee', defaultDaysPerWeek: 8 }, 'defaultDaysPerWeek'],
      [{ name: 'Lunge', bodyRegion: 'knee', mediaUrl: 'http://videos.example/a' }, 'mediaUrl'],
      [{ name: 'Lunge', bodyRegion: 'knee', mediaUrl: 'javascript:alert(1)' }, 'mediaUrl'],
      [{ name: 'Lunge', bodyRegion: 'knee', tags: Array(11).fill('a') }, 'tags'],
      [
        { name: 'Lunge', bodyRegion: 'knee', mediaFileId: '00000000-0000-4000-8000-000000000000' },
        'mediaFileId',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await t.injectAs('practitioner', { method: 'POST', url: '/api/exercises', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const empty = await t.injectAs('practitioner', {
      method: 'PATCH',
      url: `/api/exercises/${(await exerciseAs(t, 'staff')).id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('takes only a file the caller uploaded or one the library already shows', async () => {
    const mine = await uploadAs(t, 'practitioner');
    const theirs = await uploadAs(t, 'staff');
    const refused = await t.injectAs('practitioner', {
      method: 'POST',
      url: '/api/exercises',
      payload: { name: 'Borrowed picture', bodyRegion: 'hip', mediaFileId: theirs.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('mediaFileId');

    const exercise = await exerciseAs(t, 'practitioner', { mediaFileId: mine.id });
    expect(exercise.media).toMatchObject({
      id: mine.id,
      contentType: 'image/png',
      url: `/api/exercises/media/${mine.id}`,
    });
    // Once shown by the library, the picture may be reused by anyone who writes it; a link replaces it.
    const reused = await exerciseAs(t, 'admin', { mediaFileId: mine.id });
    expect(reused.media?.id).toBe(mine.id);
    const linked = await t.injectAs('staff', {
      method: 'PATCH',
      url: `/api/exercises/${reused.id}`,
      payload: { mediaUrl: 'https://videos.example/hip' },
    });
    expect(linked.json()).toMatchObject({ media: null, mediaUrl: 'https://videos.example/hip' });
  });

  it('is refused with 409 while the clinic has care between visits off', async () => {
    const exercise = await exerciseAs(t, 'practitioner');
    await turnOnCareBetweenVisits(t, false);
    try {
      for (const request of [
        { method: 'GET', url: '/api/exercises' },
        { method: 'GET', url: `/api/exercises/${exercise.id}` },
        { method: 'POST', url: '/api/exercises', payload: { name: 'Off', bodyRegion: 'knee' } },
      ] as const) {
        const response = await t.injectAs('staff', request);
        expect(response.statusCode, request.url).toBe(409);
        expect(response.json().message).toMatch(/Care between visits is off/);
      }
    } finally {
      await turnOnCareBetweenVisits(t);
    }
  });
});
