/**
 * The one place the app reaches past Drizzle's public API. Drizzle prepares a statement under a name only from
 * its query builders (`.prepare(name)`); the app also needs to (1) prepare SQL written as SQL (a search, the
 * report's ranges, the ingestion's statement) under a name, and (2) prepare a builder's SQL built once for every
 * handle, with rows as arrays through the app's own row mapper (row-mapper.ts). Both go through the handle's
 * session's `prepareQuery`, the method Drizzle's own builders and relational queries call.
 *
 * Written against drizzle-orm DRIZZLE_VERSION; drizzle-adapter.test.ts fails when another version is installed,
 * so an upgrade re-reads this file (the signature is in drizzle-orm/pg-core/session.d.ts) before it lands.
 */
import type { Query } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** The drizzle-orm version this adapter was written and tested against. */
export const DRIZZLE_VERSION = '0.45.4';

/** A statement prepared on a handle: `values` fill its `sql.placeholder(name)`s. */
export interface PreparedOnHandle<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** Prepares built SQL under `name` on `db`'s session; rows as objects, as `db.execute` answers them. */
export function prepareRows<Row>(db: Db | Tx, query: Query, name: string): PreparedOnHandle<Row[]> {
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return { execute: async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows };
}

/** Prepares built SQL under `name` on `db`'s session; rows come as arrays (the select list in order) to `map`. */
export function prepareMapped<T>(
  db: Db | Tx,
  query: Query,
  name: string,
  map: (rows: unknown[][]) => T[],
): PreparedOnHandle<T[]> {
  const prepared = db._.session.prepareQuery(query, undefined, name, true, map);
  return { execute: async (values) => (await prepared.execute(values)) as T[] };
}
