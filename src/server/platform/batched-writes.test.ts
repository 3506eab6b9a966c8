import { describe, expect, it } from 'vitest';
import { batchedWrites } from './batched-writes';

/**
 * A write whose statements the test lets finish by hand: each records the rows it was given and, like a
 * statement, either stores all of them or, when one row is bad, none.
 */
function heldWrite() {
  const stored: string[] = [];
  const statements: { rows: readonly string[]; finish: () => void }[] = [];
  const write = (rows: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({
        rows,
        finish: () => {
          if (rows.includes('bad')) return reject(new Error('violates a constraint'));
          stored.push(...rows);
          resolve(rows.map((row) => `${row}:stored`));
        },
      });
    });
  return { stored, statements, write };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Finishes every statement sent so far and those they lead to, until none is left. */
async function finishAll(statements: { finish: () => void }[]) {
  for (let done = 0; ; done++) {
    await nextTurn();
    if (done === statements.length) return;
    statements[done].finish();
  }
}

describe('batchedWrites', () => {
  it('writes the rows of one moment as one statement, in the order they came, each answered its own', async () => {
    const { stored, statements, write } = heldWrite();
    const insert = batchedWrites(write);
    const answers = Promise.all([insert('a'), insert('b'), insert('c')]);
    await nextTurn();
    expect(statements.map((s) => s.rows)).toEqual([['a', 'b', 'c']]);
    statements[0].finish();
    expect(await answers).toEqual(['a:stored', 'b:stored', 'c:stored']);
    expect(stored).toEqual(['a', 'b', 'c']);
  });

  it('answers no row before the statement holding it has finished', async () => {
    const { statements, write } = heldWrite();
    const insert = batchedWrites(write);
    let answered = false;
    const answer = insert('a').then((value) => {
      answered = true;
      return value;
    });
    await nextTurn();
    await nextTurn();
    expect(statements).toHaveLength(1);
    expect(answered).toBe(false);
    statements[0].finish();
    expect(await answer).toBe('a:stored');
  });

  it('holds the rows that come while statements run and sends them together when one finishes', async () => {
    const { statements, write } = heldWrite();
    const insert = batchedWrites(write, { inFlight: 1 });
    const first = insert('a');
    await nextTurn();
    const later = [insert('b'), insert('c')];
    await nextTurn();
    const last = insert('d');
    await nextTurn();
    expect(statements.map((s) => s.rows)).toEqual([['a']]);
    statements[0].finish();
    await first;
    await nextTurn();
    expect(statements.map((s) => s.rows)).toEqual([['a'], ['b', 'c', 'd']]);
    statements[1].finish();
    expect(await Promise.all([...later, last])).toEqual(['b:stored', 'c:stored', 'd:stored']);
  });

  it('writes the others of a failed statement on their own, so only the row at fault fails', async () => {
    const { stored, statements, write } = heldWrite();
    const insert = batchedWrites(write);
    const answers = [insert('a'), insert('bad'), insert('c')].map((answer) =>
      answer.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await nextTurn();
    await finishAll(statements);
    expect(await Promise.all(answers)).toEqual([
      { value: 'a:stored' },
      { error: 'violates a constraint' },
      { value: 'c:stored' },
    ]);
    expect(statements.map((s) => s.rows)).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    expect(stored).toEqual(['a', 'c']);
  });

  it('keeps two equal rows as two rows', async () => {
    const { statements, write } = heldWrite();
    const insert = batchedWrites(write);
    const answers = Promise.all([insert('a'), insert('a')]);
    await nextTurn();
    expect(statements.map((s) => s.rows)).toEqual([['a', 'a']]);
    statements[0].finish();
    expect(await answers).toEqual(['a:stored', 'a:stored']);
  });
});
