/**
 * The domain's state lists as SQL. Final states are written as literals, not parameters: the partial indexes
 * of open items (migrations 0004, 0006) carry the same predicate, and the planner uses a partial index only
 * when it can see that the query's predicate implies the index's (states-sql.test.ts checks both agree).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { FINAL_STATES } from '../../domain/states';

// Our own constants, never user input: safe to inline.
const finalStatesList = sql.raw(FINAL_STATES.map((s) => `'${s}'`).join(', '));

/** The item is still being worked on: not complete, not cancelled. */
export function isOpenState(column: PgColumn): SQL {
  return sql`${column} not in (${finalStatesList})`;
}
