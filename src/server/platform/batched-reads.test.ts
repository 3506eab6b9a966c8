import { describe, expect, it } from 'vitest';
import { batchedReads } from './batched-reads';

/**
 * A lookup whose queries the test lets finish by hand: each query records the keys it was asked for and, like a
 * statement's snapshot, answers with the values the "database" held when it was sent.
 */
function heldLookup() {
  const stored = new Map<string, number>();
  const queries: { keys: readonly string[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const lookup = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
      const snapshot = new Map(keys.filter((k) => stored.has(k)).map((k) => [k, stored.get(k)!]));
      queries.push({ keys, finish: () => resolve(snapshot), fail: reject });
    });
  return { stored, queries, lookup };
}

/** A held lookup and the batched read over it. */
function batchedCount(options?: Parameters<typeof batchedReads>[2]) {
  const held = heldLookup();
  return { ...held, count: batchedReads(held.lookup, 0, options) };
}

/** Lets the scheduled batch go out (it waits for the current turn of the event loop to end). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReads', () => {
  it('sends a lone read at once and answers it from its own query', async () => {
    const { stored, queries, count } = batchedCount();
    stored.set('ann', 3);
    const answer = count('ann');
    await nextTurn();
    expect(queries.map((q) => q.keys)).toEqual([['ann']]);
    queries[0].finish();
    expect(await answer).toBe(3);
  });

  it('sends the reads of one moment as one query, each key once, and answers each its own value', async () => {
    const { stored, queries, count } = batchedCount();
    stored.set('ann', 3);
    stored.set('bo', 1);
    const answers = Promise.all([count('ann'), count('bo'), count('ann'), count('cy')]);
    await nextTurn();
    expect(queries).toHaveLength(1);
    expect([...queries[0].keys].sort()).toEqual(['ann', 'bo', 'cy']);
    queries[0].finish();
    // 'cy' is not in the answer: a user with nothing unread counts none.
    expect(await answers).toEqual([3, 1, 3, 0]);
  });

  it('never answers a read from a query sent before it arrived, so it sees a write made before it', async () => {
    const { stored, queries, count } = batchedCount();
    stored.set('ann', 3);
    const early = count('ann');
    await nextTurn();
    expect(queries).toHaveLength(1);

    // While the first query runs, a write is answered and then the same user asks again (twice).
    stored.set('ann', 0);
    const late = Promise.all([count('ann'), count('ann')]);
    await nextTurn();
    // Their own query goes out beside the first, with the key once.
    expect(queries.map((q) => q.keys)).toEqual([['ann'], ['ann']]);
    queries[1].finish();
    expect(await late).toEqual([0, 0]);
    queries[0].finish();
    expect(await early).toBe(3);
  });

  it('holds the reads that arrive while inFlight queries run for a query of their own after one finishes', async () => {
    const { stored, queries, count } = batchedCount({ inFlight: 1 });
    stored.set('ann', 3);
    const early = count('ann');
    await nextTurn();

    stored.set('ann', 0);
    const late = Promise.all([count('ann'), count('ann')]);
    await nextTurn();
    expect(queries).toHaveLength(1);

    queries[0].finish();
    expect(await early).toBe(3);
    await nextTurn();
    expect(queries.map((q) => q.keys)).toEqual([['ann'], ['ann']]);
    queries[1].finish();
    expect(await late).toEqual([0, 0]);
  });

  it('fails only the reads of a failed query, and the reads that waited behind it still get their query', async () => {
    const { stored, queries, count } = batchedCount({ inFlight: 1 });
    stored.set('bo', 2);
    const failing = count('ann');
    await nextTurn();
    const waiting = count('bo');
    await nextTurn();
    queries[0].fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await nextTurn();
    expect(queries).toHaveLength(2);
    queries[1].finish();
    expect(await waiting).toBe(2);
  });

  it('runs up to inFlight queries side by side and splits a batch past maxKeys', async () => {
    const { queries, count } = batchedCount({ inFlight: 2, maxKeys: 2 });
    const answers = Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => count(key)));
    await nextTurn();
    // Three batches of at most two keys; two go out, the third waits for one of them to finish.
    expect(queries.map((q) => q.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    queries[1].finish();
    await nextTurn();
    expect(queries.map((q) => q.keys)).toHaveLength(3);
    expect(queries[2].keys).toEqual(['e']);
    queries[0].finish();
    queries[2].finish();
    expect(await answers).toEqual([0, 0, 0, 0, 0]);
  });
});
