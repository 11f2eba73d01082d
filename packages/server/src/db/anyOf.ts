import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($1::type[])`: a list of ids as one array parameter, where drizzle's `inArray`
 * sends a parameter per value (`in ($1, …, $500)`). For the reads asked for hundreds of ids many
 * times a second (the members of a group commit's messages, the batched reads of
 * batchedReads.ts) drizzle built, and the database parsed, a parameter per id
 * (docs/performance.md, "Fan-out, round seven"). An empty list matches nothing, as `inArray`'s.
 */
export function anyOf(column: PgColumn, values: readonly (number | string)[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(column.getSQLType())}[])`;
}
