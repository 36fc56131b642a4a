/**
 * Statements prepared once per database handle: Drizzle builds their SQL once (not on every request), and on
 * PostgreSQL each pooled connection parses them once under their name. For the reads every screen makes
 * (the session lookup, the order page); parameters are `sql.placeholder(name)`.
 *
 * A transaction handle is a new object each time, so inside a transaction the statement is built for that
 * handle (as an unprepared query would be) and still runs on the transaction's connection.
 */
import type { Db, Tx } from './client';

export function preparedStatement<T>(build: (db: Db) => T): (db: Db | Tx) => T {
  const cache = new WeakMap<Db | Tx, T>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db as Db);
      cache.set(db, statement);
    }
    return statement;
  };
}
