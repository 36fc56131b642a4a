/**
 * The list filter (domain/contract/lists.ts `ListFilter`) as one SQL condition on order_items, for every list
 * (the dashboard, the queues, the escalations desk, matching ids, saved-view counts and search).
 *
 * Groups and labels are not stored: an item's group (`groupOf`) and label (`stateLabel`) follow from its
 * state and three flags. Rather than write those functions again in SQL (and keep two copies in step), the
 * condition is made by running the domain function over every state × flag combination (43 × 8) and
 * listing the combinations it keeps: `(current_state in (…) and <flag code> in (…))`. The SQL is then the
 * domain function by construction; list-filter.test.ts checks it row by row against `groupOf`.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type ItemFlag, type ListFilter, ListFilterSchema } from '../../../domain/contract/lists';
import { stateLabel } from '../../../domain/labels';
import {
  ALL_STATES,
  type GroupedItem,
  groupOf,
  ON_HOLD_STATES,
  type OrderItemState,
  WAITING_CUSTOMER_STATES,
} from '../../../domain/states';
import { orderItems } from '../../db/schema';
import { isOpenState } from '../../db/states-sql';

/** The three flags that decide a group and a label, as one small number (escalated 4, on hold 2, waiting 1). */
const flagCode = sql`(${orderItems.isEscalated}::int * 4 + ${orderItems.isOnHold}::int * 2 + ${orderItems.waitingCustomerResponse}::int)`;
const FLAG_CODES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
const flagsOf = (code: number) => ({
  isEscalated: (code & 4) !== 0,
  isOnHold: (code & 2) !== 0,
  waitingCustomerResponse: (code & 1) !== 0,
});

// Our own constants (state names, small numbers), never user input: safe to inline, and literals let the
// planner see them (a parameter list of 43 states would be 43 placeholders).
const literalList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', '));

/**
 * The items for which `keep` holds, whatever their state and flags: the states kept with every flag
 * combination in one list, the others grouped by the combinations they are kept with.
 */
