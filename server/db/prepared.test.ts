/**
 * Statements built per request run as named prepared statements (executeNamed, runNamed): the same text is
 * prepared once per connection under one name, whatever the parameters; a different text gets another name.
 * A mapped statement (preparedMapped) is built once for every handle and runs on the handle it is given.
 */
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';
import { executeNamed, preparedMapped, runNamed, statementName } from './prepared';
import { users } from './schema';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('named statements', () => {
  it('answers rows as db.execute does, each call with its own parameters', async () => {
    const twice = (n: number) =>
      executeNamed(database.db, sql`select ${n}::int * 2 as n`, z.object({ n: z.number() }));
    expect(await twice(2)).toEqual([{ n: 4 }]);
    expect(await twice(21)).toEqual([{ n: 42 }]);
  });

  it('holds the rows to their schema outside production: a column of another type is an error', async () => {
    await expect(
      executeNamed(database.db, sql`select 'forty-two' as n`, z.object({ n: z.number() })),
    ).rejects.toThrow(/does not match its schema/);
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
        for (const n of [1, 2, 3])
          await executeNamed(tx, sql`select ${n}::int + 0 as prepared_once`, z.unknown());
        return executeNamed(
          tx,
          sql`select name, count(*)::int as n from pg_prepared_statements
            where statement like '%prepared_once%' and statement not like '%pg_prepared_statements%'
            group by name`,
          z.object({ name: z.string(), n: z.number() }),
        );
      });
      expect(prepared).toEqual([{ name: statementName('select $1::int + 0 as prepared_once'), n: 1 }]);
    },
  );
});

describe('mapped statements', () => {
  it('builds the SQL once for every handle, runs on the handle given (a transaction sees its own writes)', async () => {
    let builds = 0;
    const named = preparedMapped(
      'prepared_test_user_email',
      (db) => {
        builds += 1;
        return db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.email, sql.placeholder('email')));
      },
      (rows) => rows.map(([email]) => ({ email: String(email).toUpperCase() })),
    );
    const email = 'mapped-statement@example.test';
    expect(await named(database.db).execute({ email })).toEqual([]);
    for (const round of [1, 2]) {
      let seen: unknown[] = [];
      const rolledBack = database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email, name: `Mapped ${round}`, role: 'orderer', passwordHash: 'x' });
        seen = await named(tx).execute({ email });
        tx.rollback();
      });
      await expect(rolledBack).rejects.toBeInstanceOf(TransactionRollbackError);
      expect(seen).toEqual([{ email: email.toUpperCase() }]);
    }
    expect(await named(database.db).execute({ email })).toEqual([]);
    expect(builds).toBe(1);
  });
});
