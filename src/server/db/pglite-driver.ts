import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';

/**
 * The types drizzle wants as PostgreSQL's text, to map them itself: timestamps, dates, intervals and arrays
 * of numerics, timestamps, intervals and dates. drizzle's PGlite session hands these parsers with every
 * query, and PGlite merges them into its table of over 300 parsers with an object spread on every call.
 * Measured on the 2-core test machine, that spread cost about 170 µs a query, more than a small indexed read
 * itself (about 150 µs). So the same parsers are set once on the instance, and drizzle is given a client
 * that drops them from each query's options.
 */
const TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

type Queryable = Pick<PGlite, 'query'> | Pick<Transaction, 'query'>;
/** The part of PGlite that drizzle's session calls: query, and transaction for db.transaction. */
export type DrizzlePgliteClient = Pick<PGlite, 'query' | 'transaction'>;

/**
 * The options without drizzle's parsers when they are exactly the ones set on the instance; any other parser
 * (a later drizzle adding a type, say) keeps the options as they were, so nothing is parsed differently.
 */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const key in parsers) if (!TEXT_TYPES.includes(Number(key))) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

function queryOf(target: Queryable): PGlite['query'] {
  return (query, params, options) => target.query(query, params, withoutTextParsers(options));
}

/** The client to give drizzle for this PGlite instance, whose parsers it sets once for drizzle's text types. */
export function drizzleClientOf(client: PGlite): DrizzlePgliteClient {
  for (const oid of TEXT_TYPES) client.parsers[oid] = asText;
  return {
    query: queryOf(client),
    // The transaction keeps its own methods and its live `closed`; only query is replaced.
    transaction: (callback) =>
      client.transaction((tx) =>
        callback(Object.assign(Object.create(tx) as Transaction, { query: queryOf(tx) })),
      ),
  };
}
