import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from '@electric-sql/pglite';

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
 * What drizzle's options become without the parsers, made once. PGlite copies a query's options with a spread
 * six times a query (one per protocol message); a copy made by a rest pattern is a slow dictionary object to
 * spread, and measured under load that cost about 5 µs a query against a plain literal's.
 */
const ROWS_AS: Record<'array' | 'object', QueryOptions> = {
  array: { rowMode: 'array' },
  object: { rowMode: 'object' },
};

/**
 * The options without drizzle's parsers when they are exactly the ones set on the instance; any other parser
 * (a later drizzle adding a type, say) keeps the options as they were, so nothing is parsed differently.
 */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  // A prepared query hands the same options object every call: its answer is looked up, not worked out.
  let stripped = strippedOptions.get(options);
  if (!stripped) {
    stripped = stripTextParsers(options);
    strippedOptions.set(options, stripped);
  }
  return stripped;
}
const strippedOptions = new WeakMap<QueryOptions, QueryOptions>();

function stripTextParsers(options: QueryOptions): QueryOptions {
  const parsers = options.parsers ?? {};
  for (const key in parsers) if (!TEXT_TYPES.includes(Number(key))) return options;
  const rowMode = options.rowMode;
  if ((rowMode === 'array' || rowMode === 'object') && Object.keys(options).length === 2)
    return ROWS_AS[rowMode];
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

function queryOf(target: Queryable): PGlite['query'] {
  return (query, params, options) => target.query(query, params, withoutTextParsers(options));
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A statement parsed once under its name: the types of its parameters and the shape of its rows. */
type NamedStatement = {
  name: string;
  paramTypes: number[];
  rowDescription: BackendMessage | undefined;
};
/** The end of every call of a named statement, the same bytes each time: run the bound portal, then sync. */
const EXECUTE_SYNC = joined([protocol.serialize.execute({}), protocol.serialize.sync()]);
/** SQLSTATEs that mean the session lost the statement or its plan no longer fits: parse it again. */
const STALE_STATEMENT = new Set(['26000', '0A000']);

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((size, message) => size + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/**
 * The client drizzle is given for one PGlite instance. drizzle's `.prepare(name)` means nothing on PGlite:
 * every query is parsed, described and planned again, in six round trips into the database. The statements
 * `db/prepared.ts` names (the hot lookups every call makes) are parsed here once under their name, as
 * node-postgres does on a server, and each call then binds and executes them in one round trip. Measured in
 * a loop on the 2-core test machine, the unread count went from about 110 to 30 µs a query. Every other
 * query, and everything inside a transaction, goes through PGlite's own `query`.
 */
export class PgliteDrizzleClient implements DrizzlePgliteClient {
  private readonly texts = new Map<string, string>();
  private readonly statements = new Map<string, NamedStatement>();

  constructor(private readonly client: PGlite) {
    for (const oid of TEXT_TYPES) client.parsers[oid] = asText;
  }

  /** From now on, `text` run outside a transaction is the named statement `name`. */
  nameStatement(name: string, text: string) {
    this.texts.set(text, name);
  }

  query: PGlite['query'] = (query, params, options) => {
    const name = this.texts.get(query);
    const stripped = withoutTextParsers(options);
    if (name === undefined || stripped?.parsers || stripped?.blob) {
      return this.client.query(query, params, stripped);
    }
    return this.runNamed(name, query, { params: params ?? [], options: stripped });
  };

  // The transaction keeps its own methods and its live `closed`; only query is replaced.
  transaction: PGlite['transaction'] = (callback) =>
    this.client.transaction((tx) =>
      callback(Object.assign(Object.create(tx) as Transaction, { query: queryOf(tx) })),
    );

  // biome-ignore lint/suspicious/noExplicitAny: PGlite's own query returns Results<T> for any T the caller names.
  private async runNamed<T = any>(
    name: string,
    text: string,
    { params, options }: { params: unknown[]; options: QueryOptions | undefined },
  ): Promise<Results<T>> {
    const client = this.client;
    await client._checkReady();
    // The same locks as PGlite's query: after any open transaction, one query at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let messages: BackendMessage[];
        let statement = this.statements.get(text);
        try {
          statement ??= await this.parseNamed(name, text);
          messages = await this.execute(statement, params, options);
        } catch (error) {
          if (!STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
          this.statements.delete(text);
          statement = await this.parseNamed(name, text);
          messages = await this.execute(statement, params, options);
        }
        await client.syncToFs();
        if (statement.rowDescription) messages.unshift(statement.rowDescription);
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  }

  private async parseNamed(name: string, text: string): Promise<NamedStatement> {
    const { serialize } = protocol;
    // Closing the name first (no error when there is none) replaces a statement that went stale.
    const messages = await this.client.execProtocolStream(
      joined([
        serialize.close({ type: 'S', name }),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: NamedStatement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    this.statements.set(text, statement);
    return statement;
  }

  private execute(statement: NamedStatement, params: unknown[], options: QueryOptions | undefined) {
    const { serialize } = protocol;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i];
      const serializer = options?.serializers?.[oid] ?? this.client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    return this.client.execProtocolStream(
      joined([serialize.bind({ statement: statement.name, values }), EXECUTE_SYNC]),
      {
        syncToFs: false,
      },
    );
  }
}

/** The client to give drizzle for this PGlite instance, whose parsers it sets once for drizzle's text types. */
export function drizzleClientOf(client: PGlite): PgliteDrizzleClient {
  return new PgliteDrizzleClient(client);
}
