import DataLoader from 'dataloader';
import type { Db } from '../db/client';

/** Enough for a burst of open tabs; a larger batch waits for the next turn. */
const MAX_KEYS_PER_QUERY = 500;
/**
 * Queries of one read at a time: with one, a slow count (a database busy with a large write, say) held every
 * count behind it; a few side by side bound that, and stay well under the pool's ten connections.
 */
const QUERIES_IN_FLIGHT = 4;

/**
 * One read that many requests make at the same moment (the badge counts every open tab asks for), run as one
 * query for all who are waiting instead of one query each (decision 0019).
 *
 * The requests of one turn of the event loop go out as one query; while `inFlight` queries of this read are
 * running, the requests that arrive wait together, and when one of those queries finishes their keys go out as
 * the next query. A request never takes the answer of a query sent before it arrived, so it sees every write
 * that was answered before it was made: the answer is as fresh as its own query would have been, nothing is
 * cached. With fewer than `inFlight` running, a request's query goes out at the end of the current turn, so a
 * quiet server adds no wait.
 *
 * `lookup` gets each key once, and a key it leaves out of its answer gets `missing` (a count of none).
 */
export function batchedReads<V>(
  lookup: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
  missing: V,
  options: { inFlight?: number; maxKeys?: number } = {},
): (key: string) => Promise<V> {
  const inFlight = options.inFlight ?? QUERIES_IN_FLIGHT;
  /** Batches sent or about to be: a batch takes its place when it is scheduled, so no more than inFlight go. */
  let active = 0;
  /** Batches whose turn has not come: each takes the place of a query that finishes. */
  const waiting: (() => void)[] = [];

  const loader = new DataLoader<string, V>(
    async (keys) => {
      try {
        const found = await lookup(keys.length === 1 ? keys : [...new Set(keys)]);
        return keys.map((key) => found.get(key) ?? missing);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    {
      // Nothing is kept: every batch asks the database (freshness above).
      cache: false,
      maxBatchSize: options.maxKeys ?? MAX_KEYS_PER_QUERY,
      // DataLoader calls this when a batch opens; the batch takes keys until the callback runs.
      batchScheduleFn: (dispatch) => {
        if (active < inFlight) {
          active++;
          setImmediate(dispatch);
        } else waiting.push(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}

/** A batched read for each database, made on its first use there (the app and its tests may open several). */
export function batchedReadsOn<V>(
  lookup: (db: Db, keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
  missing: V,
): (db: Db, key: string) => Promise<V> {
  const reads = new WeakMap<Db, (key: string) => Promise<V>>();
  return (db, key) => {
    let read = reads.get(db);
    if (!read) {
      read = batchedReads((keys) => lookup(db, keys), missing);
      reads.set(db, read);
    }
    return read(key);
  };
}
