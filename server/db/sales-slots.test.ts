/**
 * The sales summary's cells are split over slots (migration 0030): two transactions that add to the same
 * cell at the same moment (today's refunds of one item type and region) write different rows, so the second
 * does not wait for the first's commit, and the report still reads one sum. PGlite has one connection: there
 * nobody waits.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrderItem } from '../test/factories';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe.runIf(onPostgres)('two writers of one sales summary cell', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('do not wait for each other, and the cell sums both', async () => {
    // Two items of one type and region, placed on an earlier day; both refunded today.
    const placedAt = new Date('2026-03-05T12:00:00Z');
    const first = await buildOrderItem(database, { netValue: 5000 }, { placedAt });
    const second = await buildOrderItem(database, { netValue: 5000 }, { placedAt });
    const refund = (id: number, amount: number) =>
      `insert into refunds (order_item_id, action, amount, reason) values (${id}, 'downgrade', ${amount}, 'duplicate')`;
    const sums = async () =>
      (
        await database.db.execute<{ refunds: number; gross: number }>(
          sql`select coalesce(sum(refunds), 0)::int as refunds, coalesce(sum(gross), 0)::int as gross
            from sales_daily where type = 'Birth Certificate' and delivery_region = 'UK'`,
        )
      ).rows[0];
    const before = await sums();
    const a = new pg.Client({ connectionString: database.url });
    const b = new pg.Client({ connectionString: database.url });
    await Promise.all([a.connect(), b.connect()]);
    const slotOf = async (client: pg.Client) =>
      Number((await client.query<{ slot: number }>('select sales_slot() as slot')).rows[0].slot);
    try {
      await a.query('begin');
      await a.query(refund(first.id, 700));
      const taken = await slotOf(a);
      // Transaction ids are the server's, so other sessions (other test files) may take some between the two:
      // the second begins again until its slot is another (with 8 slots, a try or two). With one slot it never
      // is, and after 16 tries it goes on and waits.
      for (let tries = 0; ; tries++) {
        await b.query('begin');
        if ((await slotOf(b)) !== taken || tries === 16) break;
        await b.query('rollback');
      }
      // The first holds its rows until its commit; the second gives up after a second if it has to wait.
      await b.query(`set local lock_timeout = '1s'`);
      await b.query(refund(second.id, 300));
      await b.query('commit');
      await a.query('commit');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    // What the customers paid grows by both refunds on the 5th; both refunds count today.
    expect(await sums()).toEqual({ refunds: before.refunds + 1000, gross: before.gross + 1000 });
  });
});
