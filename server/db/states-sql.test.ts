/**
 * One definition of a finished item: the domain's FINAL_STATES. The SQL filter is built from it, and every
 * partial index on open items must carry exactly the same list, or the planner stops using it. (A partial index
 * on one state, such as the unassigned queue's, is not one of them.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_STATES } from '../../domain/states';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';
import { orderItems } from './schema';
import { isOpenState } from './states-sql';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('final states in SQL', () => {
  it('every partial index on open items lists exactly the domain final states', async () => {
    const rows = await database.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes
          where tablename = 'order_items' and indexdef ilike '%where%current_state <> all%'`,
    );
    const indexes = (rows as unknown as { rows?: typeof rows }).rows ?? rows;
    const list = [...(indexes as unknown as { indexname: string; indexdef: string }[])];
    expect(list.map((i) => i.indexname).sort()).toEqual([
      'order_items_open_by_user_idx',
      'order_items_open_due_idx',
      'order_items_open_escalated_idx',
      'order_items_open_state_idx',
    ]);
    for (const index of list) {
      // PostgreSQL keeps NOT IN (...) as `current_state <> ALL (ARRAY['a'::text, ...])`.
      const states = [...index.indexdef.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]);
      expect(states.sort(), index.indexname).toEqual([...FINAL_STATES].sort());
    }
  });

  it('the triggers keeping open_item_counts list exactly the domain final states', async () => {
    const result = await database.db.execute<{ proname: string; prosrc: string }>(
      sql`select proname, prosrc from pg_proc where proname like 'open_item_counts_%' order by proname`,
    );
    const list = [
      ...(((result as unknown as { rows?: unknown[] }).rows ?? result) as {
        proname: string;
        prosrc: string;
      }[]),
    ];
    expect(list.map((f) => f.proname)).toEqual([
      'open_item_counts_add',
      'open_item_counts_lock',
      'open_item_counts_move',
      'open_item_counts_remove',
    ]);
    for (const f of list) {
      const predicates = [...f.prosrc.matchAll(/current_state NOT IN \(([^)]*)\)/g)];
      expect(predicates.length, f.proname).toBeGreaterThan(0);
      for (const [, inner] of predicates) {
        const states = [...inner.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
        expect(states.sort(), f.proname).toEqual([...FINAL_STATES].sort());
      }
    }
  });

  it('the filter the services use is the same list', () => {
    const query = database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(isOpenState(orderItems.currentState));
    const text = query.toSQL().sql;
    for (const state of FINAL_STATES) expect(text).toContain(`'${state}'`);
    expect(query.toSQL().params).toEqual([]);
  });
});
