/**
 * The domain's state lists as SQL. Final states are written as literals, not parameters: the partial indexes
 * of open items (migrations 0004, 0006) carry the same predicate, and the planner uses a partial index only
 * when it can see that the query's predicate implies the index's (states-sql.test.ts checks both agree).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { FINAL_STATES, type OrderItemState } from '../../domain/states';

// Our own constants, never user input: safe to inline.
const finalStatesList = sql.raw(FINAL_STATES.map((s) => `'${s}'`).join(', '));

/** The item is still being worked on: not complete, not cancelled. */
export function isOpenState(column: PgColumn): SQL {
  return sql`${column} not in (${finalStatesList})`;
}

/**
 * The item is in `state`, written as a literal for the same reason: the dashboard's partial index of unassigned
 * items (migration 0021) carries `current_state = 'unassigned'`, and a prepared statement with the state as a
 * parameter gets a plan that cannot use it, so PostgreSQL planned the dashboard's page afresh on every call.
 */
export function isInState(column: PgColumn, state: OrderItemState): SQL {
  return sql`${column} = ${sql.raw(`'${state}'`)}`;
}
