/**
 * Statements built per request run as named prepared statements (executeNamed, runNamed): the same text is
 * prepared once per connection under one name, whatever the parameters; a different text gets another name.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';
import { executeNamed, runNamed, statementName } from './prepared';
import { users } from './schema';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('named statements', () => {
  it('answers rows as db.execute does, each call with its own parameters', async () => {
    const twice = (n: number) => executeNamed<{ n: number }>(database.db, sql`select ${n}::int * 2 as n`);
    expect(await twice(2)).toEqual([{ n: 4 }]);
    expect(await twice(21)).toEqual([{ n: 42 }]);
  });

  it('runs a query builder with its rows mapped as the builder maps them', async () => {
    const rows = await runNamed(
      database.db.select({ id: users.id, active: users.active }).from(users).where(eq(users.id, -1)),
    );
    expect(rows).toEqual([]);
  });

  it('names a statement by its text alone', () => {
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
    // PostgreSQL truncates identifiers past 63 bytes: two names must never collide that way.
    expect(statementName('select 1').length).toBeLessThanOrEqual(63);
  });

  it.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
    'on PostgreSQL, prepares the text once per connection whatever the parameters',
    async () => {
      const prepared = await database.db.transaction(async (tx) => {
        // One transaction: one connection, whose prepared statements are listed.
        for (const n of [1, 2, 3]) await executeNamed(tx, sql`select ${n}::int + 0 as prepared_once`);
        return executeNamed<{ name: string; n: number }>(
          tx,
          sql`select name, count(*)::int as n from pg_prepared_statements
            where statement like '%prepared_once%' and statement not like '%pg_prepared_statements%'
            group by name`,
        );
      });
      expect(prepared).toEqual([{ name: statementName('select $1::int + 0 as prepared_once'), n: 1 }]);
    },
  );
});
