/**
 * The list filter's SQL against the domain functions it stands for, on every state × flag combination: the
 * groups against `groupOf`, the text against `stateLabel` and the state keys. Evaluated by the database on a
 * VALUES table named like order_items (no rows to build), so the flag arithmetic and the literal lists are
 * what is tested.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListFilter, ListFilterSchema } from '../../../domain/contract/lists';
import { stateLabel } from '../../../domain/labels';
import { ALL_STATES, type GroupedItem, groupOf, STATE_GROUPS } from '../../../domain/states';
import type { Database } from '../../db/client';
import { freshDatabase } from '../../test/harness';
import { filterOf, hasFilter, listFilterCondition } from './list-filter';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const combos: GroupedItem[] = ALL_STATES.flatMap((currentState) =>
  [0, 1, 2, 3, 4, 5, 6, 7].map((code) => ({
    currentState,
    isEscalated: (code & 4) !== 0,
    isOnHold: (code & 2) !== 0,
    waitingCustomerResponse: (code & 1) !== 0,
  })),
);
const key = (c: GroupedItem) =>
  `${c.currentState}/${c.isEscalated ? 'E' : '-'}${c.isOnHold ? 'H' : '-'}${c.waitingCustomerResponse ? 'W' : '-'}`;

/** The combinations the condition keeps, as the database evaluates it. */
async function kept(condition: SQL | undefined): Promise<string[]> {
  const values = sql.join(
    combos.map(
      (c) =>
        sql`(${c.currentState}::text, ${c.isEscalated}::boolean, ${c.isOnHold}::boolean, ${c.waitingCustomerResponse}::boolean, null::int, null::text, null::date, false, null::text, null::text)`,
    ),
    sql`, `,
  );
  const result = await database.db.execute<GroupedItem & Record<string, unknown>>(sql`
    select current_state, is_escalated, is_on_hold, waiting_customer_response
    from (values ${values}) as order_items(current_state, is_escalated, is_on_hold, waiting_customer_response,
      user_id, type, despatch_due_on, flagged, ref, name)
    where ${condition ?? sql`true`}`);
  const rows = (result as unknown as { rows?: Record<string, unknown>[] }).rows ?? (result as unknown as []);
  return rows
    .map((r) =>
      key({
        currentState: r.current_state as GroupedItem['currentState'],
        isEscalated: r.is_escalated === true,
        isOnHold: r.is_on_hold === true,
        waitingCustomerResponse: r.waiting_customer_response === true,
      }),
    )
    .sort();
}

const columns = { customerName: sql.raw('order_items.name'), email: sql.raw('order_items.name') };
const condition = (filter: Partial<ListFilter>) =>
  // The text columns are stand-ins on the VALUES table (null: only labels and flags can match).
  listFilterCondition(filter as ListFilter, columns as never, '2026-06-01');

describe('group in SQL', () => {
  it.each(STATE_GROUPS)('group=%s keeps exactly the combinations groupOf puts in it', async (group) => {
    const expected = combos
      .filter((c) => groupOf(c) === group)
      .map(key)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(await kept(condition({ group: [group] }))).toEqual(expected);
  });

  it('several groups keep either', async () => {
    const expected = combos
      .filter((c) => ['waiting', 'on_hold'].includes(groupOf(c)))
      .map(key)
      .sort();
    expect(await kept(condition({ group: ['waiting', 'on_hold'] }))).toEqual(expected);
  });
});

describe('q in SQL: state labels, state keys and flag words', () => {
  const byLabel = (text: string) =>
    combos
      .filter(
        (c) =>
          stateLabel(c).toLowerCase().includes(text.toLowerCase()) ||
          c.currentState.replace(/_/g, ' ').includes(text.toLowerCase().replace(/_/g, ' ')),
      )
      .map(key)
      .sort();

  it.each(['despatch_required', 'despatch required', 'Dispatch Reqd', 'GRO Refunded', 'complete'])(
    'q=%s keeps the combinations whose label or key holds it',
    async (text) => {
      const expected = byLabel(text);
      expect(expected.length).toBeGreaterThan(0);
      expect(await kept(condition({ q: text }))).toEqual(expected);
    },
  );

  it('"Escalated" finds the escalation states and every escalated item (the label and the flag word)', async () => {
    const found = await kept(condition({ q: 'Escalated' }));
    const expected = combos
      .filter((c) => c.isEscalated || stateLabel(c).includes('Escalated'))
      .map(key)
      .sort();
    expect(found).toEqual(expected);
    expect(found).toContain('gro_order_escalation/---');
    expect(found).toContain('waiting_gro/E--');
    expect(found).not.toContain('waiting_gro/---');
  });

  it('"on hold" finds held items, "waiting cust" waiting ones, by flag or state', async () => {
    const held = await kept(condition({ q: 'on hold' }));
    expect(held).toContain('on_hold_waiting_apostille_response/---');
    expect(held).toContain('waiting_gro/-H-');
    expect(held).not.toContain('waiting_gro/---');
    const waiting = await kept(condition({ q: 'waiting cust' }));
    expect(waiting).toEqual(await kept(condition({ q: 'Waiting Customer' })));
    // Every "Waiting Customer" label, and the flag word too (an escalation state labelled "Escalated").
    expect(waiting).toEqual(expect.arrayContaining(byLabel('Waiting Customer')));
    expect(waiting).toContain('despatch_escalation/--W');
    expect(waiting).toContain('waiting_gro/--W');
    expect(waiting).toContain('waiting_upgrade_payment/---');
    expect(waiting).not.toContain('waiting_gro/---');
  });

  it('text no label holds finds no state', async () => {
    expect(await kept(condition({ q: '100234' }))).toEqual([]);
  });
});

describe('the filter object', () => {
  it('reads the URL form and knows when it narrows nothing', () => {
    const parsed = ListFilterSchema.parse({ group: 'waiting, escalated', flag: 'overdue', orderer: 'none' });
    expect(parsed).toEqual({ group: ['waiting', 'escalated'], flag: ['overdue'], orderer: 'none' });
    expect(hasFilter(filterOf({ ...parsed }))).toBe(true);
    expect(hasFilter(filterOf({ q: '', state: [] }))).toBe(false);
    expect(hasFilter(undefined)).toBe(false);
    expect(filterOf({ page: 2, sort: 'due', q: 'x' } as Partial<ListFilter>)).toEqual({ q: 'x' });
    expect(condition({})).toBeUndefined();
  });
});
