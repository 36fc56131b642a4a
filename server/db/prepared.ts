/**
 * Statements prepared once per database handle: Drizzle builds their SQL once (not on every request), and on
 * PostgreSQL each pooled connection parses them once under their name. For the reads every screen makes
 * (the session lookup, the order page); parameters are `sql.placeholder(name)`.
 *
 * A transaction handle is a new object each time, so inside a transaction the statement is built for that
 * handle (as an unprepared query would be) and still runs on the transaction's connection; `preparedMapped`
 * builds its SQL once for every handle.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from './client';
import { type PreparedOnHandle, prepareMapped, prepareRows } from './drizzle-adapter';
import { rowsOf } from './rows';

/** A statement built by `build` for each handle once (Drizzle's public `.prepare(name)` on a query builder). */
export function preparedStatement<T>(build: (db: Db | Tx) => T): (db: Db | Tx) => T {
  const cache = new WeakMap<Db | Tx, T>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

/**
 * The name a statement's text is prepared under: the same text gets the same name, so each pooled connection
 * parses it once whatever the request (its parameters differ, not its text).
 */
export const statementName = (text: string) =>
  `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

const dialect = new PgDialect();

/**
 * Runs SQL built per request (a search, a report's range) as a named prepared statement, as `preparedStatement`
 * does for fixed reads: PostgreSQL parses and analyses it once per connection instead of on every call (a
 * search's statement: ~0.4 ms of planning against 0.15 ms of execution). For statements whose text takes a
 * bounded number of shapes; values go in parameters, never in the text. Rows as `db.execute` answers them,
 * held to `row` outside production (rows.ts).
 */
export async function executeNamed<S extends z.ZodType>(
  db: Db | Tx,
  query: SQL,
  row: S,
): Promise<z.output<S>[]> {
  const built = dialect.sqlToQuery(query);
  return rowsOf(row, await prepareRows(db, built, statementName(built.sql)).execute());
}

/**
 * Fixed SQL whose values are `sql.placeholder(name)`s, built once and prepared under `name` per database handle
 * (as `preparedStatement`): for statements written as SQL rather than with the query builder. Rows as
 * `db.execute` answers them, held to `row` outside production (rows.ts).
 */
export function preparedSql<S extends z.ZodType>(
  query: SQL,
  name: string,
  row: S,
): (db: Db | Tx) => PreparedOnHandle<z.output<S>[]> {
  const built = dialect.sqlToQuery(query);
  return preparedStatement((db) => {
    const prepared = prepareRows(db, built, name);
    return { execute: async (values) => rowsOf(row, await prepared.execute(values)) };
  });
}

/** A query builder (its text chosen per request) run as a named prepared statement; see executeNamed. */
export function runNamed<R>(query: {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R> };
}) {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}

/**
 * A query prepared under `name` whose rows go through `map` instead of Drizzle's own mapping. Its parameters
 * are `sql.placeholder(name)`, filled by `execute({ … })`, as a Drizzle prepared statement's are.
 *
 * Its SQL is built once, whatever the handle: a transaction's handle is new each time (preparedStatement builds
 * for it again), and building a joined read of ~90 columns through Drizzle cost ~0.5 ms of the app's thread per
 * workflow action, the largest part of Drizzle's work in the write bench (docs/performance.md). Only the
 * handle's prepared query, a few small objects, is made per transaction.
 */
export function preparedMapped<T>(
  name: string,
  query: (db: Db | Tx) => { getSQL(): SQL },
  map: (rows: unknown[][]) => T[],
): (db: Db | Tx) => PreparedOnHandle<T[]> {
  let built: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return preparedStatement((db) => {
    built ??= dialect.sqlToQuery(query(db).getSQL());
    return prepareMapped(db, built, name, map);
  });
}
