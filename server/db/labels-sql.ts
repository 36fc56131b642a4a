/**
 * The domain's state label and state group as SQL expressions, for list pages PostgreSQL builds as JSON
 * (read.ts). They are generated from the domain's own functions, never written twice: every state is tried
 * with every combination of the three flags a label depends on, and the answers become one CASE on the state
 * (a CASE on the flags inside it only where they change the answer). labels-sql.test.ts checks every
 * combination against the domain on the database itself.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

function caseOf(columns: LabelColumns, answer: (state: OrderItemState, flags: Flags) => string): SQL {
  const flagIndex = sql`(case when ${columns.isEscalated} then 4 else 0 end + case when ${columns.isOnHold} then 2 else 0 end + case when ${columns.waitingCustomerResponse} then 1 else 0 end)`;
  const arms = ALL_STATES.map((state) => {
    const answers = FLAG_COMBINATIONS.map((flags) => answer(state, flags));
    if (answers.every((a) => a === answers[0]))
      return sql.raw(` when ${literal(state)} then ${literal(answers[0])}`);
    const inner = answers.map((a, i) => ` when ${i} then ${literal(a)}`).join('');
    return sql.join([sql.raw(` when ${literal(state)} then case `), flagIndex, sql.raw(`${inner} end`)]);
  });
  return sql.join([sql`(case ${columns.currentState}`, ...arms, sql.raw(' end)')]);
}

/** `stateLabel` of domain/labels.ts as SQL on the item's columns. */
export const stateLabelSql = (columns: LabelColumns): SQL =>
  caseOf(columns, (currentState, flags) => stateLabel({ currentState, ...flags }));

/** `groupOf` of domain/states.ts as SQL on the item's columns. */
export const stateGroupSql = (columns: LabelColumns): SQL =>
  caseOf(columns, (currentState, flags) => groupOf({ currentState, ...flags }));

/** A timestamp as JSON writes it from JavaScript (`Date.prototype.toISOString`: UTC, milliseconds, Z). */
export const isoTimestampSql = (value: SQL | PgColumn): SQL =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
