/**
 * The first page of an unfiltered list (what every list screen opens on) is a prepared statement PostgreSQL
 * plans once per connection: its paging and the dashboard's state are written in the text, not passed as
 * parameters (read.ts, states-sql.ts). With them as parameters PostgreSQL costed its one reusable plan as if a
 * tenth of the list were read, or without the dashboard's partial index, and so planned the page afresh on
 * every call: 2–3 ms a page on a slow machine. PostgreSQL only: PGlite plans every statement anew.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOrderItemRows } from '../services/order-items/read';
import { buildOrderItem } from '../test/factories';
import { buildUser, freshDatabase } from '../test/harness';
import { type Database, fromPostgres } from './client';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe.runIf(onPostgres)('the plans of the lists’ first pages', () => {
  let database: Database;
  /** One connection, so the statements it prepared are the ones pg_prepared_statements lists. */
  let single: Database;
  let alice: number;
  beforeAll(async () => {
    database = await freshDatabase();
    single = fromPostgres(database.url ?? '', 1);
    alice = (await buildUser(database, { name: 'Plan Alice' })).id;
    for (let i = 0; i < 3; i++) {
      await buildOrderItem(database, { currentState: 'unassigned' });
      await buildOrderItem(database, { currentState: 'gro_order_required', userId: alice });
    }
  });
  afterAll(async () => {
    await single.close();
    await database.close();
  });

  const prepared = async (name: string) => {
    const { rows } = await single.db.execute<{
      generic_plans: number;
      custom_plans: number;
      parameter_types: string;
    }>(sql`select generic_plans::int, custom_plans::int, parameter_types::text
      from pg_prepared_statements where name = ${name}`);
    return rows[0];
  };

  it('the dashboard’s first page takes no parameters and is planned once', async () => {
    for (let i = 0; i < 8; i++) {
      const page = await pageOrderItemRows(single.db, { kind: 'unassigned' }, { page: 1, per_page: 100 });
      expect(page.total).toBe(3);
      expect(JSON.parse(page.rowsJson)).toHaveLength(3);
    }
    const statement = await prepared('list_unassigned_created_asc_first');
    expect(statement.parameter_types).toBe('{}');
    expect(statement.custom_plans).toBe(0);
    expect(statement.generic_plans).toBe(8);
  });

  it('a queue’s first page takes only its orderer; other pages pass their paging', async () => {
    const queue = { kind: 'open_assigned', userId: alice } as const;
    const first = await pageOrderItemRows(single.db, queue, { page: 1, per_page: 100 });
    expect(JSON.parse(first.rowsJson)).toHaveLength(3);
    expect((await prepared('list_open_assigned_created_asc_first')).parameter_types).toBe(
      '{integer,integer}',
    );
    const second = await pageOrderItemRows(single.db, queue, { page: 2, per_page: 2 });
    expect(second.total).toBe(3);
    expect(JSON.parse(second.rowsJson)).toHaveLength(1);
    expect((await prepared('list_open_assigned_created_asc')).parameter_types).toBe(
      '{integer,integer,bigint,bigint}',
    );
  });
});
