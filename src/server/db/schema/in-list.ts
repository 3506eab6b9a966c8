import { type SQL, sql } from 'drizzle-orm';

/**
 * A fixed list of text values as SQL, for the check constraints that keep a column to the values of a shared
 * contract (`status in ('a', 'b')`). The values are the contract's own constants, never input.
 */
export const inList = (values: readonly string[]): SQL =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
