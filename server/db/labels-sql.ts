/**
 * The domain's state label and state group as SQL expressions, for list pages PostgreSQL builds as JSON
 * (read.ts). They are generated from the domain's own functions, never written twice: every state is tried
 * with every combination of the three flags a label depends on, and the answers become one JSON lookup table
 * (lookupOf). labels-sql.test.ts checks every combination against the domain on the database itself.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { COMMENT_KINDS_NEEDING_ACTION } from '../../domain/comments';
import { stateLabel } from '../../domain/labels';
import { ALL_STATES, groupOf, type OrderItemState } from '../../domain/states';

/** The item columns a label or group depends on. */
export interface LabelColumns {
  currentState: PgColumn;
  isEscalated: PgColumn;
  isOnHold: PgColumn;
  waitingCustomerResponse: PgColumn;
}

type Flags = { isEscalated: boolean; isOnHold: boolean; waitingCustomerResponse: boolean };
/** The eight combinations of the flags, in the order of `flagIndex` (escalated 4, on hold 2, waiting 1). */
const FLAG_COMBINATIONS: Flags[] = Array.from({ length: 8 }, (_, i) => ({
  isEscalated: (i & 4) !== 0,
  isOnHold: (i & 2) !== 0,
  waitingCustomerResponse: (i & 1) !== 0,
}));

// Our own constants (state names, labels), never user input: quoted and inlined.
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The answer for every state and combination of flags as one JSON object, looked up by the row's state and
 * flags: a state whose answer never changes with the flags has one key (`state`), the others one per
 * combination (`state:index`). A constant, so the statement stays short: the CASE over every state and
 * combination this replaced made a list page's statement 21 KB of SQL, milliseconds to parse and plan on
 * PostgreSQL each time it is not prepared (always, on PGlite).
 */
function lookupOf(columns: LabelColumns, answer: (state: OrderItemState, flags: Flags) => string): SQL {
  const flagIndex = sql`(case when ${columns.isEscalated} then 4 else 0 end + case when ${columns.isOnHold} then 2 else 0 end + case when ${columns.waitingCustomerResponse} then 1 else 0 end)`;
  const answers: Record<string, string> = {};
  for (const state of ALL_STATES) {
    const byFlags = FLAG_COMBINATIONS.map((flags) => answer(state, flags));
    if (byFlags.every((a) => a === byFlags[0])) answers[state] = byFlags[0];
    else for (const [i, a] of byFlags.entries()) answers[`${state}:${i}`] = a;
  }
  const table = sql.raw(`${literal(JSON.stringify(answers))}::jsonb`);
  return sql`coalesce(${table} ->> ${columns.currentState}, ${table} ->> (${columns.currentState} || ':' || ${flagIndex}))`;
}

/** `stateLabel` of domain/labels.ts as SQL on the item's columns. */
export const stateLabelSql = (columns: LabelColumns): SQL =>
  lookupOf(columns, (currentState, flags) => stateLabel({ currentState, ...flags }));

/** `groupOf` of domain/states.ts as SQL on the item's columns. */
export const stateGroupSql = (columns: LabelColumns): SQL =>
  lookupOf(columns, (currentState, flags) => groupOf({ currentState, ...flags }));

/** A timestamp as JSON writes it from JavaScript (`Date.prototype.toISOString`: UTC, milliseconds, Z). */
export const isoTimestampSql = (value: SQL | PgColumn): SQL =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `commentNeedsAction` of domain/comments.ts as SQL on a comment's kind: the domain's own list, inlined. */
export const commentNeedsActionSql = (kind: SQL | PgColumn): SQL =>
  sql`(${kind} in (${sql.raw(COMMENT_KINDS_NEEDING_ACTION.map(literal).join(', '))}))`;
