import DataLoader from 'dataloader';
import type { Db } from '../db/client';

/** Enough for a burst of sends; a larger batch waits for the next turn. */
const MAX_ROWS_PER_STATEMENT = 500;
/**
 * Statements of one write at a time. PGlite runs one statement at a time whatever this says; on PostgreSQL a
 * second keeps a slow commit from holding every request behind it, and each commit still carries many rows.
 */
const STATEMENTS_IN_FLIGHT = 2;

/**
 * One kind of insert that many requests make at the same moment (a message, a notification), written as one
 * statement and so one commit for all who are waiting: group commit (decision 0043).
 *
 * The rows of one turn of the event loop go out as one statement; while `inFlight` statements of this write
 * are running, the rows that arrive wait together, and when one finishes they go out as the next. Each caller's
 * promise settles only when the statement that holds its row has committed, so an answer given after it promises
 * exactly what a statement of its own would have: the row is on disk. Rows keep the order they arrived in.
 *
 * `write` gets the rows in order and answers one result per row, in the same order. When a statement of several
 * rows fails (one row breaks a constraint, say), nothing of it was written, and each row is written again on its
 * own, so only the row at fault fails and the others are stored as if they had come alone.
 */
export function batchedWrites<I, O>(
  write: (rows: readonly I[]) => Promise<readonly O[]>,
  options: { inFlight?: number; maxRows?: number } = {},
): (row: I) => Promise<O> {
  const inFlight = options.inFlight ?? STATEMENTS_IN_FLIGHT;
  /** Statements sent or about to be: a batch takes its place when it is scheduled, so no more than inFlight go. */
  let active = 0;
  /** Batches whose turn has not come: each takes the place of a statement that finishes. */
  const waiting: (() => void)[] = [];

  async function writeAll(rows: readonly I[]): Promise<(O | Error)[]> {
    try {
      const results = await write(rows);
      if (results.length !== rows.length) {
        throw new Error(`a batched write answered ${results.length} results for ${rows.length} rows`);
      }
      return [...results];
    } catch (error) {
      if (rows.length === 1) return [error instanceof Error ? error : new Error(String(error))];
      // Nothing of the failed statement was written: each row again on its own, in order.
      const results: (O | Error)[] = [];
      for (const row of rows) {
        try {
          const [result] = await write([row]);
          results.push(result);
        } catch (rowError) {
          results.push(rowError instanceof Error ? rowError : new Error(String(rowError)));
        }
      }
      return results;
    }
  }

  const loader = new DataLoader<I, O>(
    async (rows) => {
      try {
        return await writeAll(rows);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    {
      // Every row is written: nothing is cached, and two equal rows are two rows.
      cache: false,
      maxBatchSize: options.maxRows ?? MAX_ROWS_PER_STATEMENT,
      batchScheduleFn: (dispatch) => {
        if (active < inFlight) {
          active++;
          setImmediate(dispatch);
        } else waiting.push(dispatch);
      },
    },
  );
  return (row) => loader.load(row);
}

/** A batched write for each database, made on its first use there (the app and its tests may open several). */
export function batchedWritesOn<I, O>(
  write: (db: Db, rows: readonly I[]) => Promise<readonly O[]>,
): (db: Db, row: I) => Promise<O> {
  const writes = new WeakMap<Db, (row: I) => Promise<O>>();
  return (db, row) => {
    let batched = writes.get(db);
    if (!batched) {
      batched = batchedWrites((rows) => write(db, rows));
      writes.set(db, batched);
    }
    return batched(row);
  };
}

/**
 * The stored time of the last row a batched write made on each database, which the next statement's rows
 * must come after. PGlite's clock counts whole milliseconds: two statements within one would give their rows
 * the same time, and lists ordered by time would tie. A statement takes
 * `greatest(clock_timestamp(), after + 1 µs) + (n - 1) µs` for its n-th row and reports its last row's time.
 */
export function writtenTimes() {
  const last = new WeakMap<Db, string>();
  return {
    after: (db: Db): string | null => last.get(db) ?? null,
    saw: (db: Db, time: string) => {
      last.set(db, time);
    },
  };
}
