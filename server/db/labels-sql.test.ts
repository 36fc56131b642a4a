/**
 * The SQL label and group of a list row (built by PostgreSQL) must be exactly the domain's, for every state
 * and every combination of flags; and a timestamp must read as JavaScript writes it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_KINDS_NEEDING_ACTION, commentNeedsAction } from '../../domain/comments';
import { stateLabel } from '../../domain/labels';
import { ALL_STATES, groupOf } from '../../domain/states';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';
import { commentNeedsActionSql, isoTimestampSql, stateGroupSql, stateLabelSql } from './labels-sql';
import { orderItems } from './schema';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? result) as T[];

describe('state label and group in SQL', () => {
  it('agree with the domain for every state and every combination of flags', async () => {
    const cases = ALL_STATES.flatMap((currentState) =>
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
        currentState,
        isEscalated: (i & 4) !== 0,
        isOnHold: (i & 2) !== 0,
        waitingCustomerResponse: (i & 1) !== 0,
      })),
    );
    // The expressions name order_items' columns: a VALUES list under that name stands in for the table.
    const values = sql.join(
      cases.map(
        (c) =>
          sql`(${c.currentState}::text, ${c.isEscalated}::boolean, ${c.isOnHold}::boolean, ${c.waitingCustomerResponse}::boolean)`,
      ),
      sql`, `,
    );
    const result = await database.db.execute(sql`
      select ${orderItems.currentState} as state, ${stateLabelSql(orderItems)} as label, ${stateGroupSql(orderItems)} as "group"
      from (values ${values}) as ${orderItems} (current_state, is_escalated, is_on_hold, waiting_customer_response)`);
    const rows = rowsOf<{ label: string; group: string }>(result);
    expect(rows).toHaveLength(cases.length);
    expect(rows.map((r) => r.label)).toEqual(cases.map((c) => stateLabel(c)));
    expect(rows.map((r) => r.group)).toEqual(cases.map((c) => groupOf(c)));
    // Not trivially equal: the flags change the answer for some states.
    expect(new Set(rows.map((r) => r.label)).size).toBeGreaterThan(10);
  });

  it('writes timestamps as toISOString does, microseconds cut to milliseconds', async () => {
    const result = await database.db.execute(sql`
      select ${isoTimestampSql(sql`'2026-03-29 00:59:59.999876+00'::timestamptz`)} as a,
             ${isoTimestampSql(sql`'2026-07-01 12:00:00+01'::timestamptz`)} as b`);
    const [row] = rowsOf<{ a: string; b: string }>(result);
    expect(row.a).toBe(new Date('2026-03-29T00:59:59.999Z').toISOString());
    expect(row.b).toBe('2026-07-01T11:00:00.000Z');
  });

  it('says which comments need action as the domain does', async () => {
    const kinds = [...COMMENT_KINDS_NEEDING_ACTION, 'customer_contact', 'ips', 'reorder', 'review', "it's"];
    const values = sql.join(
      kinds.map((k) => sql`(${k}::text)`),
      sql`, `,
    );
    const result = await database.db.execute(sql`
      select ${commentNeedsActionSql(sql`k.kind`)} as needs from (values ${values}) as k (kind)`);
    expect(rowsOf<{ needs: boolean }>(result).map((r) => r.needs)).toEqual(kinds.map(commentNeedsAction));
  });
});
