/**
 * Writers of one orderer's kept counts queue on a per-orderer advisory lock (migration 0027) from their
 * update to their commit, instead of meeting inside the count tables' unique indexes, where two single-item
 * assigns deadlocked on a slow machine. Writers of different orderers, and updates that move no count, do
 * not wait. PostgreSQL only: PGlite has one connection.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrderItem } from '../test/factories';
import { buildUser, freshDatabase } from '../test/harness';
import type { Database } from './client';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe.runIf(onPostgres)("the lock on an orderer's counts", () => {
  let database: Database;
  let pool: pg.Pool;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    database = await freshDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    alice = (await buildUser(database, { name: 'Lock Alice' })).id;
    bob = (await buildUser(database, { name: 'Lock Bob' })).id;
  });
  afterAll(async () => {
    await pool.end();
    await database.close();
  });

  /** Runs `first` in a transaction left open, then `second` on another connection: did `second` wait? */
  async function waits(first: string[], second: string[]): Promise<boolean> {
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      await a.query('begin');
      for (const s of first) await a.query(s);
      await b.query('begin');
      let done = false;
      const running = (async () => {
        for (const s of second) await b.query(s);
        done = true;
      })();
      // Long enough for an unblocked update to finish; then the holder commits and frees the waiter.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const waited = !done;
      await a.query('commit');
      await running;
      await b.query('commit');
      return waited;
    } finally {
      a.release();
      b.release();
    }
  }

  let day = 0;
  /** Assigns an item in a state, due on a day of its own: its count rows are not another assign's. */
  const assign = (itemId: number, userId: number, state = 'gro_order_required') => {
    day += 1;
    return `update order_items set user_id = ${userId}, current_state = '${state}',
      despatch_due_on = date '2030-01-01' + ${day} where id = ${itemId}`;
  };
  const newItem = async () => (await buildOrderItem(database)).id;

  it('a second writer of the same orderer waits for the first to commit, though no count row is shared', async () => {
    // Different states and days: without the lock these two would touch different rows and not wait.
    expect(
      await waits(
        [assign(await newItem(), alice, 'gro_order_required')],
        [assign(await newItem(), alice, 'apostille_required')],
      ),
    ).toBe(true);
  });

  it('writers of different orderers, and an update that moves no count, do not wait', async () => {
    expect(await waits([assign(await newItem(), alice)], [assign(await newItem(), bob)])).toBe(false);
    const held = await newItem();
    await pool.query(assign(held, alice));
    // A note on an item of Alice's moves no count: no lock.
    expect(
      await waits(
        [assign(await newItem(), alice)],
        [`update order_items set flagged = true where id = ${held}`],
      ),
    ).toBe(false);
  });

  it('the counts stay exact after concurrent assigns of one orderer', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => newItem()));
    const before = await database.db.execute<{ n: number }>(
      sql`select coalesce(sum(items), 0)::int as n from open_item_counts where user_id = ${alice}`,
    );
    await Promise.all(ids.map((id) => pool.query(assign(id, alice))));
    const after = await database.db.execute<{ n: number }>(
      sql`select coalesce(sum(items), 0)::int as n from open_item_counts where user_id = ${alice}`,
    );
    expect(Number(after.rows[0].n)).toBe(Number(before.rows[0].n) + ids.length);
  });
});
