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
    try {
      await a.query('begin');
      await a.query(refund(first.id, 700));
      // The first holds its rows until its commit; the second gives up after a second if it has to wait.
      await b.query('begin');
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