function whereItemIs(keep: (item: GroupedItem) => boolean): SQL {
  const whole: OrderItemState[] = [];
  const partial = new Map<string, OrderItemState[]>();
  for (const state of ALL_STATES) {
    const codes = FLAG_CODES.filter((code) => keep({ currentState: state, ...flagsOf(code) }));
    if (codes.length === FLAG_CODES.length) whole.push(state);
    else if (codes.length > 0) {
      const key = codes.join(',');
      partial.set(key, [...(partial.get(key) ?? []), state]);
    }
  }
  const parts: SQL[] = [];
  if (whole.length) parts.push(sql`${orderItems.currentState} in (${literalList(whole)})`);
  for (const [codes, states] of partial) {
    parts.push(
      sql`(${orderItems.currentState} in (${literalList(states)}) and ${flagCode} in (${sql.raw(codes)}))`,
    );
  }
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

/** The despatch-by date has passed (London's today) and the item is still open. */
const overdue = (today: string) =>
  and(sql`${orderItems.despatchDueOn} < ${today}::date`, isOpenState(orderItems.currentState)) as SQL;

/**
 * What each flag means. On hold and waiting for the customer hold in a waiting state (or its on_hold_
 * variant) as well as with the flag, as the domain's isHeld and isWaitingForCustomer say: a Modify Order
 * request waits for the customer in its own state without the flag.
 */
const FLAG_CONDITIONS: Record<ItemFlag, (today: string) => SQL> = {
  escalated: () => eq(orderItems.isEscalated, true),
  on_hold: () =>
    or(eq(orderItems.isOnHold, true), inArray(orderItems.currentState, [...ON_HOLD_STATES])) as SQL,
  waiting_customer: () =>
    or(
      eq(orderItems.waitingCustomerResponse, true),
      inArray(orderItems.currentState, [...WAITING_CUSTOMER_STATES, ...ON_HOLD_STATES]),
    ) as SQL,
  flagged: () => eq(orderItems.flagged, true),
  overdue,
};

/** The words `q` can name a flag by: its key and its words ("on hold", "on_hold", "hold"…). */
const FLAG_WORDS: Record<ItemFlag, string> = {
  escalated: 'escalated',
  on_hold: 'on hold',
  waiting_customer: 'waiting customer',
  flagged: 'flagged',
  overdue: 'overdue',
};

/** Text as `q` compares it: lower case, underscores as spaces, single spaces. */
const normalised = (text: string) => text.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim();

/** Escapes LIKE wildcards so a user's % or _ matches itself. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The text columns `q` searches that live on the order and its billing address (joined by the caller). */
interface TextColumns {
  customerName: PgColumn;
  email: PgColumn;
}

/**
 * `q`: the ref, the item type, the customer's name or e-mail contain the text; or the item's label
 * (`stateLabel`, "Waiting Customer", "Escalated (Dispatch Reqd.)") or state key (`despatch_required`,
 * also written "despatch required") contains it; or it is part of a flag's words ("escalated", "on hold",
 * "flagged", "overdue", "waiting customer"), which then finds the items with that flag.
 */
function textCondition(q: string, columns: TextColumns, today: string): SQL {
  const pattern = likePattern(q);
  const needle = normalised(q);
  const parts: SQL[] = [
    sql`${orderItems.ref} ilike ${pattern}`,
    sql`${orderItems.type} ilike ${pattern}`,
    sql`${columns.customerName} ilike ${pattern}`,
    sql`${columns.email} ilike ${pattern}`,
  ];
  if (needle) {
    const labelled = whereItemIs(
      (item) =>
        normalised(stateLabel(item)).includes(needle) || normalised(item.currentState).includes(needle),
    );
    parts.push(labelled);
    for (const [flag, words] of Object.entries(FLAG_WORDS) as [ItemFlag, string][]) {
      if (words.includes(needle)) parts.push(FLAG_CONDITIONS[flag](today));
    }
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

const FILTER_KEYS = Object.keys(ListFilterSchema.shape) as (keyof ListFilter)[];

/** The filter fields of a list's query (which also holds its paging and sort). */
export function filterOf(query: Partial<ListFilter>): ListFilter {
  return Object.fromEntries(
    FILTER_KEYS.filter((key) => query[key] !== undefined).map((key) => [key, query[key]]),
  ) as ListFilter;
}

/** Whether a filter narrows anything (an empty one keeps a list on its prepared statements). */
export function hasFilter(filter: ListFilter | undefined): filter is ListFilter {
  if (!filter) return false;
  return Object.values(filter).some(
    (v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  );
}

/** Whether the filter reads the order or the billing address (its text), so the query must join them. */
export const needsJoins = (filter: ListFilter | undefined) => Boolean(filter?.q);

/**
 * The filter as one condition (undefined when it narrows nothing). Within a field any value may match
 * (groups, states, types); across fields all must; every flag given must hold. `today` is London's date,
 * for overdue.
 */
export function listFilterCondition(
  filter: ListFilter | undefined,
  columns: TextColumns,
  today: string,
): SQL | undefined {
  if (!hasFilter(filter)) return undefined;
  const parts: (SQL | undefined)[] = [];
  if (filter.group?.length) {
    const groups = new Set<string>(filter.group);
    parts.push(whereItemIs((item) => groups.has(groupOf(item))));
  }
  if (filter.state?.length) parts.push(inArray(orderItems.currentState, filter.state));
  for (const flag of filter.flag ?? []) parts.push(FLAG_CONDITIONS[flag](today));
  if (filter.type?.length) parts.push(inArray(orderItems.type, filter.type));
  if (filter.orderer === 'none') parts.push(isNull(orderItems.userId));
  else if (filter.orderer !== undefined) parts.push(eq(orderItems.userId, filter.orderer));
  if (filter.due_from) parts.push(sql`${orderItems.despatchDueOn} >= ${filter.due_from}::date`);
  if (filter.due_to) parts.push(sql`${orderItems.despatchDueOn} <= ${filter.due_to}::date`);
  if (filter.q) parts.push(textCondition(filter.q, columns, today));
  return and(...parts);
}
